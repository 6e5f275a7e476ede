package io.sluice.jdbc;

import io.sluice.ConnectionConfig;
import io.sluice.pool.ConnectionPool;
import java.io.Closeable;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@link javax.sql.DataSource} backed by a {@code sluice-pool} {@link ConnectionPool}, created on
 * the first {@code getConnection()} from the bean settings ({@link SluiceDataSource}'s plus the pool
 * sizes and timeouts below). Closing a connection gives it back: an open transaction is rolled back
 * and changed session settings (isolation, read-only, schema) are reset first. {@link #close()} closes
 * the pool.
 */
public class SluicePooledDataSource extends SluiceDataSource implements Closeable {
    private final ReentrantLock lock = new ReentrantLock();
    private volatile ConnectionPool pool;
    private int maximumPoolSize = 10;
    private int minimumIdle = 0;
    private long connectionTimeoutMillis = 30_000;

    /** A pooled data source without settings; set at least the URL. */
    public SluicePooledDataSource() {}

    /** Most connections the pool opens (default 10). */
    public void setMaximumPoolSize(int size) {
        this.maximumPoolSize = size;
    }

    /** Most connections the pool opens. */
    public int getMaximumPoolSize() {
        return maximumPoolSize;
    }

    /** Idle connections the pool keeps open (default 0). */
    public void setMinimumIdle(int minimumIdle) {
        this.minimumIdle = minimumIdle;
    }

    /** Idle connections the pool keeps open. */
    public int getMinimumIdle() {
        return minimumIdle;
    }

    /** How long {@code getConnection()} waits for a free connection, in milliseconds (default 30,000). */
    public void setConnectionTimeout(long millis) {
        this.connectionTimeoutMillis = millis;
    }

    /** How long {@code getConnection()} waits for a free connection, in milliseconds. */
    public long getConnectionTimeout() {
        return connectionTimeoutMillis;
    }

    /** The pool, built on first use. */
    public ConnectionPool pool() throws SQLException {
        ConnectionPool p = pool;
        if (p != null) {
            return p;
        }
        lock.lock();
        try {
            if (pool == null) {
                ConnectionConfig config = JdbcUrl.config(requireUrl(), properties());
                pool = ConnectionPool.builder(config)
                        .maxSize(maximumPoolSize)
                        .minIdle(minimumIdle)
                        .connectionTimeout(Duration.ofMillis(connectionTimeoutMillis))
                        .build();
            }
            return pool;
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Connection getConnection() throws SQLException {
        ConnectionPool p = pool();
        try {
            SluiceConnection c = new SluiceConnection(p.connection(), requireUrl(), getUser());
            c.pooled();
            return c;
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    /** Not supported: every pooled connection logs in as the configured user. */
    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        throw SqlExceptions.unsupported("getConnection(user, password) on a pooled data source");
    }

    /** Closes the pool and its connections. */
    @Override
    public void close() {
        ConnectionPool p = pool;
        if (p != null) {
            p.close();
        }
    }
}
