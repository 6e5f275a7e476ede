package io.sluice.pool.internal;

import io.sluice.SluiceException;
import io.sluice.pool.ConnectionLeakException;
import io.sluice.pool.PoolListener;

/**
 * Shields the pool from a listener that throws: the pool calls listeners in the middle of its
 * bookkeeping (on creator, housekeeper and returning threads), where an escaping exception would
 * leave counts wrong. What a listener throws is dropped.
 */
final class SafeListener implements PoolListener {
    private final PoolListener delegate;

    SafeListener(PoolListener delegate) {
        this.delegate = delegate;
    }

    @Override
    public void onLeak(ConnectionLeakException trace) {
        try {
            delegate.onLeak(trace);
        } catch (RuntimeException ignored) {
            // see class comment
        }
    }

    @Override
    public void onRolledBack(String poolName, String borrower) {
        try {
            delegate.onRolledBack(poolName, borrower);
        } catch (RuntimeException ignored) {
            // see class comment
        }
    }

    @Override
    public void onEvicted(String poolName, String reason, Throwable cause) {
        try {
            delegate.onEvicted(poolName, reason, cause);
        } catch (RuntimeException ignored) {
            // see class comment
        }
    }

    @Override
    public void onCreated(String poolName) {
        try {
            delegate.onCreated(poolName);
        } catch (RuntimeException ignored) {
            // see class comment
        }
    }

    @Override
    public void onCreationFailure(String poolName, SluiceException failure) {
        try {
            delegate.onCreationFailure(poolName, failure);
        } catch (RuntimeException ignored) {
            // see class comment
        }
    }
}
