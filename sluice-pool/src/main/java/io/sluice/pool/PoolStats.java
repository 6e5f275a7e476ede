package io.sluice.pool;

/**
 * A snapshot of a pool's counts, taken under the pool's lock. Borrows and returns without waiting
 * do not take that lock, so {@code active} and {@code idle} may be a moment old; each connection is
 * counted once, so {@code total == active + idle} always holds.
 *
 * @param total              open connections (idle + active)
 * @param active             connections lent to borrowers (or being validated)
 * @param idle               connections ready to lend
 * @param waiting            borrowers waiting for a connection
 * @param pending            connections being opened in the background
 * @param maxSize            the configured maximum of {@code total}
 * @param borrows            connections lent since the pool started
 * @param created            connections opened since the pool started
 * @param closed             connections closed since the pool started (expired, idle, broken, at close)
 * @param creationFailures   failed attempts to open a connection
 * @param timeouts           borrowers that gave up waiting ({@link io.sluice.PoolExhaustedException})
 * @param leaks              connections reported as held longer than the leak detection threshold
 * @param rolledBack         connections returned with an open transaction, which the pool rolled back
 * @param evicted            connections discarded because they saw a fatal error or failed validation
 * @param paused             true between {@link ConnectionPool#pause()} and {@link ConnectionPool#resume()}
 */
public record PoolStats(
        int total,
        int active,
        int idle,
        int waiting,
        int pending,
        int maxSize,
        long borrows,
        long created,
        long closed,
        long creationFailures,
        long timeouts,
        long leaks,
        long rolledBack,
        long evicted,
        boolean paused) {}
