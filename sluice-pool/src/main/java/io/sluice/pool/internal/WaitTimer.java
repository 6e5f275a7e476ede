package io.sluice.pool.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Wakes waiters whose deadline passed. Waiters park without a timeout because a timed park of a
 * virtual thread arms and then cancels a timer task each time, which at 1,000 waiters costs more
 * than the hand-off itself; this one virtual thread instead sleeps until the earliest deadline in
 * the queue (usually the head's, as most borrowers use the same connection timeout) and parks
 * untimed while nobody waits. A new waiter with an earlier deadline wakes it.
 */
final class WaitTimer implements Runnable {
    private final PoolCore core;
    private volatile Thread thread;
    private volatile boolean stopped;
    /** Guarded by the pool's lock: whether {@link #target} is a pending wake-up. */
    private boolean armed;

    private long target;

    WaitTimer(PoolCore core) {
        this.core = core;
    }

    void start() {
        thread = Thread.ofVirtual().name(core.name + "-wait-timer").start(this);
    }

    void stop() {
        stopped = true;
        LockSupport.unpark(thread);
    }

    /** Called under the pool's lock when {@code w} joins the queue. */
    void onEnqueueLocked(Waiter w) {
        if (!armed || w.deadline - target < 0) {
            armed = true;
            target = w.deadline;
            LockSupport.unpark(thread);
        }
    }

    @Override
    public void run() {
        while (!stopped) {
            try {
                runOnce();
            } catch (RuntimeException e) {
                // never die: waiters park untimed and rely on this thread for their deadline
                LockSupport.parkNanos(this, 1_000_000L);
            }
        }
    }

    /** One scan: wakes the expired waiters, then sleeps until the earliest remaining deadline. */
    private void runOnce() {
        List<Waiter> expired = new ArrayList<>();
        long next = 0;
        boolean any = false;
        core.lock.lock();
        try {
            long now = System.nanoTime();
            for (Waiter w : core.waiters) {
                if (w.deadline - now <= 0) {
                    expired.add(w);
                } else if (!any || w.deadline - next < 0) {
                    next = w.deadline;
                    any = true;
                }
            }
            armed = any;
            target = next;
        } finally {
            core.lock.unlock();
        }
        for (Waiter w : expired) {
            LockSupport.unpark(w.thread);
        }
        if (any) {
            LockSupport.parkNanos(this, next - System.nanoTime());
        } else {
            LockSupport.park(this);
        }
    }
}
