package io.sluice.pool;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Sluice;
import io.sluice.pool.internal.PoolSettings;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Settings of a {@link ConnectionPool}; obtain one from {@link ConnectionPool#builder(Supplier)}.
 * Not thread-safe. A zero duration switches the feature off where the setting says so.
 *
 * <table>
 *   <caption>Settings and defaults</caption>
 *   <tr><th>setting</th><th>default</th></tr>
 *   <tr><td>{@link #maxSize}</td><td>10</td></tr>
 *   <tr><td>{@link #minIdle}</td><td>0</td></tr>
 *   <tr><td>{@link #connectionTimeout}</td><td>30 s</td></tr>
 *   <tr><td>{@link #maxLifetime} (jitter {@link #maxLifetimeJitter})</td><td>30 min (2.5 % of it)</td></tr>
 *   <tr><td>{@link #idleTimeout}</td><td>10 min</td></tr>
 *   <tr><td>{@link #keepalive}</td><td>2 min</td></tr>
 *   <tr><td>{@link #validationTimeout} / {@link #validationWindow}</td><td>5 s / 500 ms</td></tr>
 *   <tr><td>{@link #leakDetectionThreshold}</td><td>0 (off)</td></tr>
 *   <tr><td>{@link #housekeepingPeriod}</td><td>30 s</td></tr>
 * </table>
 */
public final class ConnectionPoolBuilder {
    private static final AtomicInteger POOL_NUMBER = new AtomicInteger();

    private final Supplier<ConnectionConfig> configs;
    private String name;
    private Function<ConnectionConfig, Connection> connector = Sluice::connect;
    private int minIdle;
    private int maxSize = 10;
    private Duration connectionTimeout = Duration.ofSeconds(30);
    private Duration validationTimeout = Duration.ofSeconds(5);
    private Duration validationWindow = Duration.ofMillis(500);
    private Duration maxLifetime = Duration.ofMinutes(30);
    private Duration maxLifetimeJitter;
    private Duration idleTimeout = Duration.ofMinutes(10);
    private Duration keepalive = Duration.ofMinutes(2);
    private Duration leakDetectionThreshold = Duration.ZERO;
    private Duration housekeepingPeriod = Duration.ofSeconds(30);
    private String initSql;
    private boolean resetSessionOnReturn;
    private PoolListener listener = PoolListener.LOGGING;
    private PoolMetricsTracker metricsTracker = PoolMetricsTracker.NONE;

    ConnectionPoolBuilder(Supplier<ConnectionConfig> configs) {
        this.configs = Objects.requireNonNull(configs, "configs");
    }

    /** The pool's name in messages, logs and JFR events; default {@code sluice-pool-N}. */
    public ConnectionPoolBuilder name(String name) {
        this.name = Objects.requireNonNull(name, "name");
        return this;
    }

    /**
     * Opens connections; default {@link Sluice#connect(ConnectionConfig)}, i.e. the driver serving the
     * configuration's scheme. Called on a background thread with a fresh configuration each time.
     */
    public ConnectionPoolBuilder connector(Function<ConnectionConfig, Connection> connector) {
        this.connector = Objects.requireNonNull(connector, "connector");
        return this;
    }

    /** Connections kept open even when nobody borrows them (opened in the background); default 0. */
    public ConnectionPoolBuilder minIdle(int minIdle) {
        this.minIdle = minIdle;
        return this;
    }

    /** The most connections the pool opens at once; default 10. */
    public ConnectionPoolBuilder maxSize(int maxSize) {
        this.maxSize = maxSize;
        return this;
    }

    /** How long {@link ConnectionPool#connection()} waits before it throws; default 30 s. */
    public ConnectionPoolBuilder connectionTimeout(Duration connectionTimeout) {
        this.connectionTimeout = connectionTimeout;
        return this;
    }

    /** Limit of one validation round trip ({@link Connection#isValid}); default 5 s. */
    public ConnectionPoolBuilder validationTimeout(Duration validationTimeout) {
        this.validationTimeout = validationTimeout;
        return this;
    }

    /**
     * A connection not lent for longer than this is validated before it is lent; default 500 ms.
     * The time counts from its last lend, not its return (a return reads no clock), so one held
     * longer than the window is validated at its next lend too. Also after any connection saw a
     * fatal error, every idle connection is validated before its next use.
     */
    public ConnectionPoolBuilder validationWindow(Duration validationWindow) {
        this.validationWindow = validationWindow;
        return this;
    }

    /**
     * A connection older than this is closed instead of being lent again, or by the housekeeper while
     * idle; 0 = never; default 30 min.
     */
    public ConnectionPoolBuilder maxLifetime(Duration maxLifetime) {
        this.maxLifetime = maxLifetime;
        return this;
    }

    /**
     * Each connection's lifetime is shortened by a random amount up to this, so that connections
     * opened together do not expire together; default 2.5 % of {@link #maxLifetime}.
     */
    public ConnectionPoolBuilder maxLifetimeJitter(Duration jitter) {
        this.maxLifetimeJitter = jitter;
        return this;
    }

    /**
     * An idle connection not lent for longer than this (counted from its last lend) is closed while
     * the pool holds more than minIdle; 0 = never; default 10 min.
     */
    public ConnectionPoolBuilder idleTimeout(Duration idleTimeout) {
        this.idleTimeout = idleTimeout;
        return this;
    }

    /** An idle connection neither lent nor validated for this long is validated in the background; 0 = never; default 2 min. */
    public ConnectionPoolBuilder keepalive(Duration keepalive) {
        this.keepalive = keepalive;
        return this;
    }

    /**
     * A connection held longer than this is reported to {@link PoolListener#onLeak} with the
     * borrower's stack (capturing it costs a few microseconds per borrow); 0 = off, the default.
     */
    public ConnectionPoolBuilder leakDetectionThreshold(Duration threshold) {
        this.leakDetectionThreshold = threshold;
        return this;
    }

    /** How often the background thread retires, validates, refills and looks for leaks; default 30 s. */
    public ConnectionPoolBuilder housekeepingPeriod(Duration period) {
        this.housekeepingPeriod = period;
        return this;
    }

    /** A script run once on every new connection before it is lent; a failure fails the creation. */
    public ConnectionPoolBuilder initSql(String initSql) {
        this.initSql = initSql;
        return this;
    }

    /**
     * Calls {@link Connection#reset()} (a round trip) on every return, discarding session settings;
     * default false: only an open transaction is rolled back and a changed query timeout restored.
     */
    public ConnectionPoolBuilder resetSessionOnReturn(boolean reset) {
        this.resetSessionOnReturn = reset;
        return this;
    }

    /** Who hears about leaks, rolled-back transactions, evictions; default {@link PoolListener#LOGGING}. */
    public ConnectionPoolBuilder listener(PoolListener listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
        return this;
    }

    /**
     * Who receives borrow, usage and creation timings and timeouts (sluice-micrometer's {@code PoolMetrics},
     * sluice-opentelemetry's {@code PoolTracing}); default {@link PoolMetricsTracker#NONE}, which costs no clock read.
     */
    public ConnectionPoolBuilder metricsTracker(PoolMetricsTracker metricsTracker) {
        this.metricsTracker = Objects.requireNonNull(metricsTracker, "metricsTracker");
        return this;
    }

    /**
     * Starts the pool: its housekeeping thread, and the opening of {@code minIdle} connections in the
     * background. Returns at once; see {@link ConnectionPool#awaitMinIdle(Duration)}.
     *
     * @throws IllegalArgumentException for inconsistent settings
     */
    public ConnectionPool build() {
        if (maxSize < 1) {
            throw new IllegalArgumentException("maxSize must be >= 1: maxSize=" + maxSize);
        }
        if (minIdle < 0 || minIdle > maxSize) {
            throw new IllegalArgumentException(
                    "minIdle must be in 0..maxSize: minIdle=" + minIdle + ", maxSize=" + maxSize);
        }
        long lifetime = nanos(maxLifetime, "maxLifetime");
        long jitter = maxLifetimeJitter == null ? lifetime / 40 : nanos(maxLifetimeJitter, "maxLifetimeJitter");
        if (lifetime > 0 && jitter >= lifetime) {
            throw new IllegalArgumentException("maxLifetimeJitter must be < maxLifetime: maxLifetimeJitter="
                    + maxLifetimeJitter + ", maxLifetime=" + maxLifetime);
        }
        long housekeeping = nanos(housekeepingPeriod, "housekeepingPeriod");
        if (housekeeping == 0) {
            throw new IllegalArgumentException(
                    "housekeepingPeriod must be > 0: housekeepingPeriod=" + housekeepingPeriod);
        }
        String poolName = name != null ? name : "sluice-pool-" + POOL_NUMBER.incrementAndGet();
        PoolSettings settings = new PoolSettings(
                poolName,
                configs,
                connector,
                minIdle,
                maxSize,
                nanos(connectionTimeout, "connectionTimeout"),
                nanos(validationTimeout, "validationTimeout"),
                nanos(validationWindow, "validationWindow"),
                lifetime,
                jitter,
                nanos(idleTimeout, "idleTimeout"),
                nanos(keepalive, "keepalive"),
                nanos(leakDetectionThreshold, "leakDetectionThreshold"),
                housekeeping,
                initSql,
                resetSessionOnReturn,
                listener,
                metricsTracker);
        return new ConnectionPool(settings);
    }

    private static long nanos(Duration d, String setting) {
        if (d == null || d.isNegative()) {
            throw new IllegalArgumentException(setting + " must be >= 0: " + setting + "=" + d);
        }
        return d.toNanos();
    }
}
