/**
 * sluice-pool: a connection pool for any Sluice driver, built for virtual threads.
 * Only {@code io.sluice.pool} is API; {@code io.sluice.pool.internal} is not exported.
 */
module io.sluice.pool {
    requires transitive io.sluice.core;
    requires jdk.jfr;

    exports io.sluice.pool;
}
