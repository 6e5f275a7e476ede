package io.sluice.bench.mysql;

import io.sluice.bench.Mode;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import java.util.List;
import java.util.Map;

/**
 * {@code mysql-point}: one random row of {@code my_ldbc} by primary key, all 16 columns read; statement
 * (a new SQL text with the id as a literal, like ldbc's) and prepared. Full: both cases at 1..16
 * threads; smoke: both at 1 thread; quick (to fit the main job's minute for MySQL): the statement case,
 * which has a target, at 1 thread.
 */
final class MyPointSuite extends MySuite {
    @Override
    public String name() {
        return "mysql-point";
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        MyLdbcTable.ensure();
        List<String> variants = context.mode() == Mode.QUICK ? List.of("statement") : List.of("statement", "prepared");
        jmh(
                context,
                sink,
                Map.of("kind", List.of("point"), "variant", variants, "rows", List.of("1")),
                context.mode() == Mode.FULL ? threads(context.mode()) : List.of(1),
                "variant");
    }
}
