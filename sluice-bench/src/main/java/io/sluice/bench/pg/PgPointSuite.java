package io.sluice.bench.pg;

import io.sluice.bench.Cell;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code pg-point}: point select by primary key (random id, every column read), case {@code prepared},
 * systems {@code pgjdbc} (baseline), {@code vertx-pg}, {@code sluice}, {@code sluice-virtual} and
 * {@code pgbench}.
 */
final class PgPointSuite extends PgSuite {

    @Override
    public String name() {
        return "pg-point";
    }

    @Override
    public Set<String> systems() {
        return liveServerSystems();
    }

    @Override
    public List<String> notes(List<Cell> cells) {
        return new Targets(cells)
                .systems("sluice prepared vs pgjdbc", "ops/s", "prepared", PgClients.SLUICE, PgClients.PGJDBC, 1.0)
                .systems("sluice prepared vs vertx-pg", "ops/s", "prepared", PgClients.SLUICE, PgClients.VERTX, 1.0)
                .systems("sluice prepared vs pgbench", "ops/s", "prepared", PgClients.SLUICE, Pgbench.SYSTEM, 1.0)
                .lines();
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        LdbcTable.ensure();
        PgGrid grid = PgGrid.of(context.mode());
        boolean sluice = sluiceAvailable();
        for (int threads : grid.threads()) {
            jmh(
                    context,
                    sink,
                    PointBenchmark.class,
                    params(
                            "system",
                            jmhSystems(sluice, PgClients.PGJDBC, PgClients.VERTX),
                            "variant",
                            List.of("prepared")),
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
                        PointBenchmark.class,
                        params("system", List.of(PgClients.SLUICE), "variant", List.of("prepared")),
                        threads,
                        true,
                        "-virtual",
                        "variant",
                        5432);
            }
        }
        Path pgbench = Pgbench.executable();
        if (pgbench == null) {
            System.out.println(name() + ": pgbench not installed; no pgbench reference");
            return;
        }
        for (int threads : grid.threads()) {
            double tps = Pgbench.tps(pgbench, context.workDir(), Pgbench.pointScript(), threads, grid.pgbenchSeconds());
            sink.accept(
                    new Cell(name(), "prepared", Map.of("threads", threads), Pgbench.SYSTEM, "ops/s", tps, Double.NaN));
        }
    }
}
