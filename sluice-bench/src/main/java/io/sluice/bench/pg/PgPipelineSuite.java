package io.sluice.bench.pg;

import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import java.util.List;
import java.util.Set;

/**
 * {@code pg-pipeline}: 64 virtual threads issue point selects over 2 shared Sluice connections
 * ({@code sluice}) vs pgjdbc through a HikariCP pool of 2 ({@code pgjdbc+hikaricp}, the baseline).
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
        return PipelineBenchmark.PGJDBC_HIKARICP;
    }

    @Override
    public Set<String> systems() {
        return SluiceClient.available() ? Set.of(PipelineBenchmark.PGJDBC_HIKARICP, PipelineBenchmark.SLUICE)
                : Set.of(PipelineBenchmark.PGJDBC_HIKARICP);
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        LdbcTable.ensure();
        List<String> systems = sluiceAvailable()
                ? List.of(PipelineBenchmark.PGJDBC_HIKARICP, PipelineBenchmark.SLUICE)
                : List.of(PipelineBenchmark.PGJDBC_HIKARICP);
        jmh(context, sink, PipelineBenchmark.class, params("system", systems, "connections",
                List.of(Integer.toString(CONNECTIONS))), THREADS, true, "", null, 5432);
    }
}
