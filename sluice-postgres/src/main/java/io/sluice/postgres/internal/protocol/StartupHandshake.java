package io.sluice.postgres.internal.protocol;

import static io.sluice.postgres.internal.protocol.BackendMessage.*;

import io.sluice.AuthenticationException;
import io.sluice.ConfigurationException;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.ProtocolException;
import io.sluice.ServerException;
import io.sluice.ServerMessage;
import io.sluice.SluiceException;
import io.sluice.SslMode;
import io.sluice.postgres.internal.codec.PgWriteBuffer;
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
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLSocket;

/**
 * Opens a session: TCP connect, optional SSLRequest and TLS, StartupMessage, authentication
 * (trust, cleartext, MD5, SCRAM-SHA-256), then ParameterStatus and BackendKeyData up to the first
 * ReadyForQuery. The whole exchange is bounded by the configured connect timeout.
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
            SelectingChannelStreams channel) {}

    private ConnectDeadline deadline;

    private final ConnectionConfig config;
    private final String host;
    private final int port;
    /** Where the password came from when the password file supplied it (named in an authentication failure). */
    private Path passwordFile;
    /** spin_micros: how long a lone waiting reader spins before it sleeps (see SelectingChannelStreams). */
    private final int spinMicros;
    /** The authentication method the server asked for (see {@link #authMethod()}). */
    private String authMethod = "none";

    /** @throws ConfigurationException for a {@code spin_micros} that is not an integer from 0 to 100000 */
    public StartupHandshake(ConnectionConfig config) {
        this.config = config;
        this.host = config.host();
        this.port = config.port() == 0 ? 5432 : config.port();
        this.spinMicros = spinMicros(config);
    }

    /**
     * Connects and authenticates.
     *
     * @throws AuthenticationException for refused credentials or an unsupported method
     * @throws ConnectionException     for anything else that prevents the session
     */
    public Session open() {
        deadline = new ConnectDeadline(config.connectTimeout()); // a zero connect_timeout means no limit, as in libpq
        try {
            return openBounded();
        } catch (ConnectionException e) {
            deadline.closeAll();
            if (deadline.fired) {
                throw timedOut(host + ":" + port, e);
            }
            throw e;
        } catch (SluiceException e) {
            deadline.closeAll();
            throw e;
        } catch (RuntimeException e) { // a failure of the JDK's TLS or crypto: never leaks as such
            deadline.closeAll();
            throw new ConnectionException("connect failed: host=" + host + ", port=" + port + ", cause=" + e, e);
        } finally {
            deadline.cancel();
        }
    }

    /**
     * How the session authenticated, for the connection log: {@code none} (the server asked for nothing:
     * trust, peer or a client certificate), {@code password} (cleartext), {@code md5}, {@code SCRAM-SHA-256} or
     * {@code SCRAM-SHA-256-PLUS} (bound to the TLS channel). Never a credential.
     */
    public String authMethod() {
        return authMethod;
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
        long deadline = this.deadline.nanos;
        this.deadline.guard(channel);
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
                    this.deadline.guard(io);
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
            MessageReader reader = new MessageReader(in, maxMessageLength(config));
            Session session = login(reader, in, os, out, active, tls ? (SSLSocket) active : null);
            active.setSoTimeout(0);
            if (tls) {
                return new Session(
                        session.socket(),
                        in,
                        os,
                        reader,
                        session.processId(),
                        session.secretKey(),
                        session.parameters(),
                        session.transactionStatus(),
                        true,
                        active,
                        tlsStreams);
            }
            if (reader.buffered() != 0) {
                throw new ProtocolException(
                        "unexpected bytes after ReadyForQuery at start-up: buffered=" + reader.buffered());
            }
            // Plain text: switch to non-blocking I/O so that an interrupt can cancel a query (see
            // SelectingChannelStreams).
            SelectingChannelStreams io = new SelectingChannelStreams(channel, spinMicros);
            return new Session(
                    socket,
                    io.input(),
                    io.output(),
                    new MessageReader(io.input(), maxMessageLength(config)),
                    session.processId(),
                    session.secretKey(),
                    session.parameters(),
                    session.transactionStatus(),
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
        authenticate(reader, out, os, tls);
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
        long deadline = this.deadline.nanos;
        SocketChannel channel = null;
        try {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            this.deadline.guard(channel);
            channel.connect(UnixDomainSocketAddress.of(path));
            SelectingChannelStreams io = new SelectingChannelStreams(channel, spinMicros);
            this.deadline.guard(io);
            io.readTimeout(remainingMillis(deadline));
            MessageReader reader = new MessageReader(io.input(), maxMessageLength(config));
            Session session = login(reader, io.input(), io.output(), new PgWriteBuffer(256), null, null);
            io.readTimeout(0);
            return new Session(
                    null,
                    io.input(),
                    io.output(),
                    reader,
                    session.processId(),
                    session.secretKey(),
                    session.parameters(),
                    session.transactionStatus(),
                    false,
                    io,
                    io);
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

    /**
     * Answers the server's authentication requests. {@code tls} is the TLS socket, or null on a plain
     * connection. channel_binding (libpq's setting): {@code prefer} binds SCRAM to the TLS channel
     * when the server offers SCRAM-SHA-256-PLUS; {@code require} fails unless that happens, before
     * any password is sent; {@code disable} never binds.
     */
    private void authenticate(MessageReader reader, PgWriteBuffer out, OutputStream os, SSLSocket tls)
            throws IOException {
        String binding = channelBinding();
        authMethod = "none";
        boolean bound = false;
        ScramSha256Client scram = null;
        // One method per session: after the client answered a request, only the steps of that method,
        // then AuthenticationOk or ErrorResponse, may follow. In SCRAM, Ok counts only after the
        // server-final message proved that the server knows the password (as libpq insists).
        int step = NOT_ASKED;
        while (true) {
            byte type = reader.next();
            byte[] b = reader.buffer();
            int off = reader.bodyOffset();
            int len = reader.bodyLength();
            if (type == ERROR_RESPONSE) {
                throw startupError(BackendDecoder.serverMessage(type, b, off, len));
            }
            if (type == NEGOTIATE_PROTOCOL_VERSION || type == NOTICE_RESPONSE) {
                continue;
            }
            if (type != AUTHENTICATION) {
                throw new ProtocolException(
                        "unexpected message during authentication: type=" + BackendMessage.describe(type));
            }
            int code = BackendDecoder.authenticationCode(b, off, len);
            if (binding.equals("require")
                    && (code == AUTHENTICATION_CLEARTEXT_PASSWORD || code == AUTHENTICATION_MD5_PASSWORD)) {
                throw new AuthenticationException("channel binding required, but the server asked for a "
                        + (code == AUTHENTICATION_MD5_PASSWORD ? "md5" : "cleartext") + " password (not sent): user="
                        + config.user() + " (channel_binding=require)");
            }
            if (code != AUTHENTICATION_OK
                    && code != AUTHENTICATION_SASL_CONTINUE
                    && code != AUTHENTICATION_SASL_FINAL
                    && step != NOT_ASKED) {
                throw new ProtocolException("second authentication request: code=" + code + ", user=" + config.user());
            }
            switch (code) {
                case AUTHENTICATION_OK -> {
                    BackendDecoder.empty(AUTHENTICATION, len - 4);
                    if (step == SASL_STARTED || step == SASL_ANSWERED) {
                        throw new AuthenticationException("server accepted the login without completing SCRAM "
                                + "(no verified server-final message, so the server never proved it knows the password): "
                                + "host=" + host + ", port=" + port + ", user=" + config.user());
                    }
                    if (binding.equals("require") && !bound) {
                        throw new AuthenticationException("channel binding required, but the server authenticated "
                                + "the client without it: user=" + config.user() + " (channel_binding=require)");
                    }
                    return;
                }
                case AUTHENTICATION_CLEARTEXT_PASSWORD -> {
                    BackendDecoder.empty(AUTHENTICATION, len - 4);
                    authMethod = "password";
                    FrontendEncoder.passwordMessage(out, requirePassword("cleartext"));
                    flush(out, os);
                    step = PASSWORD_SENT;
                }
                case AUTHENTICATION_MD5_PASSWORD -> {
                    byte[] salt = BackendDecoder.authenticationData(b, off, len);
                    if (salt.length != 4) {
                        throw new ProtocolException("malformed AuthenticationMD5Password: saltLength=" + salt.length);
                    }
                    authMethod = "md5";
                    FrontendEncoder.passwordMessage(
                            out, Md5Password.encode(config.user(), requirePassword("md5"), salt));
                    flush(out, os);
                    step = PASSWORD_SENT;
                }
                case AUTHENTICATION_SASL -> {
                    List<String> mechanisms = BackendDecoder.saslMechanisms(b, off, len);
                    boolean plus = tls != null
                            && !binding.equals("disable")
                            && mechanisms.contains(ScramSha256Client.MECHANISM_PLUS);
                    if (binding.equals("require") && !plus) {
                        throw new AuthenticationException("channel binding required, but "
                                + (tls == null
                                        ? "the connection has no TLS"
                                        : "the server does not offer SCRAM-SHA-256-PLUS")
                                + ": offered=" + mechanisms + " (channel_binding=require)");
                    }
                    if (!plus && !mechanisms.contains(ScramSha256Client.MECHANISM)) {
                        throw new AuthenticationException(
                                "no supported SASL mechanism: offered=" + mechanisms + ", supported=["
                                        + ScramSha256Client.MECHANISM + ", " + ScramSha256Client.MECHANISM_PLUS + "]");
                    }
                    String password = requirePassword("scram-sha-256");
                    if (plus) {
                        X509Certificate server =
                                (X509Certificate) tls.getSession().getPeerCertificates()[0];
                        scram = ScramSha256Client.overTls("", password, ScramSha256Client.tlsServerEndPoint(server));
                        bound = true;
                    } else if (tls != null && !binding.equals("disable")) {
                        scram = ScramSha256Client.overTls("", password, null);
                    } else {
                        scram = ScramSha256Client.withRandomNonce("", password);
                    }
                    authMethod = scram.mechanism();
                    FrontendEncoder.saslInitialResponse(
                            out, scram.mechanism(), scram.clientFirstMessage().getBytes(StandardCharsets.UTF_8));
                    flush(out, os);
                    step = SASL_STARTED;
                }
                case AUTHENTICATION_SASL_CONTINUE -> {
                    if (step != SASL_STARTED) {
                        throw new ProtocolException("AuthenticationSASLContinue out of order: step=" + stepName(step));
                    }
                    String serverFirst =
                            new String(BackendDecoder.authenticationData(b, off, len), StandardCharsets.UTF_8);
                    String clientFinal = scram.clientFinalMessage(serverFirst, deadline.nanos);
                    FrontendEncoder.saslResponse(out, clientFinal.getBytes(StandardCharsets.UTF_8));
                    flush(out, os);
                    step = SASL_ANSWERED;
                }
                case AUTHENTICATION_SASL_FINAL -> {
                    if (step != SASL_ANSWERED) {
                        throw new ProtocolException("AuthenticationSASLFinal out of order: step=" + stepName(step));
                    }
                    scram.verifyServerFinal(
                            new String(BackendDecoder.authenticationData(b, off, len), StandardCharsets.UTF_8));
                    step = SASL_VERIFIED;
                }
                default ->
                    throw new AuthenticationException("unsupported authentication method: code=" + code + ", user="
                            + config.user() + ", supported=trust,password,md5,scram-sha-256");
            }
        }
    }

    private static final int NOT_ASKED = 0;
    private static final int PASSWORD_SENT = 1;
    private static final int SASL_STARTED = 2;
    private static final int SASL_ANSWERED = 3;
    private static final int SASL_VERIFIED = 4;

    private static String stepName(int step) {
        return switch (step) {
            case NOT_ASKED -> "no request yet";
            case PASSWORD_SENT -> "password sent";
            case SASL_STARTED -> "SCRAM client-first sent";
            case SASL_ANSWERED -> "SCRAM client-final sent";
            default -> "SCRAM verified";
        };
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
                case ERROR_RESPONSE -> throw startupError(BackendDecoder.serverMessage(type, b, off, len));
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

    private ConnectionException startupError(ServerMessage m) {
        ServerException cause = new ServerException(m);
        String state = m.sqlState();
        if ("28P01".equals(state) || "28000".equals(state)) {
            return new AuthenticationException(
                    "authentication failed: host=" + host + ", port=" + port + ", user="
                            + config.user() + ", sqlstate=" + state + ", message=" + m.message()
                            + (passwordFile != null ? " (password from " + passwordFile + ")" : ""),
                    cause);
        }
        return new ConnectionException(
                "server refused the session: host=" + host + ", port=" + port + ", user=" + config.user()
                        + ", database=" + config.database() + ", sqlstate=" + state + ", message=" + m.message(),
                cause);
    }

    /**
     * spin_micros when the URL has none. A spin only pays when it outlasts the answer, and a local
     * server's answer time varies with the machine's own wake-up latency: 200 us catches the slow
     * answers that a shorter spin misses ({@code pg-point} suite). A spin that finds nothing backs off
     * (see SelectingChannelStreams), so a slower server costs little of it.
     */
    static final int DEFAULT_SPIN_MICROS = 200;

    /** spin_micros: default {@link #DEFAULT_SPIN_MICROS}, 0 = never. */
    private static int spinMicros(ConnectionConfig config) {
        String value = config.property("spin_micros", Integer.toString(DEFAULT_SPIN_MICROS))
                .trim();
        try {
            int micros = Integer.parseInt(value);
            if (micros >= 0 && micros <= 100_000) {
                return micros;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ConfigurationException("spin_micros must be an integer from 0 to 100000: value=" + value);
    }

    /** libpq's channel_binding: prefer (default), require or disable. */
    private String channelBinding() {
        String value = config.properties()
                .getOrDefault("channel_binding", "prefer")
                .trim()
                .toLowerCase(Locale.ROOT);
        return switch (value) {
            case "prefer", "require", "disable" -> value;
            default ->
                throw new ConfigurationException(
                        "unknown channel_binding: value=" + value + ", expected one of disable, prefer, require");
        };
    }

    /** The configured password, else the password file's entry for this server (see {@link PgPassFile}). */
    private String requirePassword(String method) {
        if (config.password() != null) {
            return config.password();
        }
        PgPassFile file = PgPassFile.of(config.properties());
        String database = config.database() != null ? config.database() : config.user();
        PgPassFile.Lookup found = file.lookup(host, port, database, String.valueOf(config.user()));
        if (found.password() == null) {
            throw new AuthenticationException("server asks for a password but none is configured: method=" + method
                    + ", user=" + config.user() + " (set the password in the URL, PGPASSWORD or the password file; "
                    + found.reason() + ")");
        }
        passwordFile = file.file();
        return found.password();
    }

    private static void flush(PgWriteBuffer out, OutputStream os) throws IOException {
        os.write(out.array(), 0, out.position());
        os.flush();
        out.clear();
    }

    /**
     * max_message_size as the largest length field accepted. The default (1 GiB) keeps 1 KiB of
     * framing on top, so that a value of PostgreSQL's own 1 GiB limit still fits in a DataRow.
     */
    static int maxMessageLength(ConnectionConfig config) {
        int max = config.maxMessageSize();
        return max == ConnectionConfig.DEFAULT_MAX_MESSAGE_SIZE ? MessageReader.DEFAULT_MAX_MESSAGE_LENGTH : max;
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
