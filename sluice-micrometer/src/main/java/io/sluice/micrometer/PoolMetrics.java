package io.sluice.micrometer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.sluice.pool.ConnectionPool;
import io.sluice.pool.PoolMetricsTracker;
import io.sluice.pool.PoolStats;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * A pool's meters, named as HikariCP names its own with {@code hikaricp} replaced by {@code sluice.pool}
 * ({@code sluice.pool.connections.active}, {@code sluice.pool.connections.acquire}...), tagged
 * {@code pool=<name>}, so that a HikariCP dashboard ports with a rename. Register it as the pool's tracker,
 * build the pool, then bind it:
 *
 * <pre>{@code
 * PoolMetrics metrics = new PoolMetrics();
 * ConnectionPool pool = ConnectionPool.builder(url).name("orders").metricsTracker(metrics).build();
 * metrics.bindTo(registry);
 * }</pre>
 *
 * <p>One instance serves one pool. Gauges and counters read {@link ConnectionPool#stats()} when the
 * registry is scraped; the timers are fed by the pool on every borrow, return and creation (one
 * {@code System.nanoTime()} each). Timings that arrive before {@link #bindTo} are not recorded.
 */
public final class PoolMetrics implements MeterBinder, PoolMetricsTracker {
    /** The prefix replacing HikariCP's {@code hikaricp}. */
    public static final String PREFIX = "sluice.pool.connections";

    private final Tags extraTags;
    private volatile ConnectionPool pool;
    private volatile Timer acquire;
    private volatile Timer usage;
    private volatile Timer creation;
    private volatile Counter timeout;

    /** Meters tagged with the pool's name only. */
    public PoolMetrics() {
        this(Tags.empty());
    }

    /** Meters tagged with the pool's name and {@code extraTags} (an application or region tag, say). */
    public PoolMetrics(Iterable<io.micrometer.core.instrument.Tag> extraTags) {
        this.extraTags = Tags.of(Objects.requireNonNull(extraTags, "extraTags"));
    }

    @Override
    public void poolStarted(ConnectionPool pool) {
        this.pool = pool;
    }

    /**
     * Registers the meters.
     *
     * @throws IllegalStateException when no pool was built with this instance as its tracker yet
     */
    @Override
    public void bindTo(MeterRegistry registry) {
        ConnectionPool p = pool;
        if (p == null) {
            throw new IllegalStateException("no pool to bind: build the pool with metricsTracker(this) before bindTo");
        }
        Tags tags = extraTags.and("pool", p.name());
        gauge(registry, PREFIX, "Open connections (idle and active)", tags, p, s -> s.total());
        gauge(registry, PREFIX + ".active", "Connections lent to borrowers", tags, p, s -> s.active());
        gauge(registry, PREFIX + ".idle", "Connections ready to lend", tags, p, s -> s.idle());
        gauge(registry, PREFIX + ".pending", "Borrowers waiting for a connection", tags, p, s -> s.waiting());
        gauge(registry, PREFIX + ".max", "Most connections the pool opens", tags, p, s -> s.maxSize());
        gauge(registry, PREFIX + ".opening", "Connections being opened in the background", tags, p, s -> s.pending());
        counter(registry, PREFIX + ".created", "Connections opened", tags, p, s -> s.created());
        counter(registry, PREFIX + ".closed", "Connections closed", tags, p, s -> s.closed());
        counter(
                registry,
                PREFIX + ".creation.failures",
                "Failed attempts to open a connection",
                tags,
                p,
                s -> s.creationFailures());
        counter(
                registry,
                PREFIX + ".leaks",
                "Connections held longer than the leak detection threshold",
                tags,
                p,
                s -> s.leaks());
        counter(
                registry,
                PREFIX + ".evicted",
                "Connections discarded after a fatal error or failed validation",
                tags,
                p,
                s -> s.evicted());
        counter(
                registry,
                PREFIX + ".rolledback",
                "Connections returned inside a transaction and rolled back",
                tags,
                p,
                s -> s.rolledBack());
        acquire = Timer.builder(PREFIX + ".acquire")
                .description("Time to borrow a connection, waiting included")
                .tags(tags)
                .register(registry);
        usage = Timer.builder(PREFIX + ".usage")
                .description("Time a borrower held a connection")
                .tags(tags)
                .register(registry);
        creation = Timer.builder(PREFIX + ".creation")
                .description("Time to open a connection")
                .tags(tags)
                .register(registry);
        timeout = Counter.builder(PREFIX + ".timeout")
                .description("Borrowers that gave up waiting")
                .tags(tags)
                .register(registry);
    }

    private static void gauge(
            MeterRegistry registry,
            String name,
            String description,
            Tags tags,
            ConnectionPool pool,
            ToDoubleFunction<PoolStats> value) {
        Gauge.builder(name, pool, p -> value.applyAsDouble(p.stats()))
                .description(description)
                .tags(tags)
                .strongReference(false)
                .register(registry);
    }

    private static void counter(
            MeterRegistry registry,
            String name,
            String description,
            Tags tags,
            ConnectionPool pool,
            ToDoubleFunction<PoolStats> value) {
        FunctionCounter.builder(name, pool, p -> value.applyAsDouble(p.stats()))
                .description(description)
                .tags(tags)
                .register(registry);
    }

    @Override
    public void onAcquired(long nanos) {
        Timer t = acquire;
        if (t != null) {
            t.record(nanos, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void onReleased(long nanos) {
        Timer t = usage;
        if (t != null) {
            t.record(nanos, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void onCreated(long nanos) {
        Timer t = creation;
        if (t != null) {
            t.record(nanos, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void onTimeout(long nanos) {
        Counter c = timeout;
        if (c != null) {
            c.increment();
        }
    }
}
