package io.sluice.bench.jdbc;

import io.sluice.bench.Cell;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import io.sluice.bench.mysql.MyEndpoint;
import io.sluice.bench.pg.Targets;
import java.util.List;
import java.util.Map;

/**
 * {@code jdbc-point}: the point select by id through a JDBC {@code PreparedStatement}
 * ({@link JdbcPointBenchmark}, case {@code prepared}) at 1 and 8 threads, on both servers.
 */
final class JdbcPointSuite extends JdbcSuite {
    @Override
    public String name() {
        return "jdbc-point";
    }

    @Override
    public List<String> notes(List<Cell> cells) {
        return new Targets(cells)
                .systems(
                        "sluice-jdbc prepared vs pgjdbc prepared",
                        "ops/s",
                        "prepared",
                        JdbcWorkload.SLUICE,
                        JdbcWorkload.PGJDBC,
                        1.0)
                .systems(
                        "sluice-jdbc prepared vs mariadb-connector-j",
                        "ops/s",
                        "prepared",
                        JdbcWorkload.SLUICE,
                        MyEndpoint.MARIADB,
                        1.0)
                .systems(
                        "sluice-jdbc prepared vs mysql-connector-j",
                        "ops/s",
                        "prepared",
                        JdbcWorkload.SLUICE,
                        MyEndpoint.MYSQL,
                        1.0)
                .lines();
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        ensureTables();
        Grid grid = Grid.of(context.mode());
        Map<String, List<String>> params = Map.of("variant", List.of("prepared"));
        jmh(context, sink, JdbcPointBenchmark.class, JdbcWorkload.POSTGRESQL, params, grid.threads());
        jmh(context, sink, JdbcPointBenchmark.class, JdbcWorkload.MARIADB, params, grid.threads());
    }
}
