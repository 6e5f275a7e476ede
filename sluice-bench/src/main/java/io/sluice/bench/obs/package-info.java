/**
 * The cost of observing queries: {@link io.sluice.bench.obs.ListenerOverheadBenchmark} runs pg-point and pg-fetch
 * with no query listener, with sluice-micrometer's and with sluice-opentelemetry's.
 */
package io.sluice.bench.obs;
