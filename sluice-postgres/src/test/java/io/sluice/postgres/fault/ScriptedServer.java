package io.sluice.postgres.fault;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fake PostgreSQL peer on 127.0.0.1 that plays a {@link Script} (bytes a fuzzer may have damaged) to each
 * connection: it declines TLS, sends the start-up chunks (the second and later ones after the client's next
 * message, such as a password), then one response chunk per client request (up to its Sync, Flush or Query).
 * A client that sends nothing for {@value #STEP_MILLIS} ms gets the next chunk anyway, so a damaged stream
 * never stalls both sides. After the last chunk the socket is closed, or held open and silent when the script
 * says so (the client must then give up by its own limits). CancelRequests are counted and closed.
 */
final class ScriptedServer implements AutoCloseable {
    static final int STEP_MILLIS = 30;
    private static final int SSL_REQUEST = 80877103;
    private static final int CANCEL_REQUEST = 80877102;

    /** What to send: start-up chunks, one response chunk per request, then close or stay silent. */
    record Script(List<byte[]> startup, List<byte[]> responses, boolean silentAfter) {}

    private final ServerSocket listener;
    private volatile Script script;
    final AtomicInteger cancels = new AtomicInteger();

    ScriptedServer() throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
        Thread.ofVirtual().start(this::acceptLoop);
    }

    int port() {
        return listener.getLocalPort();
    }

    /** The script for connections accepted from now on. */
    void play(Script s) {
        script = s;
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket s = listener.accept();
                Script current = script;
                Thread.ofVirtual().start(() -> serve(s, current));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket socket, Script s) {
        try (socket) {
            socket.setSoTimeout(STEP_MILLIS);
            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            OutputStream out = socket.getOutputStream();
            socket.setSoTimeout(5_000);
            int length = in.readInt();
            int code = in.readInt();
            if (code == CANCEL_REQUEST) {
                cancels.incrementAndGet();
                return;
            }
            if (code == SSL_REQUEST) {
                out.write('N');
                out.flush();
                length = in.readInt();
                in.readInt();
            }
            in.skipNBytes(length - 8);
            socket.setSoTimeout(STEP_MILLIS);
            for (int i = 0; i < s.startup().size(); i++) {
                if (i > 0 && !awaitMessage(in, false)) {
                    return;
                }
                out.write(s.startup().get(i));
                out.flush();
            }
            for (byte[] chunk : s.responses()) {
                if (!awaitMessage(in, true)) {
                    return;
                }
                out.write(chunk);
                out.flush();
            }
            if (s.silentAfter()) {
                socket.setSoTimeout(0);
                while (in.read() >= 0) {
                    // silent until the client gives up
                }
            }
        } catch (IOException ignored) {
            // the client closed, or the listener: the case is over
        }
    }

    /**
     * Reads client messages up to the end of a request (Sync, Flush, Query) or one message when
     * {@code request} is false; false when the client has gone (closed or Terminate).
     */
    private static boolean awaitMessage(DataInputStream in, boolean request) throws IOException {
        while (true) {
            int type;
            try {
                type = in.read();
            } catch (SocketTimeoutException e) {
                return true; // the client waits for bytes: send the next chunk anyway
            }
            if (type < 0 || type == 'X') {
                return false;
            }
            int length = in.readInt();
            if (length < 4 || length > (1 << 24)) {
                return false;
            }
            in.skipNBytes(length - 4);
            if (!request || type == 'S' || type == 'H' || type == 'Q') {
                return true;
            }
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}
