package io.sluice.bench.pg;

import io.sluice.bench.Cell;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code pg-fetch}: the ldbc fetch of N rows reading every column, cases {@code statement} (ad-hoc SQL
 * text) and {@code prepared} (explicit prepared statement), systems {@code pgjdbc} (baseline),
 * {@code vertx-pg}, {@code sluice} on platform threads, {@code sluice-virtual} on virtual threads, and
 * {@code pgbench} for the prepared case. {@code objects-floor} ({@link ObjectsFloorClient}) reports
 * only B/row, on one thread: what the returned objects alone weigh, the least any client can allocate.
 */
final class PgFetchSuite extends PgSuite {
    static final List<String> VARIANTS = List.of("statement", "prepared");

    @Override
    public String name() {
        return "pg-fetch";
    }

    @Override
    public Set<String> systems() {
        Set<String> systems = new LinkedHashSet<>(liveServerSystems());
        systems.add(ObjectsFloorClient.SYSTEM);
        return systems;
    }

    @Override
    public List<String> notes(List<Cell> cells) {
        return new Targets(cells)
                .cases("sluice ad-hoc SQL vs its own prepared path", PgClients.SLUICE, "statement", "prepared", 0.95)
                .systems("sluice prepared vs pgjdbc", "ops/s", "prepared", PgClients.SLUICE, PgClients.PGJDBC, 1.0)
                .systems("sluice prepared vs vertx-pg", "ops/s", "prepared", PgClients.SLUICE, PgClients.VERTX, 1.0)
                .systems("sluice prepared vs pgbench", "ops/s", "prepared", PgClients.SLUICE, Pgbench.SYSTEM, 1.0)
                .systems("sluice allocation per row vs pgjdbc", "B/row", null, PgClients.SLUICE, PgClients.PGJDBC, 3.0)
                .systems(
                        "the returned objects alone (objects-floor, no driver) vs pgjdbc, the best any client can do",
                        "B/row",
                        null,
                        ObjectsFloorClient.SYSTEM,
                        PgClients.PGJDBC,
                        3.0)
                .lines();
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        LdbcTable.ensure();
        PgGrid grid = PgGrid.of(context.mode());
        boolean sluice = sluiceAvailable();
        List<String> rows = PgGrid.strings(grid.rows());
        for (int threads : grid.threads()) {
            jmh(
                    context,
                    sink,
                    FetchBenchmark.class,
                    params(
                            "system",
                            jmhSystems(sluice, PgClients.PGJDBC, PgClients.VERTX),
                            "variant",
                            VARIANTS,
                            "rows",
                            rows),
                    threads,
                    false,
                    "",
                    "variant",
                    5432);
        }
        if (sluice) {
            for (int threads : grid.virtualThreads()) {
                jmh(
                        context,
                        sink,
                        FetchBenchmark.class,
                        params(
                                "system",
                                List.of(PgClients.SLUICE),
                                "variant",
                                VARIANTS,
                                "rows",
                                PgGrid.strings(grid.virtualRows())),
                        threads,
                        true,
                        "-virtual",
                        "variant",
                        5432);
            }
        }
        // B/row only: the floor's ops/s measure no database work and would read as a peer's.
        jmh(
                context,
                sink,
                FetchBenchmark.class,
                params("system", List.of(ObjectsFloorClient.SYSTEM), "variant", List.of("prepared"), "rows", rows),
                1,
                false,
                "",
                "variant",
                5432,
                cell -> cell.unit().equals("B/row"));
        Path pgbench = Pgbench.executable();
        if (pgbench == null) {
            System.out.println(name() + ": pgbench not installed; no pgbench reference");
            return;
        }
        for (int r : grid.rows()) {
            for (int threads : grid.threads()) {
                double tps =
                        Pgbench.tps(pgbench, context.workDir(), Pgbench.fetchScript(r), threads, grid.pgbenchSeconds());
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("rows", r);
                p.put("threads", threads);
                sink.accept(new Cell(name(), "prepared", p, Pgbench.SYSTEM, "ops/s", tps, Double.NaN));
            }
        }
    }
}
