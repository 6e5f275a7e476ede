package io.sluice.bench.mapping;

import io.sluice.bench.Cell;
import io.sluice.bench.JmhRunner;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import io.sluice.bench.Suite;
import io.sluice.bench.mysql.MyLdbcTable;
import io.sluice.bench.pg.LdbcTable;
import io.sluice.bench.pg.Targets;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code pg-mapping} / {@code mysql-mapping}: record mapping against a hand-written lambda on the same
 * query and connection ({@link MappingBenchmark}), 500 rows, one thread; target: the record mapper
 * at least 0.9x the lambda's rows per second. Not in the main job's quick set (it compares Sluice
 * with itself): run it by name, {@code bin/bench --suite pg-mapping,mysql-mapping}.
 */
public final class MappingSuite implements Suite {
    static final String LAMBDA = "hand-lambda";
    static final String RECORD = "sluice-record";

    private final String name;
    private final String server;

    private MappingSuite(String name, String server) {
        this.name = name;
        this.server = server;
    }

    /** The suite on PostgreSQL's {@code bench_ldbc}. */
    public static MappingSuite postgres() {
        return new MappingSuite("pg-mapping", "postgres");
    }

    /** The suite on MariaDB's {@code my_ldbc}. */
    public static MappingSuite mariadb() {
        return new MappingSuite("mysql-mapping", "mariadb");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Set<String> requiredServices() {
        return Set.of(server);
    }

    @Override
    public String baselineSystem() {
        return LAMBDA;
    }

    @Override
    public Set<String> systems() {
        return Set.of(LAMBDA, RECORD);
    }

    @Override
    public boolean quick() {
        return false;
    }

    /** Sluice against itself: not a row of the README's summary. */
    @Override
    public boolean inReadmeSummary() {
        return false;
    }

    @Override
    public List<String> notes(List<Cell> cells) {
        return new Targets(cells)
                .systems("record mapper vs hand-written lambda", "ops/s", "fetch", RECORD, LAMBDA, 0.9)
                .lines();
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        if (server.equals("postgres")) {
            LdbcTable.ensure();
        } else {
            MyLdbcTable.ensure();
        }
        Map<String, List<String>> params =
                Map.of("server", List.of(server), "system", List.of(LAMBDA, RECORD), "rows", List.of("500"));
        for (Cell cell : JmhRunner.run(
                name, context, new JmhRunner.Run(MappingBenchmark.class, params, 1, false, "", null, Map.of()))) {
            sink.accept(cell);
        }
    }
}
