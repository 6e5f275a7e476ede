package io.sluice.pool.internal;

import io.sluice.Connection;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * One pooled physical connection, its ownership state and its clocks (all {@link System#nanoTime()}).
 *
 * <p>Ownership is the {@link #state} field: an {@link #IDLE} entry belongs to nobody and is taken by
 * one compare-and-set ({@link #tryLend}, {@link #tryClaim}); a {@link #LENT} or {@link #CHECKING}
 * entry belongs to its borrower (or the housekeeper) until it sets it idle again. Whoever owns an
 * entry may touch its plain fields: the CAS that took it and the volatile store that released it
 * order them. The housekeeper reads {@link #borrowedAt} of lent entries to find leaks.
 *
 * <p>Every lend and return writes the entry (state, lends, clocks), so two entries that shared a
 * cache line would make carriers lending different connections pass that line back and forth: the
 * padding superclass keeps 64 bytes between one entry's fields and the next one's. Whether two
 * entries were neighbours depended on where each was allocated, so the connection cycle at 1,000
 * virtual threads ran at either ~32 M or ~64 M borrow+returns per second from one JVM to the next
 * (two of four); padded, 64-78 M in four of four.
 */
final class PoolEntry extends CacheLinePadding {
    /** Ready to lend: in the pool's slots, owned by nobody. */
    static final int IDLE = 0;
    /** Lent to a borrower (or just created, or being handed to a waiter). */
    static final int LENT = 1;
    /** Taken by the housekeeper for a keepalive validation. */
    static final int CHECKING = 2;
    /** Taken for closing: never lent again. */
    static final int REMOVED = 3;

    private static final AtomicIntegerFieldUpdater<PoolEntry> STATE =
            AtomicIntegerFieldUpdater.newUpdater(PoolEntry.class, "state");
    private static final AtomicLongFieldUpdater<PoolEntry> BORROWED_AT =
            AtomicLongFieldUpdater.newUpdater(PoolEntry.class, "borrowedAt");

    final Connection connection;
    final long createdAt;
    /** createdAt + maxLifetime - jitter; meaningless when lifetimes are unlimited (maxLifetime 0). */
    final long expiresAt;

    /**
     * Last lend (or creation): idle time, the validation window and the idle timeout count from it,
     * so that a return needs no clock read. A connection held longer than the validation window is
     * therefore validated at its next lend, and one held longer than the idle timeout may be retired
     * as idle at the next housekeeping run after its return (only above minIdle). Written by the
     * entry's owner.
     */
    long lastUsedAt;
    /** Last successful validation (or creation). */
    long lastValidatedAt;
    /** Set when a borrower changed the query timeout, so that the return restores it. */
    boolean queryTimeoutChanged;
    /** The query timeout the connection had when it was opened. */
    final Duration initialQueryTimeout;

    /** See the constants; starts {@link #LENT}: a new entry belongs to its creator. */
    private volatile int state = LENT;
    /** Index in the pool's {@link EntrySlots}, or -1; guarded by the pool's lock. */
    int slot = -1;
    /** Times lent; written only by the entry's owner, summed by the statistics. */
    long lends;

    /**
     * 0 while idle; the time of lending while lent. Read by the housekeeper's leak scan;
     * written with release semantics, after the plain fields below, so the housekeeper that reads
     * it first sees them (a data race only with a later borrow, which at worst names the wrong
     * borrower in a leak report). Release, not volatile: no store-load fence on the lending path.
     */
    private volatile long borrowedAt;
    /** The borrower, for leak reports: set only when leak detection is on (see PooledConnection#borrower). */
    Thread borrower;
    /** The borrower's stack, captured only when leak detection is on. */
    StackTraceElement[] borrowStack;

    boolean leakReported;
    /** Closed by PoolCloser while lent; guarded by the pool's lock. */
    boolean forcedClosed;
    /** Set by any thread that saw a fatal error on this connection: discard it on return. */
    volatile Throwable evictCause;

    PoolEntry(Connection connection, long createdAt, long expiresAt, Duration initialQueryTimeout) {
        this.connection = connection;
        this.initialQueryTimeout = initialQueryTimeout;
        this.createdAt = createdAt;
        this.expiresAt = expiresAt;
        this.lastUsedAt = createdAt;
        this.lastValidatedAt = createdAt;
    }

    /** Takes an idle entry for a borrower: one CAS, tried only when it looks idle (no write traffic otherwise). */
    boolean tryLend() {
        return state == IDLE && STATE.compareAndSet(this, IDLE, LENT);
    }

    /** Takes an idle entry for the housekeeper or the closer ({@link #CHECKING} or {@link #REMOVED}). */
    boolean tryClaim(int to) {
        return state == IDLE && STATE.compareAndSet(this, IDLE, to);
    }

    /**
     * Gives the entry up. A volatile store: it must be ordered before the caller's next read of the
     * pool's waiter count (the other half of the no-lost-wake-up handshake, see PoolCore#giveBack).
     */
    void setIdle() {
        state = IDLE;
    }

    /** Marks an entry the caller owns (or that a waiter is being handed) as {@code to}. */
    void setOwned(int to) {
        state = to;
    }

    int state() {
        return state;
    }

    long borrowedAt() {
        return borrowedAt;
    }

    void borrowedAt(long at) {
        BORROWED_AT.lazySet(this, at); // a release store
    }

    boolean isExpired(long now) {
        return now - expiresAt >= 0;
    }

    String borrowerName() {
        return describe(borrower);
    }

    static String describe(Thread t) {
        if (t == null) {
            return "none";
        }
        String name = t.getName();
        return (name.isEmpty() ? (t.isVirtual() ? "virtual" : "thread") : name) + "#" + t.threadId();
    }
}
