package io.sluice.bench.obs;

import io.sluice.bench.Cell;
import io.sluice.bench.JmhRunner;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import io.sluice.bench.Suite;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code obs-listener}: what observing queries costs. Cases {@code point} and {@code fetch} are pg-point's point
 * select and pg-fetch's 500-row fetch on one connection ({@link ListenerOverheadBenchmark}); case
 * {@code observe} is a driver's observation of one query alone, without a server ({@link ListenerCostBenchmark}).
 * Systems: {@code sluice} (no listener, the baseline), {@code sluice+micrometer}, {@code sluice+otel}, all of a
 * class in one JMH run. One thread; the notes give, per workload and listener, the off/on throughput ratio with
 * the time it adds per query and the B/op it adds, and check the disabled path: 0 B per query, and a cost
 * within the noise of a point query.
 */
final class ListenerSuite implements Suite {
    static final String NAME = "obs-listener";
    private static final List<String> WORKLOADS = List.of("point", "fetch");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> requiredServices() {
        return Set.of("postgres");
    }

    @Override
    public String baselineSystem() {
        return ListenerSystems.OFF;
    }

    /** Sluice against itself, a cost rather than a comparison with a peer: in docs/benchmarks.md only. */
    @Override
    public boolean inReadmeSummary() {
        return false;
    }

    @Override
    public Set<String> systems() {
        return new LinkedHashSet<>(ListenerSystems.ALL);
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        for (Class<?> benchmark : List.of(ListenerOverheadBenchmark.class, ListenerCostBenchmark.class)) {
            long start = System.nanoTime();
            List<Cell> cells = JmhRunner.run(
                    NAME,
                    context,
                    new JmhRunner.Run(benchmark, Map.of("system", ListenerSystems.ALL), 1, false, "", null, Map.of()));
            System.out.printf("  %s: %s: %.1f s%n", NAME, benchmark.getSimpleName(), (System.nanoTime() - start) / 1e9);
            cells.forEach(sink::accept);
        }
    }

    @Override
    public List<String> notes(List<Cell> cells) {
        List<String> lines = new ArrayList<>();
        for (String workload : WORKLOADS) {
            Cell offOps = find(cells, workload, ListenerSystems.OFF, "ops/s");
            Cell offBytes = find(cells, workload, ListenerSystems.OFF, "B/op");
            for (String on : ListenerSystems.ON) {
                Cell onOps = find(cells, workload, on, "ops/s");
                Cell onBytes = find(cells, workload, on, "B/op");
                if (offOps == null || onOps == null || !(onOps.score() > 0) || !(offOps.score() > 0)) {
                    continue;
                }
                lines.add(String.format(
                        Locale.ROOT,
                        "%s, %s: off/on %.3fx (%+.2f us per query), %s B/op",
                        workload,
                        on,
                        offOps.score() / onOps.score(),
                        1e6 / onOps.score() - 1e6 / offOps.score(),
                        offBytes == null || onBytes == null
                                ? "?"
                                : String.format(Locale.ROOT, "%+.0f", onBytes.score() - offBytes.score())));
            }
        }
        disabledPath(cells, lines);
        return lines;
    }

    /**
     * The disabled path's own cost (case {@code observe}, no listener): its bytes against the 0 B target, its
     * time against the point query's measurement noise (JMH's error half-width, turned into time per query).
     */
    private static void disabledPath(List<Cell> cells, List<String> lines) {
        Cell guardBytes = find(cells, "observe", ListenerSystems.OFF, "B/op");
        Cell guardOps = find(cells, "observe", ListenerSystems.OFF, "ops/s");
        if (guardBytes != null) {
            lines.add(String.format(
                    Locale.ROOT,
                    "disabled path (observe, no listener): %.2f B per query (target 0 B): %s",
                    guardBytes.score(),
                    guardBytes.score() < 0.5 ? "met" : "MISSED"));
        }
        Cell point = find(cells, "point", ListenerSystems.OFF, "ops/s");
        if (guardOps != null && guardOps.score() > 0 && point != null && point.score() > 0) {
            double guardNanos = 1e9 / guardOps.score();
            double noiseNanos =
                    Double.isFinite(point.error()) ? 1e9 * point.error() / (point.score() * point.score()) : 0;
            lines.add(String.format(
                    Locale.ROOT,
                    "disabled path: %.2f ns per query, %.4f %% of a point query; point's noise +/- %.0f ns"
                            + " (target: within noise): %s",
                    guardNanos,
                    100 * guardNanos * point.score() / 1e9,
                    noiseNanos,
                    noiseNanos == 0 ? "no error estimate" : guardNanos <= noiseNanos ? "met" : "MISSED"));
        }
    }

    private static Cell find(List<Cell> cells, String caseName, String system, String unit) {
        for (Cell c : cells) {
            if (c.name().equals(caseName)
                    && c.system().equals(system)
                    && c.unit().equals(unit)) {
                return c;
            }
        }
        return null;
    }
}
