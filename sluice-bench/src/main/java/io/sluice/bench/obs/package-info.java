/**
 * The cost of observing queries: the {@code obs-listener} suite (class {@code ListenerSuite}) runs
 * pg-point and pg-fetch with no query listener, with sluice-micrometer's and with sluice-opentelemetry's
 * ({@link io.sluice.bench.obs.ListenerOverheadBenchmark}), and a driver's observation of one query alone
 * ({@link io.sluice.bench.obs.ListenerCostBenchmark}).
 */
package io.sluice.bench.obs;
