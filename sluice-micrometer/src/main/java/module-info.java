/**
 * sluice-micrometer: Micrometer meters for Sluice. {@link io.sluice.micrometer.PoolMetrics} binds a pool's
 * counts and timings under HikariCP's metric names with a {@code sluice.pool} prefix;
 * {@link io.sluice.micrometer.QueryMetrics} times every query.
 */
module io.sluice.micrometer {
    requires transitive io.sluice.core;
    requires transitive io.sluice.pool;
    requires transitive micrometer.core;

    exports io.sluice.micrometer;
}
