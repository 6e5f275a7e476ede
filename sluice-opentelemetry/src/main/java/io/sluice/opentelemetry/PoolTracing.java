package io.sluice.opentelemetry;

import static io.sluice.opentelemetry.DbAttributes.POOL_NAME;
import static io.sluice.opentelemetry.DbAttributes.POOL_WAIT;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.sluice.pool.ConnectionPool;
import io.sluice.pool.PoolMetricsTracker;

/**
 * Marks pool borrows on the borrower's current span: an event {@value #ACQUIRE_EVENT} per borrow, with the pool's
 * name ({@code sluice.pool.name}) and the borrow's duration in seconds ({@code sluice.pool.acquire.duration}), and
 * an event {@value #TIMEOUT_EVENT} when a borrow gave up. Nothing is recorded outside a sampled span.
 *
 * <pre>{@code
 * ConnectionPool pool = ConnectionPool.builder(config).metricsTracker(new PoolTracing()).build();
 * }</pre>
 *
 * An event rather than a span: a borrow without waiting takes well under a microsecond, and a span each would
 * cost more than the borrow; the wait it records is what a trace needs to explain a slow request. Combine with
 * sluice-micrometer's {@code PoolMetrics} through {@link PoolMetricsTracker#of}.
 */
public final class PoolTracing implements PoolMetricsTracker {
    /** Name of the event added for each borrow. */
    public static final String ACQUIRE_EVENT = "sluice.pool.acquire";
    /** Name of the event added when a borrow timed out. */
    public static final String TIMEOUT_EVENT = "sluice.pool.timeout";

    private volatile String poolName = "";

    /** Events on the borrower's current span; one instance per pool. */
    public PoolTracing() {}

    @Override
    public void poolStarted(ConnectionPool pool) {
        this.poolName = pool.name();
    }

    @Override
    public void onAcquired(long nanos) {
        event(ACQUIRE_EVENT, nanos);
    }

    @Override
    public void onTimeout(long nanos) {
        event(TIMEOUT_EVENT, nanos);
    }

    private void event(String name, long nanos) {
        Span span = Span.current();
        if (span.isRecording()) {
            span.addEvent(name, Attributes.of(POOL_NAME, poolName, POOL_WAIT, nanos / 1e9));
        }
    }
}
