package io.sluice.pool.internal;

import io.sluice.Connection;
import java.time.Duration;

/**
 * One pooled physical connection and its clocks (all {@link System#nanoTime()}). Idle entries are
 * guarded by the pool's lock; a lent entry belongs to its borrower, except for the volatile fields
 * the housekeeper reads to find leaks and the eviction flag any user thread may set.
 */
final class PoolEntry {
    final Connection connection;
    final long createdAt;
    /** createdAt + maxLifetime - jitter; meaningless when lifetimes are unlimited (maxLifetime 0). */
    final long expiresAt;

    /** Last return (or creation); guarded by the lock while idle. */
    long lastUsedAt;
    /** Last successful validation (or creation). */
    long lastValidatedAt;
    /** Set when a borrower changed the query timeout, so that the return restores it. */
    boolean queryTimeoutChanged;
    /** The query timeout the connection had when it was opened. */
    final Duration initialQueryTimeout;

    /**
     * 0 while idle; the time of lending while lent. Read by the housekeeper's leak scan. The only
     * volatile write on the lending path: the lender writes the plain fields below first, so the
     * housekeeper, reading this first, sees them (a data race only with a later borrow, which at
     * worst names the wrong borrower in a leak report).
     */
    volatile long borrowedAt;
    Thread borrower;
    /** The borrower's stack, captured only when leak detection is on. */
    StackTraceElement[] borrowStack;
    boolean leakReported;
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
