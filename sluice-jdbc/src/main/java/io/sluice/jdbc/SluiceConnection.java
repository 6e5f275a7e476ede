package io.sluice.jdbc;

import io.sluice.sql.ParsedSql;
import io.sluice.sql.SqlDialect;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.DatabaseMetaData;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Struct;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * A JDBC connection over one native {@link io.sluice.Connection}. Auto-commit is the native
 * default; with it off, the first statement begins a transaction (as pgjdbc does), so no round trip
 * is spent on an empty one. Isolation and read-only are session settings, applied when set. A result
 * set still reading from the server is read into memory before the connection runs anything else
 * ({@link RowCursor#detach()}). Not thread-safe beyond what JDBC requires ({@link #abort},
 * {@link Statement#cancel} from another thread).
 */
public final class SluiceConnection extends ConnectionTransactions {
    private final io.sluice.Connection nativeConnection;
    private final ConnectionCatalog catalog = new ConnectionCatalog(this);
    private final SqlDialect dialect;
    private final ParsedSqlCache parsedSql;
    private final List<SluiceStatement> statements = new ArrayList<>();
    private final Warnings warnings = new Warnings();
    /** The result set whose rows are still being read from the server, if any. */
    private RowCursor live;

    private Duration appliedTimeout;
    private volatile boolean closed;

    SluiceConnection(io.sluice.Connection nativeConnection, String url, String user) {
        super(url, user, dialectOf(nativeConnection));
        this.nativeConnection = nativeConnection;
        this.dialect = dialectOf(nativeConnection);
        this.parsedSql = new ParsedSqlCache(dialect);
        this.appliedTimeout = nativeConnection.queryTimeout();
        defaultTimeout(); // remembers the configured timeout, restored before a pooled connection goes back
    }

    private static SqlDialect dialectOf(io.sluice.Connection c) {
        return "PostgreSQL".equals(c.serverInfo().product()) ? SqlDialect.POSTGRESQL : SqlDialect.MYSQL;
    }

    /** The native connection (also reachable with {@code unwrap(io.sluice.Connection.class)}). */
    public io.sluice.Connection nativeConnection() {
        return nativeConnection;
    }

    @Override
    Warnings warnings() {
        return warnings;
    }

    SqlDialect dialect() {
        return dialect;
    }

    @Override
    io.sluice.Connection nativeForSettings() {
        return nativeConnection;
    }

    // ---- what every statement goes through ----

    void checkOpen() throws SQLException {
        if (closed) {
            throw SqlExceptions.closed("connection");
        }
    }

    /**
     * Readies the native connection for a request: reads a live result set into memory, begins the
     * transaction auto-commit off calls for, applies the statement's query timeout.
     */
    @Override
    void beforeRequest(Duration timeout) throws SQLException {
        checkOpen();
        detachLive();
        try {
            Duration effective = timeout != null ? timeout : defaultTimeout();
            if (!effective.equals(appliedTimeout)) {
                nativeConnection.queryTimeout(effective);
                appliedTimeout = effective;
            }
            if (!autoCommit && !nativeConnection.inTransaction()) {
                nativeConnection.begin();
            }
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    /** Reads the live result set, if any, into memory so the connection is free. */
    @Override
    void detachLive() throws SQLException {
        RowCursor c = live;
        if (c != null) {
            live = null;
            try {
                c.detach();
            } catch (RuntimeException e) {
                throw SqlExceptions.translate(e);
            }
        }
    }

    void live(RowCursor cursor) {
        live = cursor;
    }

    void released(RowCursor cursor) {
        if (live == cursor) {
            live = null;
        }
    }

    void statementClosed(SluiceStatement s) {
        statements.remove(s);
    }

    @Override
    void runSettingSql(String sql) throws SQLException {
        checkOpen();
        detachLive();
        try {
            ScopedValue.where(Warnings.CURRENT, warnings).run(() -> nativeConnection.executeScript(sql));
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    boolean inTransaction() {
        return nativeConnection.inTransaction();
    }

    // ---- statements ----

    @Override
    public Statement createStatement() throws SQLException {
        return createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
    }

    @Override
    public Statement createStatement(int type, int concurrency) throws SQLException {
        return createStatement(type, concurrency, ResultSet.HOLD_CURSORS_OVER_COMMIT);
    }

    @Override
    public Statement createStatement(int type, int concurrency, int holdability) throws SQLException {
        checkOpen();
        return track(new SluiceStatement(this, checkType(type, concurrency)));
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        return prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency) throws SQLException {
        return prepareStatement(sql, type, concurrency, ResultSet.HOLD_CURSORS_OVER_COMMIT);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency, int holdability)
            throws SQLException {
        checkOpen();
        return track(new SluicePreparedStatement(this, checkType(type, concurrency), parse(sql), GeneratedKeys.NONE));
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        checkOpen();
        GeneratedKeys keys =
                autoGeneratedKeys == Statement.RETURN_GENERATED_KEYS ? GeneratedKeys.ALL : GeneratedKeys.NONE;
        return track(new SluicePreparedStatement(this, ResultSet.TYPE_FORWARD_ONLY, parse(sql), keys));
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
        checkOpen();
        return track(new SluicePreparedStatement(
                this, ResultSet.TYPE_FORWARD_ONLY, parse(sql), GeneratedKeys.indexes(columnIndexes)));
    }

    @Override
    public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
        checkOpen();
        return track(new SluicePreparedStatement(
                this, ResultSet.TYPE_FORWARD_ONLY, parse(sql), GeneratedKeys.names(columnNames)));
    }

    ParsedSql parse(String sql) throws SQLException {
        if (sql == null) {
            throw new SQLException("sql must not be null", "22004");
        }
        try {
            return parsedSql.parse(sql);
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    private <T extends SluiceStatement> T track(T s) {
        statements.add(s);
        return s;
    }

    private int checkType(int type, int concurrency) throws SQLException {
        if (concurrency != ResultSet.CONCUR_READ_ONLY) {
            throw SqlExceptions.unsupported("CONCUR_UPDATABLE result sets");
        }
        if (type == ResultSet.TYPE_SCROLL_SENSITIVE) {
            addWarning(new SQLWarning("TYPE_SCROLL_SENSITIVE is not supported: TYPE_SCROLL_INSENSITIVE used", "01000"));
            return ResultSet.TYPE_SCROLL_INSENSITIVE;
        }
        return type;
    }

    @Override
    public CallableStatement prepareCall(String sql) throws SQLException {
        return prepareCall(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency) throws SQLException {
        return prepareCall(sql, type, concurrency, ResultSet.HOLD_CURSORS_OVER_COMMIT);
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency, int holdability) throws SQLException {
        checkOpen();
        return track(SluiceCallableStatement.prepare(this, checkType(type, concurrency), sql));
    }

    @Override
    public String nativeSQL(String sql) throws SQLException {
        checkOpen();
        ParsedSql parsed = parse(sql);
        return String.join(
                ";\n",
                parsed.statements().stream().map(ParsedSql.Statement::sql).toList());
    }

    // ---- life cycle ----

    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            for (SluiceStatement s : List.copyOf(statements)) {
                s.closeQuietly();
            }
            live = null;
            if (!autoCommit
                    && !nativeConnection.isBroken()
                    && !nativeConnection.isClosed()
                    && nativeConnection.inTransaction()) {
                nativeConnection
                        .rollback(); // JDBC leaves it to the driver; an unfinished transaction is never committed
            }
            restoreSessionIfPooled();
        } catch (RuntimeException e) {
            // closing anyway: the native close below releases the connection (a pool evicts a broken one)
        } finally {
            try {
                nativeConnection.close();
            } catch (RuntimeException e) {
                throw SqlExceptions.translate(e);
            }
        }
    }

    @Override
    public boolean isClosed() {
        return closed || nativeConnection.isClosed();
    }

    @Override
    public boolean isValid(int timeout) throws SQLException {
        if (timeout < 0) {
            throw new SQLException("timeout must be >= 0: timeout=" + timeout, "22023");
        }
        if (closed) {
            return false;
        }
        detachLive();
        return nativeConnection.isValid(Duration.ofSeconds(timeout));
    }

    @Override
    public void abort(Executor executor) throws SQLException {
        if (executor == null) {
            throw new SQLException("executor must not be null", "22004");
        }
        if (closed) {
            return;
        }
        closed = true;
        executor.execute(nativeConnection::close);
    }

    // ---- warnings ----

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return warnings.get();
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
        warnings.clear();
    }

    void addWarning(SQLWarning w) {
        io.sluice.ServerMessage m =
                new io.sluice.ServerMessage(Map.of("message", w.getMessage(), "sqlstate", w.getSQLState()));
        warnings.add(m);
    }

    // ---- the rest ----

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        checkOpen();
        return catalog.metaData();
    }

    /** PostgreSQL result columns' catalog answers, cached for this connection (see {@link SluiceResultSetMetaData}). */
    PgColumnSources columnSources() {
        return catalog.columnSources();
    }

    @Override
    public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
        checkOpen();
        if (typeName == null || elements == null) {
            throw new SQLException("typeName and elements must not be null", "22004");
        }
        return new SluiceArray(typeName, elements);
    }

    @Override
    public Clob createClob() throws SQLException {
        throw SqlExceptions.unsupported("Clob (bind text with setString or setCharacterStream)");
    }

    @Override
    public Blob createBlob() throws SQLException {
        throw SqlExceptions.unsupported("Blob (bind bytes with setBytes or setBinaryStream)");
    }

    @Override
    public NClob createNClob() throws SQLException {
        throw SqlExceptions.unsupported("NClob");
    }

    @Override
    public SQLXML createSQLXML() throws SQLException {
        throw SqlExceptions.unsupported("SQLXML");
    }

    @Override
    public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
        throw SqlExceptions.unsupported("Struct");
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        if (iface.isInstance(nativeConnection)) {
            return iface.cast(nativeConnection);
        }
        throw new SQLException("not a wrapper for " + iface.getName(), "HY000");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this) || iface.isInstance(nativeConnection);
    }

    @Override
    public String toString() {
        return "SluiceConnection[" + nativeConnection + "]";
    }
}
