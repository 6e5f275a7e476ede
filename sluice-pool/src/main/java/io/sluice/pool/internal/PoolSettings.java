package io.sluice.pool.internal;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.pool.PoolListener;
import io.sluice.pool.PoolMetricsTracker;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A pool's settings, validated by {@code ConnectionPoolBuilder}. Durations are in nanoseconds;
 * 0 switches a feature off (lifetime, idle timeout, keepalive, leak detection).
 */
public record PoolSettings(
        String name,
        Supplier<ConnectionConfig> configs,
        Function<ConnectionConfig, Connection> connector,
        int minIdle,
        int maxSize,
        long connectionTimeoutNanos,
        long validationTimeoutNanos,
        long validationWindowNanos,
        long maxLifetimeNanos,
        long lifetimeJitterNanos,
        long idleTimeoutNanos,
        long keepaliveNanos,
        long leakThresholdNanos,
        long housekeepingNanos,
        String initSql,
        boolean resetSessionOnReturn,
        PoolListener listener,
        PoolMetricsTracker metricsTracker) {}
