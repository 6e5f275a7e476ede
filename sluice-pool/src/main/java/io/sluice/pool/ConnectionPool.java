package io.sluice.pool;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.PoolExhaustedException;
import io.sluice.pool.internal.PoolCore;
import io.sluice.pool.internal.PoolSettings;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A pool of connections for any Sluice driver, safe to use from any number of (virtual) threads.
 *
 * <pre>{@code
 * try (ConnectionPool pool = ConnectionPool.builder(() -> ConnectionConfig.fromUrl(url)).maxSize(10).build()) {
 *     long n = pool.withConnection(c -> c.execute("UPDATE t SET x = 1"));
 * }
 * }</pre>
 *
 * <p>Costs: a borrow and return without waiting take no lock: one CAS to take an idle connection,
 * one volatile store to give it back, one clock read (at the borrow) and one small handle (up to
 * {@code maxSize} slots are scanned for an idle one). Only when the pool is empty, or borrowers already wait, do
 * borrowers queue under the pool's lock. A connection not lent within the validation window
 * (500 ms by default) is validated with one round trip before it is lent. Connections are opened
 * on background virtual threads, never on the borrower's thread.
 */
public final class ConnectionPool implements AutoCloseable {
    private final PoolCore core;
    private final PoolSettings settings;

    ConnectionPool(PoolSettings settings) {
        this.settings = settings;
        this.core = new PoolCore(settings);
        core.metrics.poolStarted(this);
    }

    /**
     * A builder whose pool asks {@code configs} for the configuration of every new connection, so
     * that rotated passwords or short-lived tokens take effect for the next connection opened.
     */
    public static ConnectionPoolBuilder builder(Supplier<ConnectionConfig> configs) {
        return new ConnectionPoolBuilder(configs);
    }

    /** A builder for a fixed configuration. */
    public static ConnectionPoolBuilder builder(ConnectionConfig config) {
        Objects.requireNonNull(config, "config");
        return new ConnectionPoolBuilder(() -> config);
    }

    /** A builder for a URL such as {@code postgresql://app:secret@db:5432/orders}; see {@link ConnectionConfig#fromUrl}. */
    public static ConnectionPoolBuilder builder(String url) {
        return builder(ConnectionConfig.fromUrl(url));
    }

    /** The pool's name. */
    public String name() {
        return settings.name();
    }

    /**
     * Lends a connection; {@link Connection#close()} gives it back. Waits in FIFO order behind
     * earlier borrowers, at most the connection timeout.
     *
     * @throws PoolExhaustedException when none became available in time; its message states the
     *         pool's counts, its cause is the last failure to open a connection, if any
     * @throws PoolWaitInterruptedException when interrupted while waiting (the flag stays set)
     * @throws PoolClosedException when the pool is closed
     */
    public Connection connection() {
        return core.borrow(settings.connectionTimeoutNanos());
    }

    /** {@link #connection()} with its own wait limit. */
    public Connection connection(Duration timeout) {
        return core.borrow(timeout.toNanos());
    }

    /** Borrows a connection, applies {@code work} and gives the connection back, also when it throws. */
    public <T> T withConnection(Function<? super Connection, ? extends T> work) {
        try (Connection c = connection()) {
            return work.apply(c);
        }
    }

    /** {@link #withConnection(Function)} without a result. */
    public void useConnection(Consumer<? super Connection> work) {
        try (Connection c = connection()) {
            work.accept(c);
        }
    }

    /** A snapshot of the pool's counts (see {@link PoolStats}). */
    public PoolStats stats() {
        return core.stats();
    }

    /**
     * Stops lending: borrowers wait (up to their timeout) until {@link #resume()}. Connections in use
     * stay with their borrowers; returned ones stay idle.
     */
    public void pause() {
        core.setPaused(true);
    }

    /** Resumes lending; waiting borrowers get idle connections at once, in FIFO order. */
    public void resume() {
        core.setPaused(false);
    }

    /**
     * Waits until {@code minIdle} connections are open, for start-up code that should fail fast.
     *
     * @throws PoolExhaustedException with the last failure to connect as cause when time runs out
     */
    public void awaitMinIdle(Duration timeout) {
        core.awaitMinIdle(timeout.toNanos());
    }

    /**
     * Closes the pool gracefully: new borrows and waiting borrowers fail with
     * {@link PoolClosedException}, idle connections close at once, lent ones as they are returned;
     * connections still lent after {@code grace} are closed under their borrowers.
     *
     * @return true when every lent connection was returned within {@code grace}
     */
    public boolean close(Duration grace) {
        return core.close(grace.toNanos());
    }

    /** {@link #close(Duration)} with a grace period of 30 seconds. Idempotent. */
    @Override
    public void close() {
        close(Duration.ofSeconds(30));
    }

    @Override
    public String toString() {
        return "ConnectionPool[" + settings.name() + ", " + stats() + "]";
    }
}
