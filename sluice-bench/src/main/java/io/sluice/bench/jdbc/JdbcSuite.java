package io.sluice.bench.jdbc;

import io.sluice.bench.Cell;
import io.sluice.bench.JmhRunner;
import io.sluice.bench.Mode;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import io.sluice.bench.Suite;
import io.sluice.bench.mysql.MyEndpoint;
import io.sluice.bench.mysql.MyLdbcTable;
import io.sluice.bench.pg.LdbcTable;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the JDBC suites share: both servers, pgjdbc as the baseline, and one JMH run per server and
 * thread count. The cells carry a {@code server} parameter, so PostgreSQL and MariaDB cells never
 * pair with each other.
 */
abstract class JdbcSuite implements Suite {
    static final List<String> PG_SYSTEMS = List.of(JdbcWorkload.PGJDBC, JdbcWorkload.SLUICE);
    static final List<String> MY_SYSTEMS = List.of(MyEndpoint.MARIADB, MyEndpoint.MYSQL, JdbcWorkload.SLUICE);

    /**
     * The size of a run.
     *
     * @param rows    fetch sizes
     * @param threads thread counts
     */
    record Grid(List<Integer> rows, List<Integer> threads) {
        static Grid of(Mode mode) {
            return switch (mode) {
                case SMOKE -> new Grid(List.of(500), List.of(1));
                // Quick: the smallest and largest fetch at 1 and 8 threads, as the quick grid.
                case QUICK -> new Grid(List.of(500, 2000), List.of(1, 8));
                case FULL -> new Grid(List.of(500, 1000, 2000), List.of(1, 2, 4, 8));
            };
        }
    }

    @Override
    public Set<String> requiredServices() {
        return Set.of("postgres", "mariadb");
    }

    @Override
    public String baselineSystem() {
        return JdbcWorkload.PGJDBC;
    }

    @Override
    public Set<String> systems() {
        Set<String> s = new LinkedHashSet<>(PG_SYSTEMS);
        s.addAll(MY_SYSTEMS);
        return s;
    }

    /** Creates the seed tables on both servers (idempotent). */
    static void ensureTables() throws Exception {
        LdbcTable.ensure();
        MyLdbcTable.ensure();
    }

    /** Runs {@code benchmark} for {@code server}'s systems with {@code params} at each thread count. */
    final void jmh(
            RunContext context,
            ResultSink sink,
            Class<?> benchmark,
            String server,
            Map<String, List<String>> params,
            List<Integer> threads)
            throws Exception {
        Map<String, List<String>> all = new LinkedHashMap<>();
        all.put("server", List.of(server));
        all.put("system", server.equals(JdbcWorkload.POSTGRESQL) ? PG_SYSTEMS : MY_SYSTEMS);
        all.putAll(params);
        for (int t : threads) {
            long start = System.nanoTime();
            List<Cell> cells = JmhRunner.run(
                    name(), context, new JmhRunner.Run(benchmark, all, t, false, "", "variant", Map.of()));
            System.out.printf(
                    "  %s: %s %s threads=%d: %.1f s%n",
                    name(), benchmark.getSimpleName(), all, t, (System.nanoTime() - start) / 1e9);
            cells.forEach(sink::accept);
        }
    }
}
