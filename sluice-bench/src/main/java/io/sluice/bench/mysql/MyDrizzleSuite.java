package io.sluice.bench.mysql;

import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import java.util.List;
import java.util.Map;

/**
 * {@code mysql-drizzle}: drizzle-jdbc's load test, insert 1000 rows (one prepared INSERT each, one
 * transaction) and read them back; cases {@code insert} and {@code read}, one operation each, one thread.
 */
final class MyDrizzleSuite extends MySuite {
    @Override
    public String name() {
        return "mysql-drizzle";
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        jmh(context, sink, Map.of("kind", List.of("insert", "read"), "variant", List.of("prepared"),
                "rows", List.of(Integer.toString(DrizzleTable.ROWS))), List.of(1), "kind");
    }
}
