package io.sluice.pool;

import io.sluice.SluiceException;

/**
 * Receives what a pool wants its user to know. Called on whichever thread noticed the event (a
 * borrower, the returning thread or the pool's housekeeping thread), so it must return quickly and
 * must not borrow from the pool. The default, {@link #LOGGING}, writes to {@link System.Logger}.
 */
public interface PoolListener {

    /**
     * Logs leaks, rolled-back transactions and creation failures at WARNING, evictions at INFO (with a cause:
     * a broken connection) or DEBUG, new connections at DEBUG. Never a password: failures carry the driver's
     * messages, which name the user, never a credential.
     */
    PoolListener LOGGING = new LoggingPoolListener();

    /** Ignores everything. */
    PoolListener NONE = new PoolListener() {};

    /**
     * A connection has been held longer than the leak detection threshold. {@code trace}'s stack is
     * where it was borrowed; its message names the pool, the holder and how long it has been held.
     */
    default void onLeak(ConnectionLeakException trace) {}

    /** A borrower returned a connection with an open transaction; the pool rolled it back. */
    default void onRolledBack(String poolName, String borrower) {}

    /** A connection was discarded; {@code reason} says why and {@code cause} is the error, if any. */
    default void onEvicted(String poolName, String reason, Throwable cause) {}

    /** The pool opened a connection (its driver logs the connection's own details). */
    default void onCreated(String poolName) {}

    /** An attempt to open a connection failed; the pool retries while borrowers wait or minIdle is unmet. */
    default void onCreationFailure(String poolName, SluiceException failure) {}
}
