package io.sluice.pool.internal;

import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.PoolExhaustedException;
import io.sluice.SluiceException;
import io.sluice.pool.PoolClosedException;
import io.sluice.pool.PoolListener;
import io.sluice.pool.PoolMetricsTracker;
import io.sluice.pool.PoolStats;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The pool's state and its borrow/return paths.
 *
 * <p>Hot path (see {@link EntrySlots}): while nobody waits, a borrow takes the lowest idle entry
 * with one CAS and a return gives it back with one volatile store; neither takes a lock, parks or
 * allocates anything but the borrower's handle, and neither reads {@code nanoTime()} (a borrow
 * reads the {@link CoarseClock} when the settings allow it; a return reads no clock). There is no
 * ThreadLocal cache: it would do nothing for short-lived virtual threads. Slow path
 * ({@link WaitingBorrowers}): a borrower that finds no idle connection (or finds others already
 * waiting: a newcomer never overtakes) queues as a {@link Waiter} under the {@link ReentrantLock} and
 * parks; from then on returns see {@link #waiting} non-zero and hand idle connections to the longest
 * waiter under the lock ({@link WaitingBorrowers#lendIdleLocked}). {@link PoolCounts} reads the counts.
 *
 * <p>No lost wake-up: a queuing borrower publishes {@link #waiting} (volatile) and then looks for
 * an idle entry; a returner publishes the entry's idle state (volatile) and then reads
 * {@link #waiting}. Sequential consistency of volatiles means at least one of them sees the other,
 * and both then hand idle entries to waiters under the lock. Closing uses the same handshake with
 * {@link #state}. The lock is held for list operations only, never around I/O (connect, validate,
 * rollback, close), so a virtual thread never pins or blocks a carrier while holding it.
 */
public final class PoolCore {
    enum State {
        OPEN,
        CLOSING,
        CLOSED
    }

    final PoolSettings settings;
    final String name;
    /** The user's listener, shielded so that nothing it throws disturbs the pool. */
    final PoolListener listener;
    /** The user's metrics tracker, shielded like {@link #listener}. */
    public final PoolMetricsTracker metrics;
    /** False for {@link PoolMetricsTracker#NONE}: then a borrow and a return read no extra clock. */
    private final boolean tracked;

    final ReentrantLock lock = new ReentrantLock();
    /** Signalled when a connection is created or closed, and on returns while closing. */
    final Condition countsChanged = lock.newCondition();
    /** Signalled at close, so that creators backing off after a failure stop at once. */
    final Condition stateChanged = lock.newCondition();
    /** Every open connection, idle or lent; never more than maxSize. */
    final EntrySlots slots;
    /** Borrowers waiting, longest first; guarded by the lock. */
    final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    /** {@code waiters.size()}: kept by the {@code *WaiterLocked} methods under the lock, read by the lock-free paths. */
    volatile int waiting;

    int pending;
    volatile boolean paused;
    /** Written under the lock, read by the lock-free paths. */
    volatile State state = State.OPEN;
    /** Connections closed under their borrowers by {@link PoolCloser} and not given back yet; guarded by the lock. */
    int forcedOutstanding;
    /** Lends counted by entries already closed (live entries count their own); guarded by the lock. */
    long retiredLends;

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

    /** Whether the borrow fast path may read {@link CoarseClock} (see {@link #coarseClockSuffices}). */
    private final boolean coarseClock;

    private final ConnectionFactory factory;
    private final Housekeeper housekeeper;
    private final WaitTimer waitTimer;

    public PoolCore(PoolSettings settings) {
        this.settings = settings;
        this.name = settings.name();
        this.listener = new SafeListener(settings.listener());
        this.tracked = settings.metricsTracker() != PoolMetricsTracker.NONE;
        this.metrics = tracked ? new SafeMetricsTracker(settings.metricsTracker()) : PoolMetricsTracker.NONE;
        this.suspectSince = System.nanoTime() - 1;
        this.slots = new EntrySlots(settings.maxSize());
        this.coarseClock = coarseClockSuffices(settings) && !tracked; // usage is timed from the lend's clock read
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
        if (tracked) {
            return borrowTimed(timeoutNanos);
        }
        return borrowUntimed(timeoutNanos);
    }

    /** {@link #borrow} for a pool with a metrics tracker: times the whole borrow. */
    private Connection borrowTimed(long timeoutNanos) {
        long start = System.nanoTime();
        Connection c = borrowUntimed(timeoutNanos);
        metrics.onAcquired(System.nanoTime() - start);
        return c;
    }

    private Connection borrowUntimed(long timeoutNanos) {
        // fast path: nobody waits and an entry is idle; no lock, one CAS, a coarse clock read
        if (waiting == 0 && !paused && state == State.OPEN) {
            PoolEntry e = slots.lendIdle();
            if (e != null) {
                long now = coarseClock && !PoolEvents.USAGE.isEnabled() ? CoarseClock.now() : System.nanoTime();
                String unusable = unusableReason(e, now);
                if (unusable == null) {
                    return lend(e, now);
                }
                retire(e, unusable, null, !unusable.equals(EXPIRED));
            }
        }
        return WaitingBorrowers.borrow(this, timeoutNanos);
    }

    /**
     * Whether a clock about a tick late ({@link CoarseClock}) is good enough for the fast path's
     * checks with these settings: the validation window, lifetime and idle timeout are long enough,
     * and leak detection (which times each borrow) is off. The slow path reads {@code nanoTime()}:
     * it parks anyway, and its deadline must be precise.
     */
    static boolean coarseClockSuffices(PoolSettings s) {
        long min = CoarseClock.MIN_PRECISION_NANOS;
        return s.leakThresholdNanos() == 0
                && s.validationWindowNanos() >= min
                && (s.maxLifetimeNanos() == 0 || s.maxLifetimeNanos() - s.lifetimeJitterNanos() >= min)
                && (s.idleTimeoutNanos() == 0 || s.idleTimeoutNanos() >= min);
    }

    static final String EXPIRED = "maxLifetime reached";

    /** Why a connection about to be lent must be discarded instead (validating it if due), or null. */
    String unusableReason(PoolEntry e, long now) {
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

    /** Hands the caller's entry to it in a new handle (the only allocation of a borrow). */
    Connection lend(PoolEntry e, long now) {
        e.lends++;
        e.lastUsedAt = now;
        e.leakReported = false;
        Thread borrower = Thread.currentThread();
        if (settings.leakThresholdNanos() > 0) {
            e.borrower = borrower;
            e.borrowStack = StackWalker.getInstance().walk(s -> s.dropWhile(PoolCore::isPoolFrame)
                    .map(StackWalker.StackFrame::toStackTraceElement)
                    .toArray(StackTraceElement[]::new));
        }
        e.borrowedAt(now); // last: publishes the fields above to the housekeeper
        return new PooledConnection(this, e, borrower);
    }

    /** Whether a frame of a borrow's stack is the pool's own, above the borrower's (leak reports leave it out). */
    private static boolean isPoolFrame(StackWalker.StackFrame f) {
        String c = f.getClassName();
        return c.equals(PoolCore.class.getName()) || c.equals(WaitingBorrowers.class.getName());
    }

    /**
     * Takes back a connection from its borrower ({@link PooledConnection#close()}). Reads no clock
     * (a clock read costs about as much as the rest of a return): the entry's idle time counts from
     * its lend, and an expired connection is retired by the next borrow or the housekeeper.
     */
    void release(PoolEntry e, Thread borrower) {
        if (tracked) {
            metrics.onReleased(System.nanoTime() - e.borrowedAt());
        }
        if (PoolEvents.USAGE.isEnabled()) {
            PoolEvents.Usage usage = new PoolEvents.Usage();
            if (usage.shouldCommit()) {
                usage.pool = name;
                usage.held = System.nanoTime() - e.borrowedAt();
                usage.commit();
            }
        }
        e.borrower = null;
        e.borrowStack = null;
        e.borrowedAt(0);
        Throwable cause = e.evictCause;
        String reason = cause != null ? "fatal error" : factory.resetOnReturn(e, borrower);
        if (reason != null) {
            retire(e, reason, cause != null ? cause : e.evictCause, true);
            return;
        }
        giveBack(e);
    }

    /**
     * Puts a lent (or checked) connection back: one volatile store while nobody waits; otherwise
     * {@link #giveBackSlowPath} hands it (or another idle one) to the longest waiter.
     */
    void giveBack(PoolEntry e) {
        e.setIdle();
        // read after the store (both volatile): a borrower queuing now either sees the entry idle or is seen here
        if (waiting != 0 || state != State.OPEN) {
            giveBackSlowPath(e);
        }
    }

    private void giveBackSlowPath(PoolEntry e) {
        List<Waiter> woken = null;
        boolean closeIt = false;
        WaitingBorrowers.lockSpinning(lock);
        try {
            if (state != State.OPEN) {
                // the closer claims idle entries too; whoever wins the CAS closes it
                closeIt = e.tryClaim(PoolEntry.REMOVED) && removeLocked(e);
                countsChanged.signalAll();
            } else {
                woken = WaitingBorrowers.lendIdleLocked(this);
            }
        } finally {
            lock.unlock();
        }
        WaitingBorrowers.unparkOthers(woken);
        if (closeIt) {
            factory.closeQuietly(e);
        }
    }

    /** Removes the longest waiter from the queue (null if none). */
    Waiter pollWaiterLocked() {
        Waiter w = waiters.pollFirst();
        waiting = waiters.size();
        return w;
    }

    /** Queues {@code w} last, or first when it keeps its turn, and tells the {@link WaitTimer}. */
    void addWaiterLocked(Waiter w, boolean atHead) {
        if (atHead) {
            waiters.addFirst(w);
        } else {
            waiters.addLast(w);
        }
        waiting = waiters.size();
        waitTimer.onEnqueueLocked(w);
    }

    /** Takes a waiter that gave up out of the queue. */
    void removeWaiterLocked(Waiter w) {
        waiters.remove(w);
        waiting = waiters.size();
    }

    /** Takes an entry the caller owns (or claimed) out of the slots; false if it was already out. */
    boolean removeLocked(PoolEntry e) {
        e.setOwned(PoolEntry.REMOVED);
        if (e.forcedClosed) {
            e.forcedClosed = false; // its borrower gave it back after PoolCloser closed it
            forcedOutstanding--;
        }
        if (!slots.removeLocked(e)) {
            return false;
        }
        closed++;
        retiredLends += e.lends;
        return true;
    }

    /** Removes a lent connection from the pool and closes it; a replacement is requested if needed. */
    void retire(PoolEntry e, String reason, Throwable cause, boolean eviction) {
        retire(e, reason, cause, eviction, null);
    }

    /**
     * {@link #retire(PoolEntry, String, Throwable, boolean)}, and queues {@code requeue} at the head
     * of the waiters in the same lock hold. Returns {@code requeue}, or null if the pool closed.
     */
    Waiter retire(PoolEntry e, String reason, Throwable cause, boolean eviction, Waiter requeue) {
        List<Waiter> woken = null;
        lock.lock();
        try {
            removeLocked(e);
            if (eviction) {
                evicted++;
            }
            if (requeue != null && state == State.OPEN) {
                addWaiterLocked(requeue, true);
                woken = WaitingBorrowers.lendIdleLocked(this);
            } else {
                requeue = null;
            }
            requestCreationsLocked();
            countsChanged.signalAll();
        } finally {
            lock.unlock();
        }
        WaitingBorrowers.unparkOthers(woken);
        factory.closeQuietly(e);
        listener.onEvicted(name, reason, cause);
        return requeue;
    }

    /** Starts background creations for waiters and for minIdle, within maxSize. */
    void requestCreationsLocked() {
        if (state != State.OPEN) {
            return;
        }
        int need = Math.max(paused ? 0 : waiters.size(), settings.minIdle() - slots.count(PoolEntry.IDLE)) - pending;
        int room = settings.maxSize() - slots.sizeLocked() - pending;
        for (int i = Math.min(need, room); i > 0; i--) {
            pending++;
            factory.startCreation();
        }
    }

    /** Whether a creator whose attempt failed should try again (it still counts in {@code pending}). */
    boolean creationStillNeededLocked() {
        return state == State.OPEN
                && Math.max(paused ? 0 : waiters.size(), settings.minIdle() - slots.count(PoolEntry.IDLE)) >= pending
                && slots.sizeLocked() + pending <= settings.maxSize();
    }

    /** A creator opened {@code e}: lend it to a waiter, keep it idle, or close it if the pool closed. */
    void added(PoolEntry e) {
        List<Waiter> woken = null;
        boolean open;
        lock.lock();
        try {
            pending--;
            created++;
            open = state == State.OPEN;
            if (open) {
                slots.addLocked(e);
                e.setIdle();
                woken = WaitingBorrowers.lendIdleLocked(this);
            } else {
                closed++;
            }
            countsChanged.signalAll();
        } finally {
            lock.unlock();
        }
        WaitingBorrowers.unparkOthers(woken);
        if (!open) {
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

    PoolClosedException closedException() {
        return new PoolClosedException("connection pool closed: pool=" + name);
    }

    /** Pauses or resumes lending; resuming hands idle connections to the waiters at once. */
    public void setPaused(boolean pause) {
        List<Waiter> woken = null;
        lock.lock();
        try {
            paused = pause;
            if (!pause) {
                woken = WaitingBorrowers.lendIdleLocked(this);
                requestCreationsLocked();
            }
        } finally {
            lock.unlock();
        }
        WaitingBorrowers.unparkOthers(woken);
    }

    /** A snapshot of the counts, taken under the lock (lent and idle entries may change meanwhile). */
    public PoolStats stats() {
        return PoolCounts.snapshot(this);
    }

    /**
     * Waits until at least {@code minIdle} connections are open.
     *
     * @throws PoolExhaustedException with the last creation failure when the time runs out
     */
    public void awaitMinIdle(long timeoutNanos) {
        PoolCounts.awaitMinIdle(this, timeoutNanos);
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
