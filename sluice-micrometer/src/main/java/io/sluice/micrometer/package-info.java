/**
 * Micrometer meters for Sluice pools ({@link io.sluice.micrometer.PoolMetrics}) and queries
 * ({@link io.sluice.micrometer.QueryMetrics}). See the module's README for the metric names and their
 * HikariCP equivalents.
 */
package io.sluice.micrometer;
