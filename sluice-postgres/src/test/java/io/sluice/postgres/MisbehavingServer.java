package io.sluice.postgres;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.HexFormat;

/**
 * A tiny protocol peer on 127.0.0.1 for malformed-input tests: it declines TLS, completes a trust start-up
 * (AuthenticationOk, BackendKeyData, ReadyForQuery), then answers the client's first request (up to
 * its Sync or Query) with scripted bytes, and closes the socket when {@code closeAfter} is set.
 * It stands in for a broken server, not for PostgreSQL's behaviour.
 */
final class MisbehavingServer implements AutoCloseable {
    static final String AUTH_OK = "52" + "00000008" + "00000000";
    static final String KEY_DATA = "4b" + "0000000c" + "00000001" + "00000002";
    static final String READY_IDLE = "5a" + "00000005" + "49";
    private static final int SSL_REQUEST_CODE = 80877103;

    private final ServerSocket listener;

    MisbehavingServer(String responseHex, boolean closeAfter) throws IOException {
        listener = new ServerSocket(0, 5, InetAddress.getByName("127.0.0.1"));
        byte[] response = HexFormat.of().parseHex(responseHex);
        Thread.startVirtualThread(() -> {
            try (Socket s = listener.accept()) {
                DataInputStream in = new DataInputStream(s.getInputStream());
                OutputStream out = s.getOutputStream();
                int startupLength = in.readInt();
                int code = in.readInt();
                if (startupLength == 8 && code == SSL_REQUEST_CODE) {
                    out.write('N'); // no TLS here: the client continues in plain text or gives up
                    out.flush();
                    startupLength = in.readInt();
                    code = in.readInt();
                }
                in.skipNBytes(startupLength - 8); // the StartupMessage's parameters
                out.write(HexFormat.of().parseHex(AUTH_OK + KEY_DATA + READY_IDLE));
                out.flush();
                while (true) { // the first request, up to its Sync or Query
                    int type = in.readUnsignedByte();
                    int length = in.readInt();
                    in.skipNBytes(length - 4);
                    if (type == 'S' || type == 'Q') {
                        break;
                    }
                }
                out.write(response);
                out.flush();
                if (!closeAfter) {
                    while (in.read() >= 0) {
                        // keep the socket open until the client gives up on it
                    }
                }
            } catch (IOException ignored) {
                // the client closed: the test is over
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
}
