package io.sluice.bench.jdbc;

import io.sluice.bench.Cell;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import io.sluice.bench.mysql.MyEndpoint;
import io.sluice.bench.pg.Targets;
import java.util.List;
import java.util.Map;

/**
 * {@code jdbc-fetch}: the seed fetch of N rows through JDBC ({@link JdbcFetchBenchmark}), cases
 * {@code statement} and {@code prepared}, sluice-jdbc against pgjdbc on PostgreSQL and against
 * MariaDB Connector/J and MySQL Connector/J on MariaDB; ops/s, B/op and B/row.
 */
final class JdbcFetchSuite extends JdbcSuite {
    @Override
    public String name() {
        return "jdbc-fetch";
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
                        "sluice-jdbc statement vs pgjdbc statement",
                        "ops/s",
                        "statement",
                        JdbcWorkload.SLUICE,
                        JdbcWorkload.PGJDBC,
                        2.0)
                .systems(
                        "sluice-jdbc statement vs mariadb-connector-j",
                        "ops/s",
                        "statement",
                        JdbcWorkload.SLUICE,
                        MyEndpoint.MARIADB,
                        1.5)
                .systems(
                        "sluice-jdbc statement vs mysql-connector-j",
                        "ops/s",
                        "statement",
                        JdbcWorkload.SLUICE,
                        MyEndpoint.MYSQL,
                        1.5)
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
                .systems(
                        "sluice-jdbc allocation per row vs pgjdbc",
                        "B/row",
                        null,
                        JdbcWorkload.SLUICE,
                        JdbcWorkload.PGJDBC,
                        2.0)
                .lines();
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        ensureTables();
        Grid grid = Grid.of(context.mode());
        Map<String, List<String>> params = Map.of(
                "variant",
                List.of("statement", "prepared"),
                "rows",
                grid.rows().stream().map(String::valueOf).toList());
        jmh(context, sink, JdbcFetchBenchmark.class, JdbcWorkload.POSTGRESQL, params, grid.threads());
        jmh(context, sink, JdbcFetchBenchmark.class, JdbcWorkload.MARIADB, params, grid.threads());
    }
}
