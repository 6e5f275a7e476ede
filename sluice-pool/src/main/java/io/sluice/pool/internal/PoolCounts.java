package io.sluice.pool.internal;

import io.sluice.PoolExhaustedException;
import io.sluice.pool.PoolStats;
import io.sluice.pool.PoolWaitInterruptedException;

/**
 * Reads {@link PoolCore}'s counts under its lock: the {@link PoolStats} snapshot the application asks
 * for, the counts a borrow timeout quotes in its message and its JFR event, and the wait until minIdle
 * connections are open. Static methods over the pool's fields; none is on a borrow's or a return's path.
 */
final class PoolCounts {
    private PoolCounts() {}

    /** A snapshot of the counts, taken under the lock (lent and idle entries may change meanwhile). */
    static PoolStats snapshot(PoolCore core) {
        core.lock.lock();
        try {
            EntrySlots slots = core.slots;
            int total = 0;
            int idle = 0;
            long borrows = core.retiredLends;
            for (int i = 0; i < slots.capacity(); i++) {
                PoolEntry e = slots.get(i);
                if (e != null) {
                    total++;
                    idle += e.state() == PoolEntry.IDLE ? 1 : 0;
                    borrows += e.lends;
                }
            }
            return new PoolStats(
                    total,
                    total - idle,
                    idle,
                    core.waiters.size(),
                    core.pending,
                    core.settings.maxSize(),
                    borrows,
                    core.created,
                    core.closed,
                    core.creationFailures.sum(),
                    core.timeouts.sum(),
                    core.leaks.sum(),
                    core.rolledBack.sum(),
                    core.evicted,
                    core.paused);
        } finally {
            core.lock.unlock();
        }
    }

    /** Fills a timeout's event with the counts and returns them as a borrow timeout's message quotes them. */
    static String describeLocked(PoolCore core, PoolEvents.Timeout event) {
        int total = core.slots.sizeLocked();
        int idle = core.slots.count(PoolEntry.IDLE);
        event.total = total;
        event.active = total - idle;
        event.idle = idle;
        event.waiting = core.waiters.size();
        return "total=" + total + ", active=" + (total - idle) + ", idle=" + idle + ", waiting=" + core.waiters.size()
                + ", maxSize=" + core.settings.maxSize() + ", pending=" + core.pending + ", pool=" + core.name;
    }

    /**
     * Waits until at least {@code minIdle} connections are open.
     *
     * @throws PoolExhaustedException with the last creation failure when the time runs out
     */
    static void awaitMinIdle(PoolCore core, long timeoutNanos) {
        long deadline = System.nanoTime() + timeoutNanos;
        int minIdle = core.settings.minIdle();
        core.lock.lock();
        try {
            while (core.slots.sizeLocked() < minIdle && core.state == PoolCore.State.OPEN) {
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0) {
                    throw new PoolExhaustedException(
                            "minIdle connections not opened in time: total=" + core.slots.sizeLocked()
                                    + ", minIdle=" + minIdle + ", pending=" + core.pending + ", pool=" + core.name
                                    + " (check the server and the credentials)",
                            core.lastCreationFailure);
                }
                core.countsChanged.awaitNanos(remaining);
            }
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new PoolWaitInterruptedException(
                    "interrupted while waiting for minIdle connections: pool=" + core.name);
        } finally {
            core.lock.unlock();
        }
    }
}
