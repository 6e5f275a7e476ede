/**
 * sluice-opentelemetry: OpenTelemetry client spans for Sluice queries
 * ({@link io.sluice.opentelemetry.QueryTracing}) and pool acquire events ({@link io.sluice.opentelemetry.PoolTracing}).
 */
module io.sluice.opentelemetry {
    requires transitive io.sluice.core;
    requires transitive io.sluice.pool;
    requires transitive io.opentelemetry.api;
    requires transitive io.opentelemetry.context;

    exports io.sluice.opentelemetry;
}
