package io.sluice.pool.internal;

import io.sluice.pool.ConnectionPool;
import io.sluice.pool.PoolMetricsTracker;

/**
 * Shields the pool from a tracker that throws, as {@link SafeListener} does for listeners: the calls
 * sit in the borrow and return paths, where an escaping exception would lose a connection.
 */
final class SafeMetricsTracker implements PoolMetricsTracker {
    private final PoolMetricsTracker delegate;

    SafeMetricsTracker(PoolMetricsTracker delegate) {
        this.delegate = delegate;
    }

    @Override
    public void poolStarted(ConnectionPool pool) {
        try {
            delegate.poolStarted(pool);
        } catch (RuntimeException ignored) {
            // see class comment
        }
    }

    @Override
    public void onAcquired(long nanos) {
        try {
            delegate.onAcquired(nanos);
        } catch (RuntimeException ignored) {
            // see class comment
        }
    }

    @Override
    public void onReleased(long nanos) {
        try {
            delegate.onReleased(nanos);
        } catch (RuntimeException ignored) {
            // see class comment
        }
    }

    @Override
    public void onCreated(long nanos) {
        try {
            delegate.onCreated(nanos);
        } catch (RuntimeException ignored) {
            // see class comment
        }
    }

    @Override
    public void onTimeout(long nanos) {
        try {
            delegate.onTimeout(nanos);
        } catch (RuntimeException ignored) {
            // see class comment
        }
    }
}
