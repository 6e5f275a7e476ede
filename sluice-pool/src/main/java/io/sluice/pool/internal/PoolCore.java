package io.sluice.pool.internal;

import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.PoolExhaustedException;
import io.sluice.SluiceException;
import io.sluice.pool.PoolClosedException;
import io.sluice.pool.PoolListener;
import io.sluice.pool.PoolStats;
import io.sluice.pool.PoolWaitInterruptedException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The pool's state and its borrow/return paths.
 *
 * <p>One {@link ReentrantLock} guards the idle stack, the FIFO waiter queue and the counts; it is
 * held only for these list operations, never around I/O (connect, validate, rollback, close), so a
 * virtual thread never pins or blocks a carrier while holding it. Idle connections are a stack
 * (most recently returned first) so that a few hot connections serve a light load and the rest
 * reach their idle timeout. A borrower that finds none queues as a {@link Waiter} and parks; every
 * return or new connection goes straight to the longest waiter (see {@link #handOffLocked}).
 */
public final class PoolCore {
    enum State { OPEN, CLOSING, CLOSED }

    /** tryLock attempts before parking on the lock (see {@link #lockSpinning()}). */
    private static final int LOCK_SPINS = 100;

    final PoolSettings settings;
    final String name;
    /** The user's listener, shielded so that nothing it throws disturbs the pool. */
    final PoolListener listener;
    final ReentrantLock lock = new ReentrantLock();
    /** Signalled when a connection is created or closed, and on returns while closing. */
    final Condition countsChanged = lock.newCondition();
    /** Signalled at close, so that creators backing off after a failure stop at once. */
    final Condition stateChanged = lock.newCondition();
    final ArrayDeque<PoolEntry> idle = new ArrayDeque<>();
    final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    /** Every open connection, idle or lent; never more than maxSize. */
    final ArrayList<PoolEntry> all = new ArrayList<>();
    int active;
    int pending;
    boolean paused;
    /** Guarded by the lock. */
    State state = State.OPEN;
    long borrows;
    long created;
    long closed;
    long evicted;
    final LongAdder creationFailures = new LongAdder();
    final LongAdder timeouts = new LongAdder();
    final LongAdder leaks = new LongAdder();
    final LongAdder rolledBack = new LongAdder();
    /** The last failure to connect, cleared by the next success: the cause of a timeout. */
    volatile SluiceException lastCreationFailure;
    /** nanoTime of the last fatal error on any connection; idle ones validated before it are validated before use. */
    volatile long suspectSince;

    private final ConnectionFactory factory;
    private final Housekeeper housekeeper;
    private final WaitTimer waitTimer;

    public PoolCore(PoolSettings settings) {
        this.settings = settings;
        this.name = settings.name();
        this.listener = new SafeListener(settings.listener());
        this.suspectSince = System.nanoTime() - 1;
        this.factory = new ConnectionFactory(this);
        this.housekeeper = new Housekeeper(this);
        this.waitTimer = new WaitTimer(this);
        waitTimer.start();
        lock.lock();
        try {
            requestCreationsLocked();
        } finally {
            lock.unlock();
        }
        housekeeper.start();
    }

    /** Lends a connection, waiting at most {@code timeoutNanos}. */
    public Connection borrow(long timeoutNanos) {
        // fast path: an idle connection and nobody queued; one clock read, no event object
        long start = 0;
        boolean started = false;
        PoolEvents.BorrowWait event = null;
        Waiter w = null; // non-null at the top of the loop: already queued again, at the head
        while (true) {
            PoolEntry e = null;
            if (w == null) {
                lockSpinning();
                try {
                    if (state != State.OPEN) {
                        throw closedException();
                    }
                    if (!paused && waiters.isEmpty()) {
                        e = idle.pollFirst();
                    }
                    if (e != null) {
                        active++;
                        borrows++;
                    } else {
                        if (!started) {
                            start = System.nanoTime();
                            started = true;
                        }
                        w = new Waiter(start + timeoutNanos);
                        waiters.addLast(w);
                        waitTimer.onEnqueueLocked(w);
                        requestCreationsLocked();
                    }
                } finally {
                    lock.unlock();
                }
            }
            if (w != null) {
                if (event == null) {
                    event = new PoolEvents.BorrowWait();
                    event.begin();
                }
                e = await(w, start);
            }
            long now = System.nanoTime();
            if (!started) {
                start = now;
                started = true;
            }
            String unusable = unusableReason(e, now);
            if (unusable == null) {
                lend(e, now);
                if (event != null && event.shouldCommit()) {
                    event.pool = name;
                    event.commit();
                }
                return new PooledConnection(this, e);
            }
            // a waiter handed a connection that fails its check keeps its turn: queued again at the
            // head in the same lock hold that retires the connection (and may start its replacement)
            w = retire(e, unusable, null, !unusable.equals(EXPIRED), w == null ? null : new Waiter(w.deadline));
        }
    }

    /**
     * Takes the lock on the borrow and return paths; a virtual thread spins briefly before it parks. The lock is
     * held for a few list operations only, by a thread that is running on another carrier, so a
     * short spin almost always wins; parking instead would put a virtual thread that may be holding
     * a connection (on its way to return it) behind every other runnable virtual thread, and with
     * 1,000 of them the pool's connections would sit idle in the scheduler's queue.
     */
    private void lockSpinning() {
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

    private PoolEntry await(Waiter w, long start) {
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
                return abandon(w, start, interrupted);
            }
            LockSupport.park(this); // untimed: the WaitTimer wakes us at the deadline
        }
    }

    /** The wait ended by timeout or interrupt: leave the queue, unless a connection arrived just now. */
    private PoolEntry abandon(Waiter w, long start, boolean interrupted) {
        PoolEntry e;
        Waiter next = null;
        String counts = null;
        PoolEvents.Timeout event = new PoolEvents.Timeout();
        lock.lock();
        try {
            e = w.entry;
            if (e == null && w.failure == null) {
                counts = describeLocked(event);
                waiters.remove(w);
            } else if (e != null && interrupted) {
                active--;
                borrows--;
                next = handOffLocked(e);
            }
        } finally {
            lock.unlock();
        }
        if (w.failure != null && e == null) {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            throw w.failure;
        }
        if (next != null) {
            LockSupport.unpark(next.thread);
        }
        if (!interrupted) {
            if (e != null) {
                return e;
            }
            timeouts.increment();
            long waited = System.nanoTime() - start;
            if (event.shouldCommit()) {
                event.pool = name;
                event.waited = waited;
                event.commit();
            }
            throw new PoolExhaustedException("connection not available: waited=" + waited / 1_000_000 + "ms, " + counts
                    + (paused() ? " (the pool is paused: call resume(), or raise connectionTimeout)"
                                : " (raise maxSize or connectionTimeout)"), lastCreationFailure);
        }
        Thread.currentThread().interrupt();
        throw new PoolWaitInterruptedException("interrupted while waiting for a connection: waited="
                + (System.nanoTime() - start) / 1_000_000 + "ms, " + (counts == null ? "pool=" + name : counts));
    }

    private String describeLocked(PoolEvents.Timeout event) {
        event.total = all.size();
        event.active = active;
        event.idle = idle.size();
        event.waiting = waiters.size();
        return "total=" + all.size() + ", active=" + active + ", idle=" + idle.size() + ", waiting=" + waiters.size()
                + ", maxSize=" + settings.maxSize() + ", pending=" + pending + ", pool=" + name;
    }

    private static final String EXPIRED = "maxLifetime reached";

    /** Why a connection about to be lent must be discarded instead (validating it if due), or null. */
    private String unusableReason(PoolEntry e, long now) {
        if (settings.maxLifetimeNanos() > 0 && e.isExpired(now)) {
            return EXPIRED;
        }
        if (now - e.lastUsedAt > settings.validationWindowNanos() || e.lastValidatedAt - suspectSince < 0) {
            if (!factory.validate(e)) {
                return "validation failed before lending";
            }
        }
        return null;
    }

    private void lend(PoolEntry e, long now) {
        e.borrower = Thread.currentThread();
        e.leakReported = false;
        if (settings.leakThresholdNanos() > 0) {
            e.borrowStack = StackWalker.getInstance().walk(s -> s.skip(2).map(StackWalker.StackFrame::toStackTraceElement)
                    .toArray(StackTraceElement[]::new));
        }
        e.borrowedAt = now; // last: publishes the fields above to the housekeeper
    }

    /** Takes back a connection from its borrower ({@link PooledConnection#close()}). */
    void release(PoolEntry e) {
        long now = System.nanoTime();
        PoolEvents.Usage usage = new PoolEvents.Usage();
        if (usage.shouldCommit()) {
            usage.pool = name;
            usage.held = now - e.borrowedAt;
            usage.commit();
        }
        Thread borrower = e.borrower;
        e.borrower = null;
        e.borrowStack = null;
        e.borrowedAt = 0;
        Throwable cause = e.evictCause;
        String reason = cause != null ? "fatal error" : factory.resetOnReturn(e, borrower);
        if (reason == null && settings.maxLifetimeNanos() > 0 && e.isExpired(now)) {
            retire(e, EXPIRED, null, false);
            return;
        }
        if (reason != null) {
            retire(e, reason, cause != null ? cause : e.evictCause, true);
            return;
        }
        e.lastUsedAt = now;
        giveBack(e);
    }

    /** Puts a lent (or checked) connection back: to the longest waiter, else onto the idle stack. */
    void giveBack(PoolEntry e) {
        Waiter w = null;
        boolean closeIt = false;
        lockSpinning();
        try {
            active--;
            if (state != State.OPEN) {
                closeIt = all.remove(e);
                if (closeIt) {
                    closed++;
                }
                countsChanged.signalAll();
            } else {
                w = handOffLocked(e);
            }
        } finally {
            lock.unlock();
        }
        if (w != null) {
            LockSupport.unpark(w.thread);
        } else if (closeIt) {
            factory.closeQuietly(e);
        }
    }

    /**
     * Hands {@code e} to the longest waiter, counting it lent, or pushes it onto the idle stack.
     * Returns the waiter to unpark once the lock is released.
     */
    Waiter handOffLocked(PoolEntry e) {
        if (!paused) {
            Waiter w = waiters.pollFirst();
            if (w != null) {
                active++;
                borrows++;
                w.entry = e;
                return w;
            }
        }
        idle.addFirst(e);
        return null;
    }

    /** Removes a lent connection from the pool and closes it; a replacement is requested if needed. */
    void retire(PoolEntry e, String reason, Throwable cause, boolean eviction) {
        retire(e, reason, cause, eviction, null);
    }

    /**
     * {@link #retire(PoolEntry, String, Throwable, boolean)}, and queues {@code requeue} at the head
     * of the waiters in the same lock hold. Returns {@code requeue}, or null if the pool closed.
     */
    private Waiter retire(PoolEntry e, String reason, Throwable cause, boolean eviction, Waiter requeue) {
        lock.lock();
        try {
            active--;
            if (all.remove(e)) {
                closed++;
            }
            if (eviction) {
                evicted++;
            }
            if (requeue != null && state == State.OPEN) {
                waiters.addFirst(requeue);
                waitTimer.onEnqueueLocked(requeue);
            } else {
                requeue = null;
            }
            requestCreationsLocked();
            countsChanged.signalAll();
        } finally {
            lock.unlock();
        }
        factory.closeQuietly(e);
        listener.onEvicted(name, reason, cause);
        return requeue;
    }

    /** Starts background creations for waiters and for minIdle, within maxSize. */
    void requestCreationsLocked() {
        if (state != State.OPEN) {
            return;
        }
        int need = Math.max(paused ? 0 : waiters.size(), settings.minIdle() - idle.size()) - pending;
        int room = settings.maxSize() - all.size() - pending;
        for (int i = Math.min(need, room); i > 0; i--) {
            pending++;
            factory.startCreation();
        }
    }

    /** Whether a creator whose attempt failed should try again (it still counts in {@code pending}). */
    boolean creationStillNeededLocked() {
        return state == State.OPEN && Math.max(paused ? 0 : waiters.size(), settings.minIdle() - idle.size()) >= pending
                && all.size() + pending <= settings.maxSize();
    }

    /** A creator opened {@code e}: lend it to a waiter, keep it idle, or close it if the pool closed. */
    void added(PoolEntry e) {
        Waiter w = null;
        boolean open;
        lock.lock();
        try {
            pending--;
            created++;
            open = state == State.OPEN;
            if (open) {
                all.add(e);
                w = handOffLocked(e);
            } else {
                closed++;
            }
            countsChanged.signalAll();
        } finally {
            lock.unlock();
        }
        if (w != null) {
            LockSupport.unpark(w.thread);
        } else if (!open) {
            factory.closeQuietly(e);
        }
    }

    /** Marks the connection for eviction if {@code failure} is fatal; returns it for rethrowing. */
    RuntimeException noteFailure(PoolEntry e, RuntimeException failure) {
        if (FatalErrors.isFatal(failure)) {
            e.evictCause = failure;
            suspectSince = System.nanoTime();
        }
        return failure;
    }

    boolean isOpenLocked() {
        return state == State.OPEN;
    }

    boolean paused() {
        lock.lock();
        try {
            return paused;
        } finally {
            lock.unlock();
        }
    }

    PoolClosedException closedException() {
        return new PoolClosedException("connection pool closed: pool=" + name);
    }

    /** Pauses or resumes lending; resuming hands idle connections to the waiters at once. */
    public void setPaused(boolean pause) {
        List<Waiter> woken = new ArrayList<>();
        lock.lock();
        try {
            paused = pause;
            if (!pause) {
                while (!waiters.isEmpty() && !idle.isEmpty()) {
                    woken.add(handOffLocked(idle.pollFirst()));
                }
                requestCreationsLocked();
            }
        } finally {
            lock.unlock();
        }
        woken.forEach(w -> LockSupport.unpark(w.thread));
    }

    /** A consistent snapshot of the counts. */
    public PoolStats stats() {
        lock.lock();
        try {
            return new PoolStats(all.size(), active, idle.size(), waiters.size(), pending, settings.maxSize(), borrows,
                    created, closed, creationFailures.sum(), timeouts.sum(), leaks.sum(), rolledBack.sum(), evicted, paused);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until at least {@code minIdle} connections are open.
     *
     * @throws PoolExhaustedException with the last creation failure when the time runs out
     */
    public void awaitMinIdle(long timeoutNanos) {
        long deadline = System.nanoTime() + timeoutNanos;
        lock.lock();
        try {
            while (all.size() < settings.minIdle() && state == State.OPEN) {
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0) {
                    throw new PoolExhaustedException("minIdle connections not opened in time: total=" + all.size()
                            + ", minIdle=" + settings.minIdle() + ", pending=" + pending + ", pool=" + name
                            + " (check the server and the credentials)", lastCreationFailure);
                }
                countsChanged.awaitNanos(remaining);
            }
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new PoolWaitInterruptedException("interrupted while waiting for minIdle connections: pool=" + name);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Closes the pool: waiters fail, idle connections close at once, lent ones when returned; after
     * {@code graceNanos} the remaining lent connections are closed under their borrowers.
     *
     * @return true if every lent connection came back in time
     */
    public boolean close(long graceNanos) {
        return new PoolCloser(this).close(graceNanos);
    }

    /** Stops the background threads; called once by {@link PoolCloser}. */
    void stopBackgroundThreads() {
        housekeeper.stop();
        waitTimer.stop();
    }

    /** Used by tests and the housekeeper: the connection factory. */
    ConnectionFactory factory() {
        return factory;
    }

    static ConnectionException wrapCreationFailure(String pool, Throwable e) {
        return new ConnectionException("connection could not be opened: pool=" + pool + ", error=" + e, e);
    }
}
