package io.sluice.bench.mysql;

import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import java.util.List;
import java.util.Map;

/** {@code mysql-point}: one random row of {@code my_ldbc} by primary key, all 16 columns read; statement and prepared. */
final class MyPointSuite extends MySuite {
    @Override
    public String name() {
        return "mysql-point";
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        MyLdbcTable.ensure();
        jmh(context, sink, Map.of("kind", List.of("point"), "variant", List.of("statement", "prepared"), "rows", List.of("1")),
                threads(context.mode()), "variant");
    }
}
