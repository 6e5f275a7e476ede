package io.sluice.jdbc;

import io.sluice.IsolationLevel;
import io.sluice.sql.SqlDialect;
import java.sql.ClientInfoStatus;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;

/**
 * The session settings half of {@link SluiceConnection}: isolation, read-only, catalog, schema,
 * client info, holdability, network timeout. Isolation and read-only are set as session
 * characteristics ({@code SET SESSION CHARACTERISTICS AS TRANSACTION ...} on PostgreSQL,
 * {@code SET SESSION TRANSACTION ...} on MySQL), so they hold for auto-commit statements too; a
 * connection that changed any of them is reset before it goes back to its pool.
 */
abstract class ConnectionSettings implements Connection {
    private final String url;
    private final String user;
    private final SqlDialect dialect;
    boolean autoCommit = true;
    private boolean readOnly;
    /** The session's isolation level, asked of the server on first use (0: not yet known). */
    private int isolation;

    private final Properties clientInfo = new Properties();
    private int networkTimeoutMillis;
    private Duration configuredTimeout;
    private boolean pooled;
    private boolean sessionChanged;

    ConnectionSettings(String url, String user, SqlDialect dialect) {
        this.url = url;
        this.user = user;
        this.dialect = dialect;
    }

    abstract io.sluice.Connection nativeForSettings();

    abstract void runSettingSql(String sql) throws SQLException;

    abstract boolean inTransaction();

    abstract void checkOpen() throws SQLException;

    /** Marks a connection borrowed from a pool: session changes are undone before it goes back. */
    void pooled() {
        this.pooled = true;
    }

    String url() {
        return url;
    }

    String user() {
        return user;
    }

    /** The query timeout of a statement without its own: the network timeout, else the URL's query_timeout. */
    Duration defaultTimeout() {
        if (configuredTimeout == null) {
            configuredTimeout = nativeForSettings().queryTimeout();
        }
        return networkTimeoutMillis > 0 ? Duration.ofMillis(networkTimeoutMillis) : configuredTimeout;
    }

    void restoreSessionIfPooled() {
        if (pooled && sessionChanged) {
            nativeForSettings().reset();
        }
        if (configuredTimeout != null) {
            nativeForSettings().queryTimeout(configuredTimeout);
        }
    }

    String quoteIdentifier(String name) {
        return dialect == SqlDialect.POSTGRESQL
                ? "\"" + name.replace("\"", "\"\"") + "\""
                : "`" + name.replace("`", "``") + "`";
    }

    static String quoteLiteral(String value) {
        return "'" + value.replace("\\", "\\\\").replace("'", "''") + "'";
    }

    @Override
    public boolean getAutoCommit() throws SQLException {
        checkOpen();
        return autoCommit;
    }

    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        checkOpen();
        if (readOnly == this.readOnly) {
            return;
        }
        if (inTransaction()) {
            throw new SQLException("cannot change read-only in the middle of a transaction", "25001");
        }
        String mode = readOnly ? "READ ONLY" : dialect == SqlDialect.POSTGRESQL ? "READ WRITE" : "READ WRITE";
        runSettingSql(
                dialect == SqlDialect.POSTGRESQL
                        ? "SET SESSION CHARACTERISTICS AS TRANSACTION " + mode
                        : "SET SESSION TRANSACTION " + mode);
        this.readOnly = readOnly;
        sessionChanged = true;
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        checkOpen();
        return readOnly;
    }

    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        checkOpen();
        String sql = isolation(level).sql();
        if (level == getTransactionIsolation()) {
            return;
        }
        if (inTransaction()) {
            throw new SQLException("cannot change the isolation level in the middle of a transaction", "25001");
        }
        runSettingSql(
                dialect == SqlDialect.POSTGRESQL
                        ? "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL " + sql
                        : "SET SESSION TRANSACTION ISOLATION LEVEL " + sql);
        isolation = level;
        sessionChanged = true;
    }

    @Override
    public int getTransactionIsolation() throws SQLException {
        checkOpen();
        if (isolation == 0) {
            String level = queryString(
                    dialect == SqlDialect.POSTGRESQL
                            ? "SELECT current_setting('default_transaction_isolation')"
                            : "SELECT @@session.tx_isolation");
            isolation = switch (level == null
                    ? ""
                    : level.toLowerCase(java.util.Locale.ROOT).replace('-', ' ')) {
                case "read uncommitted" -> TRANSACTION_READ_UNCOMMITTED;
                case "repeatable read" -> TRANSACTION_REPEATABLE_READ;
                case "serializable" -> TRANSACTION_SERIALIZABLE;
                default -> TRANSACTION_READ_COMMITTED;
            };
        }
        return isolation;
    }

    @Override
    public void setCatalog(String catalog) throws SQLException {
        checkOpen();
        if (dialect == SqlDialect.MYSQL && catalog != null) {
            runSettingSql("USE " + quoteIdentifier(catalog));
            sessionChanged = true;
        }
        // PostgreSQL: a connection's database cannot change; ignored, as pgjdbc does
    }

    @Override
    public String getCatalog() throws SQLException {
        return queryString(dialect == SqlDialect.POSTGRESQL ? "SELECT current_database()" : "SELECT DATABASE()");
    }

    @Override
    public void setSchema(String schema) throws SQLException {
        checkOpen();
        if (dialect == SqlDialect.POSTGRESQL && schema != null) {
            runSettingSql("SET SESSION search_path TO " + quoteIdentifier(schema));
            sessionChanged = true;
        }
        // MySQL has no schemas apart from databases (catalogs); ignored, as MariaDB Connector/J does
    }

    @Override
    public String getSchema() throws SQLException {
        return dialect == SqlDialect.POSTGRESQL ? queryString("SELECT current_schema()") : null;
    }

    private String queryString(String sql) throws SQLException {
        checkOpen();
        ((SluiceConnection) this).detachLive();
        try {
            return nativeForSettings().queryFirst(sql, r -> r.getString(0)).orElse(null);
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public void setHoldability(int holdability) throws SQLException {
        checkOpen();
        if (holdability != ResultSet.HOLD_CURSORS_OVER_COMMIT) {
            throw SqlExceptions.unsupported("CLOSE_CURSORS_AT_COMMIT");
        }
    }

    @Override
    public int getHoldability() throws SQLException {
        checkOpen();
        return ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public Map<String, Class<?>> getTypeMap() throws SQLException {
        checkOpen();
        return new HashMap<>();
    }

    @Override
    public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
        checkOpen();
        if (map != null && !map.isEmpty()) {
            throw SqlExceptions.unsupported("type maps (user-defined type mapping)");
        }
    }

    /**
     * Stores the property; {@code ApplicationName} is also sent to PostgreSQL as
     * {@code application_name} (shown in pg_stat_activity).
     */
    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        try {
            checkOpen();
            if ("ApplicationName".equals(name) && dialect == SqlDialect.POSTGRESQL) {
                runSettingSql("SET application_name = " + quoteLiteral(value == null ? "" : value));
                sessionChanged = true;
            }
        } catch (SQLException e) {
            throw new SQLClientInfoException(
                    e.getMessage(), e.getSQLState(), Map.of(name, ClientInfoStatus.REASON_UNKNOWN), e);
        }
        if (value == null) {
            clientInfo.remove(name);
        } else {
            clientInfo.setProperty(name, value);
        }
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        for (String name : properties.stringPropertyNames()) {
            setClientInfo(name, properties.getProperty(name));
        }
    }

    @Override
    public String getClientInfo(String name) throws SQLException {
        checkOpen();
        return clientInfo.getProperty(name);
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        checkOpen();
        Properties copy = new Properties();
        copy.putAll(clientInfo);
        return copy;
    }

    /**
     * Bounds every wait on the server of a statement without its own query timeout: past it the
     * statement is cancelled and, if the server does not stop within the cancel grace, the connection
     * is closed (the native query timeout, {@code cancel_grace}). The executor is not needed for that.
     */
    @Override
    public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
        checkOpen();
        if (milliseconds < 0) {
            throw new SQLException("network timeout must be >= 0: milliseconds=" + milliseconds, "22023");
        }
        defaultTimeout(); // remember the configured timeout before the first change
        networkTimeoutMillis = milliseconds;
    }

    @Override
    public int getNetworkTimeout() throws SQLException {
        checkOpen();
        return networkTimeoutMillis;
    }

    /** The native isolation level of a JDBC {@code TRANSACTION_*} constant. */
    static IsolationLevel isolation(int level) throws SQLException {
        return switch (level) {
            case TRANSACTION_READ_UNCOMMITTED -> IsolationLevel.READ_UNCOMMITTED;
            case TRANSACTION_READ_COMMITTED -> IsolationLevel.READ_COMMITTED;
            case TRANSACTION_REPEATABLE_READ -> IsolationLevel.REPEATABLE_READ;
            case TRANSACTION_SERIALIZABLE -> IsolationLevel.SERIALIZABLE;
            default -> throw new SQLException("unknown transaction isolation level: level=" + level, "22023");
        };
    }
}
