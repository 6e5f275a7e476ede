package io.sluice.bench.pg;

import io.sluice.bench.Cell;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code pg-pipeline}: 64 virtual threads issue point selects over 2 shared Sluice connections
 * ({@code sluice}) vs pgjdbc through a HikariCP pool of 2 ({@code pgjdbc+hikaricp}, the baseline).
 * Measured by {@link PipelineLoad} in this JVM (wall-clock throughput; see there why not JMH).
 */
final class PgPipelineSuite extends PgSuite {
    static final int THREADS = 64;
    static final int CONNECTIONS = 2;

    @Override
    public String name() {
        return "pg-pipeline";
    }

    @Override
    public String baselineSystem() {
        return PipelineSystems.PGJDBC_HIKARICP;
    }

    @Override
    public Set<String> systems() {
        return SluiceClient.available()
                ? Set.of(PipelineSystems.PGJDBC_HIKARICP, PipelineSystems.SLUICE)
                : Set.of(PipelineSystems.PGJDBC_HIKARICP);
    }

    @Override
    public List<String> notes(List<Cell> cells) {
        return new Targets(cells)
                .systems(
                        "pipelining: sluice vs pgjdbc+hikaricp",
                        "ops/s",
                        null,
                        PipelineSystems.SLUICE,
                        PipelineSystems.PGJDBC_HIKARICP,
                        3.0)
                .lines();
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        LdbcTable.ensure();
        List<String> systems = sluiceAvailable()
                ? List.of(PipelineSystems.PGJDBC_HIKARICP, PipelineSystems.SLUICE)
                : List.of(PipelineSystems.PGJDBC_HIKARICP);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("connections", CONNECTIONS);
        params.put("threads", THREADS);
        for (String system : systems) {
            System.out.println("  " + name() + ": " + system + ", " + THREADS + " virtual threads, " + CONNECTIONS
                    + " connections");
            PipelineLoad.Result r;
            try (PipelineSystems.Target target = PipelineSystems.open(system, CONNECTIONS, THREADS)) {
                r = PipelineLoad.measure(target, THREADS, context.mode());
            }
            sink.accept(new Cell(name(), "point", params, system, "ops/s", r.opsPerSecond(), r.error()));
            sink.accept(new Cell(name(), "point", params, system, "B/op", r.bytesPerOp(), Double.NaN));
        }
    }
}
