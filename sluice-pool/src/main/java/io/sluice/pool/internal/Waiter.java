package io.sluice.pool.internal;

/**
 * A borrower parked in the pool's FIFO queue. The pool hands it a connection (or a failure) by
 * writing {@link #entry} / {@link #failure} under its lock and then unparking {@link #thread}:
 * a direct hand-off, so a returned connection goes to the longest waiter, never to a barging
 * newcomer, and the woken thread does not have to take the lock again on its fast path.
 */
final class Waiter {
    final Thread thread = Thread.currentThread();
    volatile PoolEntry entry;
    volatile RuntimeException failure;
}
