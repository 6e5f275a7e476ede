package io.sluice.pool;

import java.util.List;

/** Several {@link PoolMetricsTracker}s as one (see {@link PoolMetricsTracker#of}); each is shielded from the others. */
final class CompositeMetricsTracker implements PoolMetricsTracker {
    private final PoolMetricsTracker[] trackers;

    CompositeMetricsTracker(List<PoolMetricsTracker> trackers) {
        this.trackers = trackers.toArray(PoolMetricsTracker[]::new);
    }

    @Override
    public void poolStarted(ConnectionPool pool) {
        for (PoolMetricsTracker t : trackers) {
            try {
                t.poolStarted(pool);
            } catch (RuntimeException ignored) {
                // one tracker's failure must not hide the event from the others
            }
        }
    }

    @Override
    public void onAcquired(long nanos) {
        for (PoolMetricsTracker t : trackers) {
            try {
                t.onAcquired(nanos);
            } catch (RuntimeException ignored) {
                // see poolStarted
            }
        }
    }

    @Override
    public void onReleased(long nanos) {
        for (PoolMetricsTracker t : trackers) {
            try {
                t.onReleased(nanos);
            } catch (RuntimeException ignored) {
                // see poolStarted
            }
        }
    }

    @Override
    public void onCreated(long nanos) {
        for (PoolMetricsTracker t : trackers) {
            try {
                t.onCreated(nanos);
            } catch (RuntimeException ignored) {
                // see poolStarted
            }
        }
    }

    @Override
    public void onTimeout(long nanos) {
        for (PoolMetricsTracker t : trackers) {
            try {
                t.onTimeout(nanos);
            } catch (RuntimeException ignored) {
                // see poolStarted
            }
        }
    }
}
