package io.sluice.postgres;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A byte relay on another loopback address (for example 127.0.0.2) to the real server on
 * 127.0.0.1:5432: the shared server listens on 127.0.0.1 only, and a host name the server
 * certificate does not list is what the verify-full test needs. Every byte comes from PostgreSQL.
 */
final class TcpRelay implements AutoCloseable {
    private final ServerSocket listener;

    TcpRelay(String bindAddress, int targetPort) throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getByName(bindAddress));
        Thread.startVirtualThread(() -> {
            while (!listener.isClosed()) {
                try {
                    Socket client = listener.accept();
                    Socket server = new Socket("127.0.0.1", targetPort);
                    Thread.startVirtualThread(() -> pump(client, server));
                    Thread.startVirtualThread(() -> pump(server, client));
                } catch (IOException e) {
                    return;
                }
            }
        });
    }

    int port() {
        return listener.getLocalPort();
    }

    private static void pump(Socket from, Socket to) {
        try (InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException ignored) {
            // one side closed
        } finally {
            try {
                from.close();
                to.close();
            } catch (IOException ignored) {
                // both closing
            }
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}
