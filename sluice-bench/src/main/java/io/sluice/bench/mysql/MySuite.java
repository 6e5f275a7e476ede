package io.sluice.bench.mysql;

import io.sluice.bench.Cell;
import io.sluice.bench.JmhRunner;
import io.sluice.bench.Mode;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import io.sluice.bench.Suite;
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

    /** Runs {@link MyBenchmark} for every system with {@code params} at each thread count. */
    final void jmh(RunContext context, ResultSink sink, Map<String, List<String>> params, List<Integer> threads,
                   String caseParam) throws Exception {
        Map<String, List<String>> all = new LinkedHashMap<>();
        all.put("system", SYSTEMS);
        all.putAll(params);
        for (int t : threads) {
            System.out.println("  " + name() + ": " + all + " threads=" + t);
            List<Cell> cells = JmhRunner.run(name(), context, new JmhRunner.Run(MyBenchmark.class, all, t, false, "",
                    caseParam, Map.of()));
            for (Cell c : cells) {
                Map<String, Object> p = new LinkedHashMap<>(c.params());
                p.remove("kind"); // constant within a suite
                sink.accept(new Cell(c.suite(), c.name(), p, c.system(), c.unit(), c.score(), c.error()));
            }
        }
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
