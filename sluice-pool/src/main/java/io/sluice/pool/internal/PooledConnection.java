package io.sluice.pool.internal;

import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.GeneratedKeys;
import io.sluice.IsolationLevel;
import io.sluice.Notification;
import io.sluice.PreparedStatement;
import io.sluice.RowHandler;
import io.sluice.RowMapper;
import io.sluice.RowStream;
import io.sluice.Savepoint;
import io.sluice.ServerInfo;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What a borrower holds: a handle on a pooled connection, one per borrow. {@link #close()} gives the
 * connection back (once; later calls do nothing) and every other method then throws. Failures pass
 * through unchanged; a fatal one marks the connection for eviction on return. Streams and
 * prepared statements opened through the handle and still open at {@code close()} are closed
 * first (a forgotten stream would otherwise hold the connection for the next borrower).
 */
final class PooledConnection implements Connection {
    private static final VarHandle RETURNED;
    private static final VarHandle RESOURCES;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            RETURNED = lookup.findVarHandle(PooledConnection.class, "returned", boolean.class);
            RESOURCES = lookup.findVarHandle(PooledConnection.class, "resources", Queue.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final PoolCore core;
    private final PoolEntry entry;
    private final Connection c;
    /**
     * Who borrowed it, named if the return rolls back a transaction. Kept here, in a new object,
     * not in the long-lived entry: storing a reference into an old object costs a G1 card-marking
     * barrier (a store-load fence, and a slow path whenever the card was clean) on every borrow.
     */
    private final Thread borrower;

    private volatile boolean returned;
    /** Streams and statements opened through this handle; created on first use (most borrows open none). */
    private volatile Queue<AutoCloseable> resources;

    PooledConnection(PoolCore core, PoolEntry entry, Thread borrower) {
        this.core = core;
        this.entry = entry;
        this.c = entry.connection;
        this.borrower = borrower;
    }

    private Connection live() {
        if (returned) {
            throw new ConnectionException("connection already returned to the pool: pool=" + core.name
                    + " (borrow a new one with connection())");
        }
        return c;
    }

    private RuntimeException failed(RuntimeException e) {
        return core.noteFailure(entry, e);
    }

    @Override
    public <T> List<T> query(String sql, RowMapper<T> mapper, Object... params) {
        try {
            return live().query(sql, mapper, params);
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public void forEach(String sql, RowHandler handler, Object... params) {
        try {
            live().forEach(sql, handler, params);
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public RowStream stream(String sql, int fetchSize, Object... params) {
        try {
            return track(live().stream(sql, fetchSize, params));
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public long execute(String sql, Object... params) {
        try {
            return live().execute(sql, params);
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public long[] executeBatch(String sql, List<Object[]> parameterSets) {
        try {
            return live().executeBatch(sql, parameterSets);
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public void executeScript(String sql) {
        try {
            live().executeScript(sql);
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public long copyIn(String sql, InputStream data) {
        try {
            return live().copyIn(sql, data);
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public long copyOut(String sql, OutputStream out) {
        try {
            return live().copyOut(sql, out);
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public List<Notification> awaitNotifications(Duration timeout) {
        try {
            return live().awaitNotifications(timeout);
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public long lastInsertId() {
        try {
            return live().lastInsertId();
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public GeneratedKeys executeReturningKeys(String sql, String keyColumn, Object... params) {
        try {
            return live().executeReturningKeys(sql, keyColumn, params);
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public GeneratedKeys executeBatchReturningKeys(String sql, String keyColumn, List<Object[]> parameterSets) {
        try {
            return live().executeBatchReturningKeys(sql, keyColumn, parameterSets);
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public PreparedStatement prepare(String sql) {
        try {
            return track(live().prepare(sql));
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public void begin(IsolationLevel level) {
        try {
            live().begin(level);
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public void commit() {
        try {
            live().commit();
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public void rollback() {
        try {
            live().rollback();
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public boolean inTransaction() {
        return live().inTransaction();
    }

    @Override
    public boolean transactionFailed() {
        return live().transactionFailed();
    }

    @Override
    public Savepoint savepoint(String name) {
        try {
            return live().savepoint(name);
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public void rollbackTo(Savepoint savepoint) {
        try {
            live().rollbackTo(savepoint);
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public void release(Savepoint savepoint) {
        try {
            live().release(savepoint);
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public void queryTimeout(Duration timeout) {
        live().queryTimeout(timeout);
        entry.queryTimeoutChanged = true;
    }

    @Override
    public Duration queryTimeout() {
        return live().queryTimeout();
    }

    @Override
    public void cancel() {
        live().cancel();
    }

    @Override
    public boolean isValid(Duration timeout) {
        return !returned && c.isValid(timeout);
    }

    @Override
    public void reset() {
        try {
            live().reset();
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    @Override
    public boolean isBroken() {
        return c.isBroken();
    }

    @Override
    public boolean isClosed() {
        return returned || c.isClosed();
    }

    @Override
    public ServerInfo serverInfo() {
        return live().serverInfo();
    }

    private <T extends AutoCloseable> T track(T resource) {
        Queue<AutoCloseable> q = resources;
        if (q == null) {
            RESOURCES.compareAndSet(this, null, new ConcurrentLinkedQueue<AutoCloseable>());
            q = resources;
        }
        q.add(resource);
        return resource;
    }

    /**
     * Gives the connection back to the pool: closes the streams and statements still open, rolls
     * back an open transaction. Idempotent.
     */
    @Override
    public void close() {
        if (RETURNED.compareAndSet(this, false, true)) {
            Queue<AutoCloseable> q = resources;
            if (q != null) {
                for (AutoCloseable r; (r = q.poll()) != null; ) {
                    try {
                        r.close(); // idempotent for RowStream and PreparedStatement
                    } catch (RuntimeException e) {
                        failed(e);
                    } catch (Exception e) {
                        // neither RowStream nor PreparedStatement declares a checked exception
                    }
                }
            }
            core.release(entry, borrower);
        }
    }

    @Override
    public String toString() {
        return "PooledConnection[pool=" + core.name + ", " + c + "]";
    }
}
