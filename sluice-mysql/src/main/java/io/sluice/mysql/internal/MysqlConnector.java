package io.sluice.mysql.internal;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.ProtocolException;
import io.sluice.SluiceException;
import io.sluice.SslMode;
import io.sluice.spi.ConnectDeadline;

/**
 * Opens a {@link MysqlConnection}: the TLS choice of {@code sslmode}, the handshake ({@link Handshaker}) and the
 * session set-up, bounded by {@code connect_timeout}; a failure closes what was opened and says which setting
 * bounds it. Choosing among several servers is {@link io.sluice.spi.ServerSelection}'s job.
 */
final class MysqlConnector {
    /** The connection life-cycle logger (see {@link MysqlConnection}): DEBUG, connection opened. */
    private static final System.Logger LOG = System.getLogger("io.sluice.mysql");

    private MysqlConnector() {}

    /**
     * Connects, negotiates TLS as {@code config.sslMode()} says (with {@code allow}: plain first, TLS when the
     * account refuses plain text), authenticates and initialises the session, all within {@code connect_timeout}
     * (see {@link ConnectDeadline}).
     *
     * @throws io.sluice.ConfigurationException for a malformed driver setting, before any socket is opened
     */
    static MysqlConnection open(ConnectionConfig config) {
        MysqlSettings settings = MysqlSettings.of(config);
        ConnectDeadline deadline = ConnectDeadline.start(config.connectTimeout());
        MysqlConnection c = null;
        try {
            SslMode mode = config.sslMode();
            Handshaker.Wire wire;
            if (mode == SslMode.ALLOW) {
                try {
                    wire = Handshaker.connect(config, settings, false, deadline);
                } catch (io.sluice.AuthenticationException e) {
                    wire = Handshaker.connect(config, settings, true, deadline); // the account may require TLS
                }
            } else {
                wire = Handshaker.connect(config, settings, mode != SslMode.DISABLE, deadline);
            }
            c = new MysqlConnection(config, settings, wire);
            deadline.watch(wire.plainSocket());
            MysqlQueries.executeScriptUntraced(c, "SET time_zone = '+00:00'"); // set-up, not the application's query
            if (!deadline.finish()) {
                throw new ConnectionException("connect timed out during session set-up");
            }
            if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
                LOG.log(
                        System.Logger.Level.DEBUG,
                        "connection opened: {0}, database={1}, user={2}, tls={3}, "
                                + "auth_plugin={4}, server_version={5}",
                        c.where(),
                        config.database(),
                        config.user(),
                        wire.socket() instanceof javax.net.ssl.SSLSocket ssl
                                ? ssl.getSession().getProtocol() + " "
                                        + ssl.getSession().getCipherSuite()
                                : "off",
                        wire.authPlugin(),
                        wire.handshake().serverVersion());
            }
            return c;
        } catch (RuntimeException | Error e) {
            deadline.finish();
            if (c != null) {
                c.markBroken();
            }
            if (deadline.expired()) {
                throw new ConnectionException(
                        "connect timed out: host=" + config.host() + ", port="
                                + (config.port() == 0 ? 3306 : config.port()) + ", timeout=" + config.connectTimeout()
                                + " (setting connect_timeout)",
                        e);
            }
            if (e instanceof RuntimeException r && !(r instanceof SluiceException)) {
                throw new ProtocolException(
                        "connect failed on a malformed server message: host=" + config.host() + ", cause=" + r, r);
            }
            throw e;
        }
    }
}
