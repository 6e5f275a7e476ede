package io.sluice.postgres.internal.protocol;

import io.sluice.postgres.internal.codec.PgWriteBuffer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Sends a CancelRequest on a fresh connection: the server checks the process id and secret key from
 * BackendKeyData, signals that backend, and closes the socket without answering. Whether the query
 * was really cancelled shows only in the original connection's response (SQLSTATE 57014).
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-flow.html#PROTOCOL-FLOW-CANCELING-REQUESTS">Canceling Requests in Progress</a>
 */
public final class CancelRequestSender {
    private CancelRequestSender() {}

    /** Best effort: never throws; an unreachable server just means the query runs on. */
    public static void send(String host, int port, int processId, int secretKey, Duration connectTimeout) {
        if (StartupHandshake.isUnixSocket(host)) {
            sendUnix(StartupHandshake.unixSocketPath(host, port), processId, secretKey);
            return;
        }
        try (Socket s = new Socket()) {
            s.setTcpNoDelay(true);
            int timeout = (int) Math.min(Integer.MAX_VALUE, connectTimeout.toMillis());
            s.connect(new InetSocketAddress(host, port), timeout);
            s.setSoTimeout(timeout);
            PgWriteBuffer b = new PgWriteBuffer(16);
            FrontendEncoder.cancelRequest(b, processId, secretKey);
            s.getOutputStream().write(b.array(), 0, b.position());
            s.getOutputStream().flush();
            s.getInputStream().read(); // wait for the server to close: the signal has been delivered by then
        } catch (IOException ignored) {
            // nothing to do: the query simply runs to its end
        }
    }

    private static void sendUnix(Path socket, int processId, int secretKey) {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            PgWriteBuffer b = new PgWriteBuffer(16);
            FrontendEncoder.cancelRequest(b, processId, secretKey);
            ByteBuffer request = ByteBuffer.wrap(b.array(), 0, b.position());
            while (request.hasRemaining()) {
                ch.write(request);
            }
            ch.read(ByteBuffer.allocate(1)); // wait for the server to close: the signal has been delivered by then
        } catch (IOException ignored) {
            // nothing to do: the query simply runs to its end
        }
    }
}
