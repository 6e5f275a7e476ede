package io.sluice.pool.internal;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.SluiceException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The pool's I/O on physical connections, always outside the pool's lock: opening (on background
 * virtual threads, retried with backoff while someone still needs the connection), validating,
 * resetting on return and closing.
 */
final class ConnectionFactory {
    private static final long MIN_BACKOFF_NANOS = 10_000_000L;
    private static final long MAX_BACKOFF_NANOS = 250_000_000L;

    private final PoolCore core;
    private final PoolSettings settings;
    private final Thread.Builder creators;

    ConnectionFactory(PoolCore core) {
        this.core = core;
        this.settings = core.settings;
        this.creators = Thread.ofVirtual().name(core.name + "-creator-", 0);
    }

    /** Starts one creation; the caller has already counted it in {@code pending}. */
    void startCreation() {
        creators.start(this::createLoop);
    }

    private void createLoop() {
        long backoff = MIN_BACKOFF_NANOS;
        while (true) {
            PoolEntry e = null;
            PoolEvents.Creation event = new PoolEvents.Creation();
            event.begin();
            long start = System.nanoTime();
            try {
                e = open();
                core.metrics.onCreated(System.nanoTime() - start);
                core.lastCreationFailure = null;
                core.listener.onCreated(core.name);
            } catch (RuntimeException | LinkageError | AssertionError ex) {
                // a creator that died here would stay counted in pending forever and starve the pool
                SluiceException failure =
                        ex instanceof SluiceException se ? se : PoolCore.wrapCreationFailure(core.name, ex);
                core.lastCreationFailure = failure;
                core.creationFailures.increment();
                event.failure = String.valueOf(ex.getMessage());
                core.listener.onCreationFailure(core.name, failure);
            }
            event.end();
            if (event.shouldCommit()) {
                event.pool = core.name;
                event.succeeded = e != null;
                event.commit();
            }
            if (e != null) {
                core.added(e);
                return;
            }
            if (!backOff(backoff)) {
                return;
            }
            backoff = Math.min(MAX_BACKOFF_NANOS, backoff * 2);
        }
    }

    /** Waits before the next attempt; false (and no longer pending) when nobody needs the connection. */
    private boolean backOff(long nanos) {
        core.lock.lock();
        try {
            long remaining = nanos;
            while (remaining > 0 && core.isOpenLocked()) {
                remaining = core.stateChanged.awaitNanos(remaining);
            }
            if (core.creationStillNeededLocked()) {
                return true;
            }
            core.pending--;
            core.countsChanged.signalAll();
            return false;
        } catch (InterruptedException ie) {
            core.pending--;
            core.countsChanged.signalAll();
            return false;
        } finally {
            core.lock.unlock();
        }
    }

    private PoolEntry open() {
        ConnectionConfig config = settings.configs().get();
        Connection c = settings.connector().apply(config);
        try {
            if (settings.initSql() != null) {
                c.executeScript(settings.initSql());
            }
            return entryFor(c);
        } catch (RuntimeException ex) {
            c.close();
            throw ex;
        }
    }

    /** Wraps a new connection; its lifetime is maxLifetime shortened by a random part of the jitter. */
    PoolEntry entryFor(Connection c) {
        long now = System.nanoTime();
        long lifetime = settings.maxLifetimeNanos();
        long jitter = settings.lifetimeJitterNanos() > 0
                ? ThreadLocalRandom.current().nextLong(settings.lifetimeJitterNanos() + 1)
                : 0;
        return new PoolEntry(c, now, lifetime > 0 ? now + lifetime - jitter : 0, c.queryTimeout());
    }

    /** One validation round trip; records success. */
    boolean validate(PoolEntry e) {
        boolean ok;
        try {
            ok = !e.connection.isBroken() && e.connection.isValid(Duration.ofNanos(settings.validationTimeoutNanos()));
        } catch (RuntimeException ex) {
            ok = false;
        }
        if (ok) {
            e.lastValidatedAt = System.nanoTime();
        }
        return ok;
    }

    /**
     * Undoes what a borrower left behind: rolls back an open transaction (and reports it), restores
     * the query timeout, optionally resets the session. Returns why the connection must be
     * discarded instead, or null.
     */
    String resetOnReturn(PoolEntry e, Thread borrower) {
        Connection c = e.connection;
        if (c.isBroken() || c.isClosed()) {
            return "connection broken";
        }
        boolean inTransaction = c.inTransaction();
        if (!inTransaction && !settings.resetSessionOnReturn() && !e.queryTimeoutChanged) {
            return null; // nothing to undo: the common return costs no I/O and no interrupt check
        }
        // The borrower's interrupt was meant for its own work, not for the pool's clean-up: with the flag set,
        // the driver would refuse the rollback (QueryCancelledException) and a usable connection be evicted.
        boolean interrupted = Thread.interrupted();
        try {
            if (inTransaction) {
                c.rollback();
                core.rolledBack.increment();
                core.listener.onRolledBack(core.name, PoolEntry.describe(borrower));
            }
            if (settings.resetSessionOnReturn()) {
                c.reset();
            } else if (e.queryTimeoutChanged) {
                c.queryTimeout(e.initialQueryTimeout);
            }
            e.queryTimeoutChanged = false;
        } catch (RuntimeException ex) {
            core.noteFailure(e, ex);
            if (e.evictCause == null) {
                e.evictCause = ex;
            }
            return "reset on return failed";
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return c.isBroken() ? "connection broken" : null;
    }

    void closeQuietly(PoolEntry e) {
        try {
            e.connection.close();
        } catch (RuntimeException ignored) {
            // close() promises not to throw for I/O failures; anything else must not stop the pool
        }
    }
}
