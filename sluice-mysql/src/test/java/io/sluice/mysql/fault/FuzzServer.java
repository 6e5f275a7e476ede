package io.sluice.mysql.fault;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A loopback server that plays one scripted MySQL session per {@link #serve} call: the first turn on accept, each
 * later turn after one packet from the client. Once the (possibly mutated) turn {@code mutated} has gone out, a
 * client that says nothing within a short wait, or anything after the last turn, gets the end of the stream (FIN):
 * a client that waits for bytes the script does not have sees the connection end instead of hanging the suite.
 */
final class FuzzServer implements AutoCloseable {
    private static final int CLIENT_TURN_MILLIS = 5_000;
    private static final int AFTER_MUTATION_MILLIS = 150;

    private final ServerSocket listener;

    FuzzServer() throws IOException {
        listener = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
    }

    int port() {
        return listener.getLocalPort();
    }

    /** Serves the next connection with {@code turns} on a virtual thread; completes when the client has gone. */
    CompletableFuture<Void> serve(List<byte[]> turns, int mutated) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try (Socket s = listener.accept()) {
                s.setTcpNoDelay(true);
                play(s, turns, mutated);
                done.complete(null);
            } catch (Throwable t) {
                done.complete(null); // the client's behaviour is judged by the test, not here
            }
        });
        return done;
    }

    private static void play(Socket s, List<byte[]> turns, int mutated) throws IOException {
        OutputStream out = s.getOutputStream();
        DataInputStream in = new DataInputStream(s.getInputStream());
        out.write(turns.get(0));
        out.flush();
        for (int i = 1; i < turns.size(); i++) {
            s.setSoTimeout(i <= mutated ? CLIENT_TURN_MILLIS : AFTER_MUTATION_MILLIS);
            if (!receivePacket(in)) {
                break;
            }
            out.write(turns.get(i));
            out.flush();
        }
        s.shutdownOutput();
        s.setSoTimeout(CLIENT_TURN_MILLIS);
        try {
            InputStream raw = s.getInputStream();
            byte[] sink = new byte[4096];
            while (raw.read(sink) >= 0) {
                // discard until the client closes
            }
        } catch (IOException ignored) {
            // client gone or silent
        }
    }

    /** Reads one client packet; false when the client went quiet or away. */
    private static boolean receivePacket(DataInputStream in) throws IOException {
        byte[] h = new byte[4];
        try {
            in.readFully(h);
            int n = (h[0] & 0xff) | (h[1] & 0xff) << 8 | (h[2] & 0xff) << 16;
            in.skipNBytes(n);
            return true;
        } catch (SocketTimeoutException | java.io.EOFException e) {
            return false;
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}
