package io.sluice.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * The settings half of {@link SluiceStatement}: fetch size, max rows, max field size, query timeout,
 * escape processing, poolable, close-on-completion, and the fixed answers (forward fetching,
 * read-only concurrency, holdability, no named cursors). The running statement reads the fields
 * directly.
 */
abstract class StatementSettings implements Statement {
    final SluiceConnection connection;
    final int resultSetType;
    /** Rows per round trip asked of the server; 0: the whole result in one response. */
    int fetchSize;

    long maxRows;
    private int maxFieldSize;
    private int queryTimeoutSeconds;
    /** The query timeout as the connection takes it; null: none. */
    Duration queryTimeout;
    /** Whether JDBC escapes ({@code {fn ...}}, {@code {d ...}}, ...) are translated; setEscapeProcessing. */
    boolean escapes = true;

    boolean closeOnCompletion;
    private boolean poolable;

    StatementSettings(SluiceConnection connection, int resultSetType) {
        this.connection = connection;
        this.resultSetType = resultSetType;
    }

    /** Throws if the statement or its connection is closed. */
    abstract void checkOpen() throws SQLException;

    @Override
    public void setQueryTimeout(int seconds) throws SQLException {
        checkOpen();
        if (seconds < 0) {
            throw new SQLException("query timeout must be >= 0: seconds=" + seconds, "22023");
        }
        queryTimeoutSeconds = seconds;
        queryTimeout = seconds == 0 ? null : Duration.ofSeconds(seconds);
    }

    @Override
    public int getQueryTimeout() throws SQLException {
        checkOpen();
        return queryTimeoutSeconds;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        checkOpen();
        if (rows < 0) {
            throw new SQLException("fetch size must be >= 0: rows=" + rows, "22023");
        }
        fetchSize = rows;
    }

    @Override
    public int getFetchSize() throws SQLException {
        checkOpen();
        return fetchSize;
    }

    @Override
    public void setMaxRows(int max) throws SQLException {
        setLargeMaxRows(max);
    }

    @Override
    public void setLargeMaxRows(long max) throws SQLException {
        checkOpen();
        if (max < 0) {
            throw new SQLException("max rows must be >= 0: max=" + max, "22023");
        }
        maxRows = max;
    }

    @Override
    public int getMaxRows() throws SQLException {
        return (int) Math.min(Integer.MAX_VALUE, getLargeMaxRows());
    }

    @Override
    public long getLargeMaxRows() throws SQLException {
        checkOpen();
        return maxRows;
    }

    @Override
    public int getMaxFieldSize() throws SQLException {
        checkOpen();
        return maxFieldSize;
    }

    @Override
    public void setMaxFieldSize(int max) throws SQLException {
        checkOpen();
        if (max < 0) {
            throw new SQLException("max field size must be >= 0: max=" + max, "22023");
        }
        maxFieldSize = max; // accepted and reported; values are never truncated
    }

    @Override
    public void setEscapeProcessing(boolean enable) throws SQLException {
        checkOpen();
        escapes = enable;
    }

    @Override
    public void setCursorName(String name) throws SQLException {
        throw SqlExceptions.unsupported("named cursors");
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != ResultSet.FETCH_FORWARD && resultSetType == ResultSet.TYPE_FORWARD_ONLY) {
            throw new SQLException("a TYPE_FORWARD_ONLY statement fetches forward only", "24000");
        }
    }

    @Override
    public int getFetchDirection() {
        return ResultSet.FETCH_FORWARD;
    }

    @Override
    public int getResultSetConcurrency() {
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getResultSetType() {
        return resultSetType;
    }

    @Override
    public int getResultSetHoldability() {
        return ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public Connection getConnection() throws SQLException {
        checkOpen();
        return connection;
    }

    @Override
    public void setPoolable(boolean poolable) throws SQLException {
        checkOpen();
        this.poolable = poolable;
    }

    @Override
    public boolean isPoolable() throws SQLException {
        checkOpen();
        return poolable;
    }

    @Override
    public void closeOnCompletion() throws SQLException {
        checkOpen();
        closeOnCompletion = true;
    }

    @Override
    public boolean isCloseOnCompletion() throws SQLException {
        checkOpen();
        return closeOnCompletion;
    }
}
