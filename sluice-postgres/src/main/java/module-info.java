/**
 * Sluice's native PostgreSQL driver (protocol v3): see {@link io.sluice.postgres} for settings,
 * limits and threading.
 */
module io.sluice.postgres {
    requires transitive io.sluice.core;

    exports io.sluice.postgres;

    provides io.sluice.spi.Driver with
            io.sluice.postgres.PgDriver;
}
