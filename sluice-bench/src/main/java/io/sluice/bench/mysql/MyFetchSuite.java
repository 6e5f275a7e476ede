package io.sluice.bench.mysql;

import io.sluice.bench.Cell;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code mysql-fetch}: the ldbc fetch of 500..2000 rows of {@code my_ldbc} reading all 16 columns,
 * cases {@code statement} and {@code prepared}; full: 500, 1000, 1500, 2000 rows at 1, 2, 4, 8, 16
 * threads; quick (the mysql-* suites share a minute of the main job): 500 rows at 1 and 2 threads,
 * where the targets are; smoke: 500 rows, 1 thread.
 */
final class MyFetchSuite extends MySuite {
    @Override
    public String name() {
        return "mysql-fetch";
    }

    /** The fetch targets, per case at 1 and 2 threads: >= 1.5x the better peer, <= 1/3 of its allocation per row. */
    @Override
    public List<String> notes(List<Cell> all) {
        List<Cell> cells = all.stream()
                .filter(c -> c.params().get("threads") instanceof Integer t && t <= 2)
                .toList();
        List<String> lines = new ArrayList<>();
        for (String variant : List.of("statement", "prepared")) {
            lines.add(versusBestPeer(cells, variant, "ops/s", 1.5));
            lines.add(versusBestPeer(cells, variant, "B/row", 3.0));
        }
        lines.removeIf(Objects::isNull);
        return lines;
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        MyLdbcTable.ensure();
        List<String> rows =
                switch (context.mode()) {
                    case SMOKE -> List.of("500");
                    case QUICK -> List.of("500");
                    case FULL -> List.of("500", "1000", "1500", "2000");
                };
        jmh(
                context,
                sink,
                Map.of("kind", List.of("fetch"), "variant", List.of("statement", "prepared"), "rows", rows),
                threads(context.mode()),
                "variant");
    }
}
