/**
 * The benchmark harness behind {@code bin/bench}: {@link io.sluice.bench.Main} finds each area's
 * {@link io.sluice.bench.SuiteProvider} ({@code io.sluice.bench.<area>.Suites}), runs the selected
 * {@link io.sluice.bench.Suite}s at a {@link io.sluice.bench.Mode}'s size, and writes
 * {@code bench-results/<suite>.jsonl}, {@code report.html} and {@code report.md}
 * (package {@code report}). {@link io.sluice.bench.JmhRunner} runs JMH classes programmatically with
 * the GC profiler and turns results into {@link io.sluice.bench.Cell}s. See {@code sluice-bench/README.md}.
 */
package io.sluice.bench;
