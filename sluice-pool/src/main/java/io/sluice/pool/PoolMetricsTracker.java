package io.sluice.pool;

import java.util.List;

/**
 * Receives a pool's timings, for metrics and tracing (HikariCP's {@code IMetricsTracker}): how long each
 * borrow took, how long each connection was held, how long each connection took to open, and each borrow
 * that timed out. Register with {@link ConnectionPoolBuilder#metricsTracker}; {@link #of} combines several.
 * The counts (active, idle, waiting...) come from {@link ConnectionPool#stats()}.
 *
 * <p>Calls come on the thread that did the work (the borrower, the returning thread, a creator thread),
 * must return quickly and must not borrow from the pool; what they throw is dropped.
 *
 * <p>Cost: with the default, {@link #NONE}, the pool reads no extra clock (a borrow without waiting
 * reads a coarse clock only). With a tracker, each borrow and each return reads {@code System.nanoTime()}.
 */
public interface PoolMetricsTracker {

    /** Tracks nothing; the default, recognised by identity so that the pool skips the clock reads. */
    PoolMetricsTracker NONE = new PoolMetricsTracker() {};

    /** The pool was built: {@code pool} names it and gives its {@linkplain ConnectionPool#stats() counts}. */
    default void poolStarted(ConnectionPool pool) {}

    /** A borrow returned a connection after {@code nanos}, waiting and validation included. */
    default void onAcquired(long nanos) {}

    /** A borrower gave a connection back after holding it for {@code nanos}. */
    default void onReleased(long nanos) {}

    /** A connection was opened in {@code nanos} (failed attempts are not timed: see {@link PoolListener#onCreationFailure}). */
    default void onCreated(long nanos) {}

    /** A borrower gave up after waiting {@code nanos} ({@link io.sluice.PoolExhaustedException}). */
    default void onTimeout(long nanos) {}

    /**
     * One tracker calling each of {@code trackers} in order; {@link #NONE} entries are skipped, and one that
     * throws does not keep the others from being called.
     */
    static PoolMetricsTracker of(PoolMetricsTracker... trackers) {
        List<PoolMetricsTracker> active =
                java.util.Arrays.stream(trackers).filter(t -> t != NONE).toList();
        if (active.isEmpty()) {
            return NONE;
        }
        if (active.size() == 1) {
            return active.getFirst();
        }
        return new CompositeMetricsTracker(active);
    }
}
