package io.sluice.pool.internal;

import io.sluice.Connection;
import io.sluice.PoolExhaustedException;
import io.sluice.pool.PoolWaitInterruptedException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The pool's slow paths for borrowers that wait: joining the FIFO queue (a borrow that finds no idle
 * connection, or finds others already waiting), parking until handed a connection, leaving the queue at
 * the deadline or on interrupt, and serving it, that is handing idle entries to the longest waiters and
 * unparking them once the lock is released.
 *
 * <p>Static methods over {@link PoolCore}'s fields: the queue itself ({@link PoolCore#waiters} and its
 * size {@link PoolCore#waiting}) stays there, where the lock-free fast paths read the size, and only
 * PoolCore's {@code *WaiterLocked} methods change it. Nothing here runs while a borrow or a return
 * takes its fast path.
 */
final class WaitingBorrowers {
    /** tryLock attempts before parking on the lock (see {@link #lockSpinning}). */
    private static final int LOCK_SPINS = 100;

    private WaitingBorrowers() {}

    /** {@link PoolCore#borrow}'s slow path: queue behind earlier waiters, or take an idle entry if none wait. */
    static Connection borrow(PoolCore core, long timeoutNanos) {
        long start = System.nanoTime();
        PoolEvents.BorrowWait event = null;
        Waiter w = null; // non-null at the top of the loop: already queued again, at the head
        while (true) {
            PoolEntry e = null;
            if (w == null) {
                List<Waiter> woken = null;
                lockSpinning(core.lock);
                try {
                    if (core.state != PoolCore.State.OPEN) {
                        throw core.closedException();
                    }
                    if (!core.paused && core.waiters.isEmpty()) {
                        e = core.slots.lendIdle();
                    }
                    if (e == null) {
                        w = new Waiter(start + timeoutNanos);
                        core.addWaiterLocked(w, false); // then look again: a return may have just made one idle
                        woken = lendIdleLocked(core);
                        core.requestCreationsLocked();
                    }
                } finally {
                    core.lock.unlock();
                }
                unparkOthers(woken);
            }
            if (w != null) {
                if (event == null && PoolEvents.BORROW_WAIT.isEnabled()) {
                    event = new PoolEvents.BorrowWait();
                    event.begin();
                }
                e = await(core, w, start);
            }
            long now = System.nanoTime();
            String unusable = core.unusableReason(e, now);
            if (unusable == null) {
                if (event != null && event.shouldCommit()) {
                    event.pool = core.name;
                    event.commit();
                }
                return core.lend(e, now);
            }
            // a waiter handed a connection that fails its check keeps its turn: queued again at the
            // head in the same lock hold that retires the connection (and may start its replacement)
            w = core.retire(
                    e, unusable, null, !unusable.equals(PoolCore.EXPIRED), w == null ? null : new Waiter(w.deadline));
        }
    }

    private static PoolEntry await(PoolCore core, Waiter w, long start) {
        while (true) {
            PoolEntry e = w.entry;
            if (e != null) {
                return e;
            }
            RuntimeException failure = w.failure;
            if (failure != null) {
                throw failure;
            }
            boolean interrupted = Thread.interrupted();
            if (interrupted || System.nanoTime() - w.deadline >= 0) {
                return abandon(core, w, start, interrupted);
            }
            LockSupport.park(core); // untimed: the WaitTimer wakes us at the deadline
        }
    }

    /** The wait ended by timeout or interrupt: leave the queue, unless a connection arrived just now. */
    private static PoolEntry abandon(PoolCore core, Waiter w, long start, boolean interrupted) {
        PoolEntry e;
        String counts = null;
        PoolEvents.Timeout event = new PoolEvents.Timeout();
        core.lock.lock();
        try {
            e = w.entry;
            if (e == null && w.failure == null) {
                counts = PoolCounts.describeLocked(core, event);
                core.removeWaiterLocked(w);
            }
        } finally {
            core.lock.unlock();
        }
        if (w.failure != null && e == null) {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            throw w.failure;
        }
        if (e != null && interrupted) {
            core.giveBack(e); // handed over just now: to the next waiter, or closed if the pool is closing
        }
        if (!interrupted) {
            if (e != null) {
                return e;
            }
            core.timeouts.increment();
            long waited = System.nanoTime() - start;
            core.metrics.onTimeout(waited);
            if (event.shouldCommit()) {
                event.pool = core.name;
                event.waited = waited;
                event.commit();
            }
            throw new PoolExhaustedException(
                    "connection not available: waited=" + waited / 1_000_000 + "ms, " + counts
                            + (core.paused
                                    ? " (the pool is paused: call resume(), or raise connectionTimeout)"
                                    : " (raise maxSize or connectionTimeout)"),
                    core.lastCreationFailure);
        }
        Thread.currentThread().interrupt();
        throw new PoolWaitInterruptedException("interrupted while waiting for a connection: waited="
                + (System.nanoTime() - start) / 1_000_000 + "ms, " + (counts == null ? "pool=" + core.name : counts));
    }

    /**
     * Lends idle entries to the longest waiters while both exist; returns the waiters to unpark
     * once the lock is released (null if none). The waiter's thread sets up the lend itself.
     */
    static List<Waiter> lendIdleLocked(PoolCore core) {
        List<Waiter> woken = null;
        while (!core.paused && !core.waiters.isEmpty()) {
            PoolEntry e = core.slots.lendIdle();
            if (e == null) {
                break;
            }
            Waiter w = core.pollWaiterLocked();
            w.entry = e;
            if (woken == null) {
                woken = new ArrayList<>(2);
            }
            woken.add(w);
        }
        return woken;
    }

    /** Unparks the waiters {@link #lendIdleLocked} served (none if null), except the caller. */
    static void unparkOthers(List<Waiter> woken) {
        if (woken != null) {
            Thread self = Thread.currentThread();
            for (Waiter w : woken) {
                if (w.thread != self) {
                    LockSupport.unpark(w.thread);
                }
            }
        }
    }

    /**
     * Takes the lock on the slow paths; a virtual thread spins briefly before it parks. The lock is
     * held for a few list operations only, by a thread that is running on another carrier, so a
     * short spin almost always wins; parking instead would put the virtual thread behind every
     * other runnable virtual thread while waiters it could serve stay parked.
     */
    static void lockSpinning(ReentrantLock lock) {
        if (lock.tryLock()) {
            return;
        }
        if (!Thread.currentThread().isVirtual()) {
            // platform threads outnumbering cores: the holder may be descheduled, spinning would waste the core
            lock.lock();
            return;
        }
        for (int i = 0; i < LOCK_SPINS; i++) {
            Thread.onSpinWait();
            if (lock.tryLock()) {
                return;
            }
        }
        lock.lock();
    }
}
