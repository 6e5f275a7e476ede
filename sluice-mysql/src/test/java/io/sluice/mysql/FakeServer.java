package io.sluice.mysql;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * A tiny in-test TCP server on 127.0.0.1 that plays a (possibly misbehaving) MySQL server for one
 * connection, following a script. Only for inputs a real server cannot be made to send.
 */
final class FakeServer implements AutoCloseable {
    @FunctionalInterface
    interface Script {
        void run(Session s) throws Exception;
    }

    private final ServerSocket listener;
    final CompletableFuture<Void> done = new CompletableFuture<>();

    FakeServer(Script script) throws IOException {
        listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> {
            try (Socket s = listener.accept()) {
                script.run(new Session(s));
                done.complete(null);
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
    }

    int port() {
        return listener.getLocalPort();
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }

    /** One client connection with packet helpers. */
    static final class Session {
        final Socket socket;
        final DataInputStream in;
        final OutputStream out;

        Session(Socket socket) throws IOException {
            this.socket = socket;
            this.in = new DataInputStream(socket.getInputStream());
            this.out = socket.getOutputStream();
        }

        void send(int seq, byte[] payload) throws IOException {
            out.write(header(payload.length, seq));
            out.write(payload);
            out.flush();
        }

        void sendRaw(byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
        }

        static byte[] header(int length, int seq) {
            return new byte[] {(byte) length, (byte) (length >>> 8), (byte) (length >>> 16), (byte) seq};
        }

        /** Reads one packet's payload. */
        byte[] receive() throws IOException {
            byte[] h = new byte[4];
            in.readFully(h);
            int n = (h[0] & 0xff) | (h[1] & 0xff) << 8 | (h[2] & 0xff) << 16;
            byte[] p = new byte[n];
            in.readFully(p);
            return p;
        }

        /** A v10 handshake from a MySQL 8-like server offering {@code plugin}. */
        void sendHandshake(String plugin, byte[] nonce) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            b.write(10);
            b.writeBytes("8.0.36-fake\0".getBytes(StandardCharsets.US_ASCII));
            b.writeBytes(new byte[] {7, 0, 0, 0});
            b.write(nonce, 0, 8);
            b.write(0);
            long caps = 0x1L
                    | 0x4L
                    | 0x8L
                    | 0x200L
                    | 0x2000L
                    | 0x8000L
                    | 0x10000L
                    | 0x20000L
                    | 0x40000L
                    | 0x80000L
                    | 0x100000L
                    | 0x200000L
                    | 0x1000000L;
            b.write((int) caps & 0xff);
            b.write((int) (caps >>> 8) & 0xff);
            b.write(45);
            b.writeBytes(new byte[] {2, 0});
            b.write((int) (caps >>> 16) & 0xff);
            b.write((int) (caps >>> 24) & 0xff);
            b.write(21);
            b.writeBytes(new byte[10]);
            b.write(nonce, 8, 12);
            b.write(0);
            b.writeBytes((plugin + "\0").getBytes(StandardCharsets.US_ASCII));
            send(0, b.toByteArray());
        }

        static byte[] ok() {
            return new byte[] {0, 0, 0, 2, 0, 0, 0};
        }

        static byte[] bytes(int... v) {
            byte[] b = new byte[v.length];
            for (int i = 0; i < v.length; i++) {
                b[i] = (byte) v[i];
            }
            return b;
        }

        /** Reads until the client closes, so that a test can watch it give up. */
        void drainUntilClosed() {
            try {
                InputStream i = socket.getInputStream();
                while (i.read() >= 0) {
                    // discard
                }
            } catch (IOException ignored) {
                // client went away
            }
        }
    }
}
