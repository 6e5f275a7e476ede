package io.sluice.mysql.internal;

import static io.sluice.mysql.internal.protocol.Capabilities.*;

import io.sluice.AuthenticationException;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.ProtocolException;
import io.sluice.ServerMessage;
import io.sluice.SslMode;
import io.sluice.mysql.internal.auth.AuthScramble;
import io.sluice.mysql.internal.protocol.Commands;
import io.sluice.mysql.internal.protocol.InitialHandshake;
import io.sluice.mysql.internal.protocol.PacketReader;
import io.sluice.mysql.internal.protocol.PacketWriter;
import io.sluice.mysql.internal.protocol.Payload;
import io.sluice.mysql.internal.protocol.ServerPackets;
import io.sluice.spi.ConnectDeadline;
import io.sluice.spi.TlsSockets;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * Opens the socket and runs the connection phase (https://mariadb.com/kb/en/connection/): initial
 * handshake, optional SSLRequest and TLS, HandshakeResponse41, then the authentication exchange with
 * auth switch requests and caching_sha2_password's extra round trips.
 */
final class Handshaker {
    private Handshaker() {}

    /** The wire after a successful login. */
    record Wire(
            Socket socket,
            Socket plainSocket,
            PacketReader reader,
            PacketWriter writer,
            InitialHandshake handshake,
            long capabilities,
            boolean tls,
            String authPlugin) {}

    /**
     * Opens the socket and logs in. Each read waits at most {@code connect_timeout}; the {@code deadline}
     * bounds the whole connect. Afterwards reads wait at most {@code socket_timeout} (none by default).
     */
    static Wire connect(ConnectionConfig config, MysqlSettings settings, boolean useTls, ConnectDeadline deadline) {
        int port = config.port() == 0 ? 3306 : config.port();
        int timeout = (int) Math.min(Integer.MAX_VALUE, config.connectTimeout().toMillis());
        Socket socket = openSocket(config, port);
        deadline.watch(socket);
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(config.host(), port), timeout);
            socket.setSoTimeout(timeout);
            PacketReader reader = new PacketReader(socket.getInputStream(), settings.maxPayload());
            PacketWriter writer = new PacketWriter(socket.getOutputStream());
            Wire wire = login(config, settings, socket, reader, writer, useTls);
            wire.socket().setSoTimeout((int)
                    Math.min(Integer.MAX_VALUE, config.socketTimeout().toMillis()));
            return wire;
        } catch (SocketTimeoutException e) {
            closeQuietly(socket);
            throw new ConnectionException(
                    "connect timed out: host=" + config.host() + ", port=" + port + ", timeout="
                            + config.connectTimeout() + " (setting connect_timeout)",
                    e);
        } catch (IOException e) {
            closeQuietly(socket);
            throw new ConnectionException(
                    "connect failed: host=" + config.host() + ", port=" + port + ", reason=" + e.getMessage(), e);
        } catch (ConnectionException e) {
            closeQuietly(socket);
            if (e.getCause() instanceof SocketTimeoutException) { // the reader's wrapping of a login read
                throw new ConnectionException(
                        "connect timed out: host=" + config.host() + ", port=" + port + ", timeout="
                                + config.connectTimeout() + " (setting connect_timeout)",
                        e.getCause());
            }
            throw e;
        } catch (RuntimeException e) {
            closeQuietly(socket);
            throw e;
        }
    }

    /**
     * A socket over a blocking SocketChannel rather than a plain Socket: the JDK's plain socket turns
     * non-blocking for good after its first timed operation (the connect and login timeouts), and every
     * later read then costs read (EAGAIN), poll, read; the channel's socket goes back to blocking mode
     * after a timed operation, so a reply is one read system call.
     */
    private static Socket openSocket(ConnectionConfig config, int port) {
        try {
            return java.nio.channels.SocketChannel.open().socket();
        } catch (IOException e) {
            throw new ConnectionException(
                    "connect failed: host=" + config.host() + ", port=" + port + ", reason=" + e.getMessage(), e);
        }
    }

    private static Wire login(
            ConnectionConfig config,
            MysqlSettings settings,
            Socket socket,
            PacketReader reader,
            PacketWriter writer,
            boolean useTls)
            throws IOException {
        Socket plain = socket;
        reader.expectSequence(0);
        Payload p = reader.next();
        if (p.header() == Commands.ERR_HEADER) {
            ServerMessage m = ServerPackets.decodeError(p);
            throw new ConnectionException("server refused the connection: host=" + config.host() + ", error=" + m);
        }
        InitialHandshake hs = InitialHandshake.decode(p);
        long serverCaps = hs.capabilities();
        if ((serverCaps & CLIENT_PROTOCOL_41) == 0) {
            throw new ProtocolException("server too old: CLIENT_PROTOCOL_41 missing, version=" + hs.serverVersion());
        }
        long caps = CLIENT_DEFAULT
                | (hs.mariaDb()
                        ? MARIADB_CLIENT_CACHE_METADATA
                                | MARIADB_CLIENT_STMT_BULK_OPERATIONS
                                | MARIADB_CLIENT_EXTENDED_TYPE_INFO
                        : 0);
        if (config.database() != null && !config.database().isEmpty()) {
            caps |= CLIENT_CONNECT_WITH_DB;
        }
        if (!settings.localInfileFiles().isEmpty()) {
            caps |= CLIENT_LOCAL_FILES;
        }
        if (hs.mariaDb()) {
            caps &= ~CLIENT_LONG_PASSWORD; // announces the extended capabilities in the reserved bytes
        }
        caps &= serverCaps | (hs.mariaDb() ? 0 : CLIENT_LONG_PASSWORD);
        boolean tls = false;
        int seq = 1;
        if (useTls) {
            if ((serverCaps & CLIENT_SSL) == 0) {
                if (config.sslMode().compareTo(SslMode.REQUIRE) >= 0) {
                    throw new ConnectionException("server does not support TLS: host=" + config.host() + ", sslmode="
                            + config.sslMode().urlName() + " (setting sslmode)");
                }
            } else {
                caps |= CLIENT_SSL;
                writer.begin(seq++);
                writeResponsePrefix(writer, caps, hs.mariaDb());
                writer.end();
                writer.flush();
                Socket tlsSocket = TlsSockets.wrap(socket, config.host(), socket.getPort(), config);
                reader.reset(tlsSocket.getInputStream());
                writer.reset(tlsSocket.getOutputStream());
                socket = tlsSocket;
                tls = true;
            }
        }
        String plugin = hs.authPlugin();
        if (settings.authPlugin() != null) {
            plugin = settings.authPlugin(); // lets tests provoke an auth switch
        }
        byte[] nonce = hs.scramble();
        writer.begin(seq);
        writeResponsePrefix(writer, caps, hs.mariaDb());
        writer.nulString(config.user() == null ? "" : config.user());
        byte[] auth = authResponse(plugin, config.password(), nonce, tls);
        if ((caps & CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA) != 0) {
            writer.lengthEncodedBytes(auth);
        } else {
            writer.int1(auth.length).bytes(auth);
        }
        if ((caps & CLIENT_CONNECT_WITH_DB) != 0) {
            writer.nulString(config.database());
        }
        writer.nulString(plugin);
        if ((caps & CLIENT_CONNECT_ATTRS) != 0) {
            byte[] attrs = connectAttributes(config);
            writer.lengthEncoded(attrs.length).bytes(attrs);
        }
        writer.end();
        reader.expectSequence(writer.nextSequence());
        writer.flush();
        String used = authenticate(config, reader, writer, plugin, nonce, tls);
        return new Wire(socket, plain, reader, writer, hs, caps, tls, used);
    }

    /** The 32 bytes shared by SSLRequest and HandshakeResponse41. */
    private static void writeResponsePrefix(PacketWriter w, long caps, boolean mariaDb) {
        w.int4((int) caps).int4(1 << 24).int1(Commands.UTF8MB4_GENERAL_CI).zeros(19);
        w.int4(mariaDb ? (int) (caps >>> 32) : 0);
    }

    private static byte[] connectAttributes(ConnectionConfig config) {
        PacketWriter attrs = new PacketWriter(OutputStream.nullOutputStream());
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        attrs.reset(out);
        attrs.lengthEncodedString("_client_name").lengthEncodedString("sluice");
        attrs.lengthEncodedString("program_name")
                .lengthEncodedString(config.applicationName() == null ? "sluice" : config.applicationName());
        attrs.flush();
        return out.toByteArray();
    }

    static byte[] authResponse(String plugin, String password, byte[] nonce, boolean tls) {
        return switch (plugin) {
            case AuthScramble.MYSQL_NATIVE_PASSWORD -> AuthScramble.nativePassword(password, nonce);
            case AuthScramble.CACHING_SHA2_PASSWORD -> AuthScramble.cachingSha2Password(password, nonce);
            case io.sluice.mysql.internal.auth.Ed25519Password.CLIENT_ED25519 ->
                io.sluice.mysql.internal.auth.Ed25519Password.sign(password, nonce);
            case AuthScramble.MYSQL_CLEAR_PASSWORD -> {
                if (!tls) {
                    throw new AuthenticationException("refusing to send a clear-text password without TLS: plugin="
                            + plugin + " (setting sslmode=require)");
                }
                yield AuthScramble.clearPassword(password);
            }
            default ->
                throw new AuthenticationException(
                        "unsupported authentication plugin: plugin=" + plugin
                                + ", supported=[mysql_native_password, caching_sha2_password, client_ed25519, mysql_clear_password]");
        };
    }

    /**
     * The authentication exchange after HandshakeResponse41, until OK or ERR; returns the plugin that
     * authenticated, the server's AuthSwitchRequest's when it sent one.
     */
    private static String authenticate(
            ConnectionConfig config,
            PacketReader reader,
            PacketWriter writer,
            String plugin,
            byte[] nonce,
            boolean tls) {
        for (int round = 0; round < 8; round++) {
            Payload p = reader.next();
            switch (p.header()) {
                case Commands.OK_HEADER -> {
                    ServerPackets.decodeOk(p, new ServerPackets.OkPacket()); // a truncated OK is no login
                    return plugin;
                }
                case Commands.ERR_HEADER -> {
                    ServerMessage m = ServerPackets.decodeError(p);
                    throw new AuthenticationException("authentication failed: user=" + config.user() + ", host="
                            + config.host() + ", plugin=" + plugin + ", error=" + m);
                }
                case Commands.AUTH_SWITCH_REQUEST -> {
                    p.skip(1);
                    plugin = p.readNulString();
                    nonce = p.readBytes(p.remaining());
                    if (!plugin.equals(io.sluice.mysql.internal.auth.Ed25519Password.CLIENT_ED25519)
                            && nonce.length > 20) {
                        nonce = java.util.Arrays.copyOf(nonce, 20); // the 20-byte scramble and its NUL
                    }
                    send(reader, writer, authResponse(plugin, config.password(), nonce, tls));
                }
                case Commands.AUTH_MORE_DATA -> {
                    if (!AuthScramble.CACHING_SHA2_PASSWORD.equals(plugin)) {
                        throw new ProtocolException("unexpected AuthMoreData: plugin=" + plugin);
                    }
                    p.skip(1);
                    int status = p.remaining() == 1 ? p.readInt1() : -1;
                    if (status == 3) {
                        continue; // fast_auth_success: OK follows
                    }
                    if (status == 4) { // perform_full_authentication
                        if (tls) {
                            send(reader, writer, AuthScramble.clearPassword(config.password()));
                        } else {
                            send(reader, writer, new byte[] {2}); // request_public_key
                        }
                    } else {
                        String pem = new String(p.buffer(), p.start() + 1, p.length() - 1, StandardCharsets.US_ASCII);
                        send(reader, writer, AuthScramble.rsaEncryptedPassword(config.password(), nonce, pem));
                    }
                }
                default -> throw new ProtocolException("unexpected packet during authentication: header=" + p.header());
            }
        }
        throw new ProtocolException("authentication did not finish: rounds=8, plugin=" + plugin);
    }

    private static void send(PacketReader reader, PacketWriter writer, byte[] data) {
        writer.begin(reader.sequence()).bytes(data).end();
        reader.expectSequence(writer.nextSequence());
        writer.flush();
    }

    static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
