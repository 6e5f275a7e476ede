package io.sluice.bench.mysql;

import io.sluice.bench.Mode;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import java.util.List;
import java.util.Map;

/**
 * {@code mysql-drizzle}: drizzle-jdbc's load test, insert 1000 rows in one transaction and read them
 * back; cases {@code insert} (one prepared execute per row, as drizzle-jdbc's test does), {@code batch}
 * (the same rows as one batch: JDBC {@code addBatch}/{@code executeBatch}, Sluice
 * {@code executeBatch}) and {@code read}, one thread. Quick mode (the mysql-* suites share a minute of
 * the main job) runs {@code insert} and {@code batch}; {@code read}, close to mysql-fetch's prepared
 * case, runs in smoke and full mode.
 */
final class MyDrizzleSuite extends MySuite {
    @Override
    public String name() {
        return "mysql-drizzle";
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        List<String> kinds = context.mode() == Mode.QUICK ? List.of("insert", "batch") : List.of("insert", "batch", "read");
        jmh(context, sink, Map.of("kind", kinds, "variant", List.of("prepared"),
                "rows", List.of(Integer.toString(DrizzleTable.ROWS))), List.of(1), "kind");
    }
}
