package io.sluice.postgres.internal.transport;

import io.sluice.postgres.internal.StartupHandshake;
import io.sluice.postgres.internal.protocol.FrontendEncoder;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
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
            deliver(s.getOutputStream(), s.getInputStream(), processId, secretKey);
        } catch (IOException ignored) {
            // nothing to do: the query simply runs to its end
        }
    }

    private static void sendUnix(Path socket, int processId, int secretKey) {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            deliver(Channels.newOutputStream(ch), Channels.newInputStream(ch), processId, secretKey);
        } catch (IOException ignored) {
            // nothing to do: the query simply runs to its end
        }
    }

    /** Writes the CancelRequest and waits for the server to close: the signal has been delivered by then. */
    private static void deliver(OutputStream out, InputStream in, int processId, int secretKey) throws IOException {
        PgWriteBuffer b = new PgWriteBuffer(16);
        FrontendEncoder.cancelRequest(b, processId, secretKey);
        out.write(b.array(), 0, b.position());
        out.flush();
        in.read();
    }
}
