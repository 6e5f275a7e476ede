package io.sluice.jdbc;

import io.sluice.AuthenticationException;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.ProtocolException;
import io.sluice.Sluice;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTransientConnectionException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * The JDBC driver for {@code jdbc:sluice:postgresql://...}, {@code jdbc:sluice:mysql://...} and
 * {@code jdbc:sluice:mariadb://...} URLs ({@link JdbcUrl}). Found by {@link DriverManager} through
 * {@link java.util.ServiceLoader}; loading the class also registers it.
 */
public final class SluiceDriver implements Driver {
    /** The major version reported to JDBC. */
    static final int MAJOR = 0;
    /** The minor version reported to JDBC. */
    static final int MINOR = 1;

    static {
        try {
            DriverManager.registerDriver(new SluiceDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A driver instance; {@link DriverManager} makes one through the service loader. */
    public SluiceDriver() {}

    /** Returns null for a URL that is not a Sluice one, as JDBC requires of a driver asked about another's URL. */
    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        return open(url, info);
    }

    static SluiceConnection open(String url, Properties info) throws SQLException {
        try {
            ConnectionConfig config = JdbcUrl.config(url, info);
            return new SluiceConnection(Sluice.connect(config), url, config.user());
        } catch (ConnectionException e) {
            if (e instanceof AuthenticationException || e instanceof ProtocolException) {
                throw SqlExceptions.translate(e);
            }
            // no server answered (refused, unreachable, timed out): 08001, may succeed when retried
            throw new SQLTransientConnectionException(e.getMessage(), "08001", 0, e);
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public boolean acceptsURL(String url) {
        return JdbcUrl.accepts(url);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        String[][] keys = {
            {"user", "the user to log in as"},
            {"password", "the user's password"},
            {"sslmode", "disable, allow, prefer, require, verify-ca, verify-full"},
            {"connect_timeout", "seconds allowed for connect, TLS and authentication"},
            {"query_timeout", "milliseconds before a query is cancelled; 0 = none"},
            {"socket_timeout", "seconds of silence from the server before the connection is closed; 0 = none"},
            {"statement_cache_size", "prepared statements kept per connection"},
            {"application_name", "reported to the server"},
        };
        DriverPropertyInfo[] out = new DriverPropertyInfo[keys.length];
        for (int i = 0; i < keys.length; i++) {
            out[i] = new DriverPropertyInfo(keys[i][0], info == null ? null : info.getProperty(keys[i][0]));
            out[i].description = keys[i][1];
        }
        return out;
    }

    @Override
    public int getMajorVersion() {
        return MAJOR;
    }

    @Override
    public int getMinorVersion() {
        return MINOR;
    }

    /** False: not every JDBC feature is supported (see the module's README). */
    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw SqlExceptions.unsupported("java.util.logging (the driver records JFR events instead)");
    }
}
