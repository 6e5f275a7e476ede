package io.sluice.pool.internal;

/**
 * A borrower parked in the pool's FIFO queue. The pool hands it a connection (or a failure) by
 * writing {@link #entry} / {@link #failure} under its lock and then unparking {@link #thread}:
 * a direct hand-off, so a returned connection goes to the longest waiter, never to a barging
 * newcomer, and the woken thread does not have to take the lock again on its fast path.
 * It parks without a timeout; the pool's {@link WaitTimer} wakes it at {@link #deadline}.
 */
final class Waiter {
    final Thread thread = Thread.currentThread();
    /** System.nanoTime() after which the borrower gives up. */
    final long deadline;

    volatile PoolEntry entry;
    volatile RuntimeException failure;

    Waiter(long deadline) {
        this.deadline = deadline;
    }
}
