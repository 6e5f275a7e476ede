package io.sluice.postgres.internal;

import static io.sluice.postgres.internal.protocol.BackendMessage.*;

import io.sluice.AuthenticationException;
import io.sluice.ConfigurationException;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.ProtocolException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.SslMode;
import io.sluice.postgres.internal.protocol.BackendDecoder;
import io.sluice.postgres.internal.protocol.BackendMessage;
import io.sluice.postgres.internal.protocol.FrontendEncoder;
import io.sluice.postgres.internal.protocol.MessageReader;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import io.sluice.postgres.internal.transport.ChannelSocket;
import io.sluice.postgres.internal.transport.SelectingChannelStreams;
import io.sluice.spi.ConnectDeadline;
import io.sluice.spi.TlsSockets;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.net.ssl.SSLSocket;

/**
 * Opens a session: TCP connect, optional SSLRequest and TLS, StartupMessage, authentication
 * (trust, cleartext, MD5, SCRAM-SHA-256), then ParameterStatus and BackendKeyData up to the first
 * ReadyForQuery. The whole exchange is bounded by the configured connect timeout. This class chooses
 * the transport (TCP, TLS, Unix-domain socket) and sequences the messages; {@link StartupAuthenticator}
 * answers the authentication requests and {@link StartupSettings} parses the driver settings it reads.
 *
 * <pre>
 *  client                                 server
 *  SSLRequest                 ------->
 *                             <-------    'S' (then TLS handshake) or 'N'
 *  StartupMessage             ------->
 *                             <-------    AuthenticationXxx (challenge)
 *  PasswordMessage / SASL...  ------->
 *                             <-------    AuthenticationOk
 *                             <-------    ParameterStatus*, BackendKeyData
 *                             <-------    ReadyForQuery
 * </pre>
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-flow.html#PROTOCOL-FLOW-START-UP">Start-up</a>
 */
public final class StartupHandshake {
    /** What a finished handshake leaves behind: the open socket and the session's facts. */
    public record Session(
            Socket socket,
            InputStream in,
            OutputStream out,
            MessageReader reader,
            int processId,
            int secretKey,
            Map<String, String> parameters,
            byte transactionStatus,
            boolean tls,
            AutoCloseable io,
            SelectingChannelStreams channel) {
        /** For the log: the TLS protocol and cipher suite, "on" where no SSLSocket shows them, or "off". */
        String tlsDescription() {
            return socket instanceof javax.net.ssl.SSLSocket ssl
                    ? ssl.getSession().getProtocol() + " " + ssl.getSession().getCipherSuite()
                    : tls ? "on" : "off";
        }
    }

    private ConnectDeadline deadline;

    private final ConnectionConfig config;
    private final String host;
    private final int port;
    /** spin_micros: how long a lone waiting reader spins before it sleeps (see SelectingChannelStreams). */
    private final int spinMicros;

    private final StartupAuthenticator authenticator;

    /** @throws ConfigurationException for a {@code spin_micros} that is not an integer from 0 to 100000 */
    public StartupHandshake(ConnectionConfig config) {
        this.config = config;
        this.host = config.host();
        this.port = config.port() == 0 ? 5432 : config.port();
        this.spinMicros = StartupSettings.spinMicros(config);
        this.authenticator = new StartupAuthenticator(config, host, port);
    }

    /**
     * Connects and authenticates.
     *
     * @throws AuthenticationException for refused credentials or an unsupported method
     * @throws ConnectionException     for anything else that prevents the session
     */
    public Session open() {
        deadline = ConnectDeadline.start(config.connectTimeout()); // a zero connect_timeout means no limit, as in libpq
        Session session;
        try {
            session = openBounded();
        } catch (ConnectionException e) {
            deadline.abandon();
            if (deadline.expired()) {
                throw timedOut(host + ":" + port, e);
            }
            throw e;
        } catch (SluiceException e) {
            deadline.abandon();
            throw e;
        } catch (RuntimeException e) { // a failure of the JDK's TLS or crypto: never leaks as such
            deadline.abandon();
            throw new ConnectionException("connect failed: host=" + host + ", port=" + port + ", cause=" + e, e);
        }
        if (!deadline.finish()) { // the timer closed the socket just as the set-up ended
            deadline.abandon();
            throw timedOut(host + ":" + port, null);
        }
        return session;
    }

    /**
     * How the session authenticated, for the connection log: {@code none} (the server asked for nothing:
     * trust, peer or a client certificate), {@code password} (cleartext), {@code md5}, {@code SCRAM-SHA-256} or
     * {@code SCRAM-SHA-256-PLUS} (bound to the TLS channel). Never a credential.
     */
    public String authMethod() {
        return authenticator.authMethod();
    }

    private ConnectionException timedOut(String where, Exception cause) {
        return new ConnectionException(
                "connect timed out: server=" + where + ", timeout=" + config.connectTimeout()
                        + " (setting connect_timeout)",
                cause);
    }

    private Session openBounded() {
        if (isUnixSocket(host)) {
            return attemptUnix();
        }
        SslMode mode = config.sslMode();
        if (mode == SslMode.ALLOW) {
            try {
                return attempt(false);
            } catch (ConnectionException plainRefused) {
                if (!(plainRefused.getCause() instanceof ServerException)) {
                    throw plainRefused;
                }
                return attempt(true); // the server may insist on TLS for this user (hostssl)
            }
        }
        return attempt(mode != SslMode.DISABLE);
    }

    private Session attempt(boolean tryTls) {
        SocketChannel channel;
        try {
            channel = SocketChannel.open();
        } catch (IOException e) {
            throw new ConnectionException("cannot open a socket: host=" + host + ", port=" + port + ", cause=" + e, e);
        }
        Socket socket = channel.socket();
        long deadline = this.deadline.nanos();
        this.deadline.watch(channel);
        try {
            socket.setTcpNoDelay(true);
            socket.setKeepAlive(true);
            socket.connect(new InetSocketAddress(host, port), remainingMillis(deadline));
            socket.setSoTimeout(remainingMillis(deadline));
            Socket active = socket;
            SelectingChannelStreams tlsStreams = null;
            boolean tls = false;
            PgWriteBuffer out = new PgWriteBuffer(256);
            if (tryTls) {
                FrontendEncoder.sslRequest(out);
                flush(out, socket.getOutputStream());
                int answer = socket.getInputStream().read();
                if (answer == SSL_ACCEPTED) {
                    // TLS over a selecting channel, so that interrupts can cancel queries here too.
                    SelectingChannelStreams io = new SelectingChannelStreams(channel, spinMicros);
                    this.deadline.watch(io);
                    tlsStreams = io;
                    io.readTimeout(remainingMillis(deadline));
                    active = TlsSockets.wrap(new ChannelSocket(io), host, port, config);
                    active.setSoTimeout(remainingMillis(deadline));
                    tls = true;
                } else if (answer != SSL_REFUSED) {
                    throw new ProtocolException("unexpected answer to SSLRequest: answer=" + answer);
                } else if (config.sslMode().compareTo(SslMode.REQUIRE) >= 0) {
                    throw new ConnectionException("server refused TLS: host=" + host + ", port=" + port + ", sslmode="
                            + config.sslMode().urlName() + " (set sslmode=prefer to allow plain text)");
                }
            }
            InputStream in = active.getInputStream();
            OutputStream os = active.getOutputStream();
            MessageReader reader = new MessageReader(in, StartupSettings.maxMessageLength(config));
            Session session = login(reader, in, os, out, active, tls ? (SSLSocket) active : null);
            active.setSoTimeout(0);
            if (tls) {
                return onStreams(session, session.socket(), in, os, reader, true, active, tlsStreams);
            }
            if (reader.buffered() != 0) {
                throw new ProtocolException(
                        "unexpected bytes after ReadyForQuery at start-up: buffered=" + reader.buffered());
            }
            // Plain text: switch to non-blocking I/O so that an interrupt can cancel a query (see
            // SelectingChannelStreams).
            SelectingChannelStreams io = new SelectingChannelStreams(channel, spinMicros);
            return onStreams(
                    session,
                    socket,
                    io.input(),
                    io.output(),
                    new MessageReader(io.input(), StartupSettings.maxMessageLength(config)),
                    false,
                    io,
                    io);
        } catch (SocketTimeoutException e) {
            closeQuietly(socket);
            throw new ConnectionException(
                    "connect timed out: host=" + host + ", port=" + port + ", timeout=" + config.connectTimeout()
                            + " (setting connect_timeout)",
                    e);
        } catch (IOException e) {
            closeQuietly(socket);
            throw new ConnectionException("connect failed: host=" + host + ", port=" + port + ", cause=" + e, e);
        } catch (RuntimeException e) {
            closeQuietly(socket);
            throw e;
        }
    }

    /** StartupMessage, authentication, then everything up to the first ReadyForQuery. */
    private Session login(
            MessageReader reader, InputStream in, OutputStream os, PgWriteBuffer out, Socket socket, SSLSocket tls)
            throws IOException {
        Map<String, String> startup = new LinkedHashMap<>();
        startup.put("user", config.user());
        startup.put("database", config.database());
        startup.put("application_name", config.applicationName());
        startup.put("client_encoding", "UTF8");
        startup.put(
                "DateStyle", "ISO"); // with client_encoding, a parameter PgBouncer forwards (not extra_float_digits)
        String options = config.properties().get("options"); // libpq: command-line options for the backend
        if (options != null && !options.isBlank()) {
            startup.put("options", options);
        }
        FrontendEncoder.startup(out, startup);
        flush(out, os);
        authenticator.authenticate(reader, out, os, tls, deadline);
        return awaitReady(reader, socket, in, os, tls != null);
    }

    /** True for libpq's Unix-domain socket form of host: an absolute directory path. */
    public static boolean isUnixSocket(String host) {
        return host.startsWith("/");
    }

    /** The socket file of a Unix-domain socket directory, as the server names it. */
    public static Path unixSocketPath(String directory, int port) {
        return Path.of(directory, ".s.PGSQL." + port);
    }

    /**
     * Connects over a Unix-domain socket ({@code host} is its directory, as in libpq). TLS is never
     * used there (sslmode does not apply, as in libpq); the selecting streams serve from the start.
     */
    private Session attemptUnix() {
        Path path = unixSocketPath(host, port);
        long deadline = this.deadline.nanos();
        SocketChannel channel = null;
        try {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            this.deadline.watch(channel);
            channel.connect(UnixDomainSocketAddress.of(path));
            SelectingChannelStreams io = new SelectingChannelStreams(channel, spinMicros);
            this.deadline.watch(io);
            io.readTimeout(remainingMillis(deadline));
            MessageReader reader = new MessageReader(io.input(), StartupSettings.maxMessageLength(config));
            Session session = login(reader, io.input(), io.output(), new PgWriteBuffer(256), null, null);
            io.readTimeout(0);
            return onStreams(session, null, io.input(), io.output(), reader, false, io, io);
        } catch (SocketTimeoutException e) {
            closeQuietly(channel);
            throw new ConnectionException(
                    "connect timed out: socket=" + path + ", timeout=" + config.connectTimeout()
                            + " (setting connect_timeout)",
                    e);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new ConnectionException("connect failed: socket=" + path + ", cause=" + e, e);
        } catch (RuntimeException e) {
            closeQuietly(channel);
            throw e;
        }
    }

    private Session awaitReady(MessageReader reader, Socket socket, InputStream in, OutputStream os, boolean tls)
            throws IOException {
        Map<String, String> parameters = new LinkedHashMap<>();
        int processId = 0;
        int secretKey = 0;
        boolean keyData = false;
        while (true) {
            byte type = reader.next();
            byte[] b = reader.buffer();
            int off = reader.bodyOffset();
            int len = reader.bodyLength();
            switch (type) {
                case PARAMETER_STATUS -> {
                    String[] nv = BackendDecoder.parameterStatus(b, off, len);
                    parameters.put(nv[0], nv[1]);
                }
                case BACKEND_KEY_DATA -> {
                    if (keyData) {
                        throw new ProtocolException("second BackendKeyData during start-up");
                    }
                    keyData = true;
                    int[] key = BackendDecoder.backendKeyData(b, off, len);
                    processId = key[0];
                    secretKey = key[1];
                }
                case NOTICE_RESPONSE ->
                    config.eventListener().onNotice(BackendDecoder.serverMessage(type, b, off, len));
                case ERROR_RESPONSE ->
                    throw authenticator.startupError(BackendDecoder.serverMessage(type, b, off, len));
                case READY_FOR_QUERY -> {
                    byte status = BackendDecoder.readyForQuery(b, off, len);
                    return new Session(
                            socket, in, os, reader, processId, secretKey, parameters, status, tls, socket, null);
                }
                default ->
                    throw new ProtocolException(
                            "unexpected message during start-up: type=" + BackendMessage.describe(type));
            }
        }
    }

    /** The session {@code login} opened, carried on by the streams the connection reads and writes from now on. */
    private static Session onStreams(
            Session session,
            Socket socket,
            InputStream in,
            OutputStream os,
            MessageReader reader,
            boolean tls,
            AutoCloseable io,
            SelectingChannelStreams channel) {
        return new Session(
                socket,
                in,
                os,
                reader,
                session.processId(),
                session.secretKey(),
                session.parameters(),
                session.transactionStatus(),
                tls,
                io,
                channel);
    }

    static void flush(PgWriteBuffer out, OutputStream os) throws IOException {
        os.write(out.array(), 0, out.position());
        os.flush();
        out.clear();
    }

    private static int remainingMillis(long deadline) throws SocketTimeoutException {
        if (deadline == 0) {
            return 0;
        }
        long ms = (deadline - System.nanoTime()) / 1_000_000;
        if (ms <= 0) {
            throw new SocketTimeoutException("connect timeout elapsed");
        }
        return (int) Math.min(ms, Integer.MAX_VALUE);
    }

    private static void closeQuietly(Closeable s) {
        if (s == null) {
            return;
        }
        try {
            s.close();
        } catch (IOException ignored) {
            // already failing; the original error is what matters
        }
    }
}
