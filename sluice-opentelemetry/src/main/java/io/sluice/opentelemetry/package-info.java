/**
 * OpenTelemetry tracing for Sluice: a client span per query following the database semantic conventions
 * ({@link io.sluice.opentelemetry.QueryTracing}) and pool acquire events on the caller's span
 * ({@link io.sluice.opentelemetry.PoolTracing}).
 */
package io.sluice.opentelemetry;
