package io.sluice.pool;

import io.sluice.Column;
import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.IsolationLevel;
import io.sluice.PreparedStatement;
import io.sluice.Row;
import io.sluice.RowHandler;
import io.sluice.RowMapper;
import io.sluice.RowStream;
import io.sluice.ServerException;
import io.sluice.ServerInfo;
import io.sluice.ServerMessage;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A server-less {@link Connection} for the pool's mechanics tests. {@code execute("FAIL <sqlstate>")}
 * throws a server error with that SQLSTATE ({@code 57P01} and class {@code 08} break the
 * connection, like a real server ending the session); {@code execute("BREAK")} throws an I/O failure.
 */
public class FakeConnection implements Connection {
    final int id;
    volatile boolean broken;
    volatile boolean closed;
    volatile boolean inTransaction;
    /** Fails validation without being broken (a server that stopped answering). */
    volatile boolean unresponsive;

    volatile int rollbacks;
    volatile int validations;
    volatile int resets;
    volatile Duration queryTimeout = Duration.ZERO;

    public FakeConnection(int id) {
        this.id = id;
    }

    private void check() {
        if (closed || broken) {
            throw new ConnectionException("connection closed: id=" + id);
        }
    }

    @Override
    public <T> List<T> query(String sql, RowMapper<T> mapper, Object... params) {
        check();
        return List.of();
    }

    @Override
    public void forEach(String sql, RowHandler handler, Object... params) {
        check();
    }

    final List<AutoCloseable> opened = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** A stream or statement that only remembers whether it was closed. */
    static final class Resource implements RowStream, PreparedStatement {
        volatile boolean closed;

        @Override
        public List<Column> columns() {
            return List.of();
        }

        @Override
        public boolean hasNext() {
            return false;
        }

        @Override
        public Row next() {
            throw new java.util.NoSuchElementException();
        }

        @Override
        public <T> List<T> query(RowMapper<T> mapper, Object... params) {
            return List.of();
        }

        @Override
        public void forEach(RowHandler handler, Object... params) {}

        @Override
        public RowStream stream(int fetchSize, Object... params) {
            return this;
        }

        @Override
        public long execute(Object... params) {
            return 0;
        }

        @Override
        public long[] executeBatch(List<Object[]> parameterSets) {
            return new long[0];
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Override
    public RowStream stream(String sql, int fetchSize, Object... params) {
        check();
        Resource r = new Resource();
        opened.add(r);
        return r;
    }

    @Override
    public long execute(String sql, Object... params) {
        check();
        if (sql.startsWith("FAIL ")) {
            String state = sql.substring(5);
            boolean fatal = state.startsWith("08") || state.equals("57P01");
            broken = fatal;
            throw new ServerException(new ServerMessage(
                    Map.of("severity", fatal ? "FATAL" : "ERROR", "sqlstate", state, "message", "fake failure")));
        }
        if (sql.equals("BREAK")) {
            broken = true;
            throw new ConnectionException("connection reset: id=" + id);
        }
        return 1;
    }

    @Override
    public long[] executeBatch(String sql, List<Object[]> parameterSets) {
        check();
        return new long[parameterSets.size()];
    }

    @Override
    public void executeScript(String sql) {
        check();
    }

    @Override
    public PreparedStatement prepare(String sql) {
        check();
        Resource r = new Resource();
        opened.add(r);
        return r;
    }

    @Override
    public void begin(IsolationLevel level) {
        check();
        inTransaction = true;
    }

    @Override
    public void commit() {
        check();
        inTransaction = false;
    }

    @Override
    public void rollback() {
        check();
        rollbacks++;
        inTransaction = false;
    }

    @Override
    public boolean inTransaction() {
        return inTransaction;
    }

    @Override
    public void queryTimeout(Duration timeout) {
        queryTimeout = timeout;
    }

    @Override
    public Duration queryTimeout() {
        return queryTimeout;
    }

    @Override
    public void cancel() {}

    @Override
    public boolean isValid(Duration timeout) {
        validations++;
        return !closed && !broken && !unresponsive;
    }

    @Override
    public void reset() {
        check();
        resets++;
        inTransaction = false;
    }

    @Override
    public boolean isBroken() {
        return broken;
    }

    @Override
    public boolean isClosed() {
        return closed || broken;
    }

    @Override
    public ServerInfo serverInfo() {
        return new ServerInfo("Fake", "1", id, Map.of());
    }

    @Override
    public void close() {
        closed = true;
    }
}
