package io.sluice.bench.mysql;

import io.sluice.bench.Cell;
import io.sluice.bench.JmhRunner;
import io.sluice.bench.Mode;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import io.sluice.bench.Suite;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the MySQL suites share: MariaDB as the service, MariaDB Connector/J as the baseline, the three
 * systems, and one JMH run per thread count with {@link MyBenchmark}.
 */
abstract class MySuite implements Suite {
    static final List<String> SYSTEMS = List.of(MyEndpoint.MARIADB, MyEndpoint.MYSQL, MyEndpoint.SLUICE);

    @Override
    public Set<String> requiredServices() {
        return Set.of("mariadb");
    }

    @Override
    public String baselineSystem() {
        return MyEndpoint.MARIADB;
    }

    @Override
    public Set<String> systems() {
        return new LinkedHashSet<>(SYSTEMS);
    }

    /** Runs {@link MyBenchmark} for every system with {@code params} at each thread count; returns the cells reported. */
    final List<Cell> jmh(
            RunContext context,
            ResultSink sink,
            Map<String, List<String>> params,
            List<Integer> threads,
            String caseParam)
            throws Exception {
        List<Cell> reported = new ArrayList<>();
        Map<String, List<String>> all = new LinkedHashMap<>();
        all.put("system", SYSTEMS);
        all.putAll(params);
        for (int t : threads) {
            System.out.println("  " + name() + ": " + all + " threads=" + t);
            List<Cell> cells = JmhRunner.run(
                    name(), context, new JmhRunner.Run(MyBenchmark.class, all, t, false, "", caseParam, Map.of()));
            for (Cell c : cells) {
                Map<String, Object> p = new LinkedHashMap<>(c.params());
                p.remove("kind"); // constant within a suite
                Cell cell = new Cell(c.suite(), c.name(), p, c.system(), c.unit(), c.score(), c.error());
                sink.accept(cell);
                reported.add(cell);
            }
        }
        return reported;
    }

    /**
     * One note: {@code caseName}'s {@code unit} cells, Sluice against the better of the two peers, e.g.
     * {@code prepared ops/s: sluice 1.92x the better peer (mariadb-connector-j) at {rows=500, threads=2}, target >= 1.50x: met}
     * or, for a cost, {@code ... B/row: sluice 3.08x less than the better peer ...}; the worst cell when there
     * are several; no target when {@code target} is 0. Null when the suite's run has no such cells.
     */
    static String versusBestPeer(List<Cell> cells, String caseName, String unit, double target) {
        String line = null;
        double worst = Double.MAX_VALUE;
        for (Cell sluice : cells) {
            if (!sluice.name().equals(caseName)
                    || !sluice.unit().equals(unit)
                    || !sluice.system().equals(MyEndpoint.SLUICE)) {
                continue;
            }
            Cell best = null;
            for (Cell peer : cells) {
                if (peer.name().equals(caseName)
                        && peer.unit().equals(unit)
                        && peer.params().equals(sluice.params())
                        && !peer.system().equals(MyEndpoint.SLUICE)
                        && (best == null
                                || (sluice.higherIsBetter()
                                        ? peer.score() > best.score()
                                        : peer.score() < best.score()))) {
                    best = peer;
                }
            }
            if (best == null) {
                continue;
            }
            double ratio = sluice.higherIsBetter() ? sluice.score() / best.score() : best.score() / sluice.score();
            if (ratio < worst) {
                worst = ratio;
                line = String.format(
                        java.util.Locale.ROOT,
                        "%s %s: sluice %.2fx%s the better peer (%s) at %s%s",
                        caseName,
                        unit,
                        ratio,
                        sluice.higherIsBetter() ? "" : " less than",
                        best.system(),
                        sluice.params(),
                        target > 0
                                ? String.format(
                                        java.util.Locale.ROOT,
                                        ", target >= %.2fx: %s",
                                        target,
                                        ratio >= target ? "met" : "missed")
                                : "");
            }
        }
        return line;
    }

    /** Thread counts: quick mode keeps 1 and 2, where the targets are; full runs 1 to 16. */
    static List<Integer> threads(Mode mode) {
        return switch (mode) {
            case SMOKE -> List.of(1);
            case QUICK -> List.of(1, 2);
            case FULL -> List.of(1, 2, 4, 8, 16);
        };
    }
}
