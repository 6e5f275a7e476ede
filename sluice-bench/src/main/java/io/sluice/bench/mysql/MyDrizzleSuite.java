package io.sluice.bench.mysql;

import io.sluice.bench.Cell;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code mysql-drizzle}: drizzle-jdbc's load test, insert 1000 rows in one transaction, then read them
 * back 1000 times. Measured cases, one thread, every mode: {@code insert} (one prepared execute per
 * row, as drizzle-jdbc's test does), {@code batch} (the same rows as one batch: JDBC
 * {@code addBatch}/{@code executeBatch}, Sluice {@code executeBatch}) and {@code read} (one read-back of
 * the 1000 rows). Derived from them, per system: {@code workload} (the whole load test, one insert
 * operation plus {@value #READS} reads: ops/s = 1 / (1/insert + 1000/read), JMH's errors propagated;
 * B/op = insert's + 1000 x read's) and {@code workload-batch} (the same with the batch insert).
 */
final class MyDrizzleSuite extends MySuite {
    /** Read-backs per load test, as drizzle-jdbc's LoadTest does. */
    static final int READS = 1000;

    @Override
    public String name() {
        return "mysql-drizzle";
    }

    @Override
    public List<String> notes(List<Cell> cells) {
        List<String> lines = new ArrayList<>();
        lines.add(versusBestPeer(cells, "workload", "ops/s", 1.5));
        lines.add(versusBestPeer(cells, "workload-batch", "ops/s", 1.5));
        for (String part : List.of("insert", "batch", "read")) {
            lines.add(versusBestPeer(cells, part, "ops/s", 0));
        }
        lines.removeIf(Objects::isNull);
        return lines;
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        List<Cell> measured = jmh(
                context,
                sink,
                Map.of(
                        "kind",
                        List.of("insert", "batch", "read"),
                        "variant",
                        List.of("prepared"),
                        "rows",
                        List.of(Integer.toString(DrizzleTable.ROWS))),
                List.of(1),
                "kind");
        wholeLoadTests(measured).forEach(sink::accept);
    }

    /** The {@code workload} and {@code workload-batch} cells of every system that has the parts measured. */
    static List<Cell> wholeLoadTests(List<Cell> measured) {
        List<Cell> derived = new ArrayList<>();
        for (Cell read : measured) {
            if (!read.name().equals("read")) {
                continue;
            }
            for (Cell insert : measured) {
                if (insert.system().equals(read.system())
                        && insert.unit().equals(read.unit())
                        && insert.params().equals(read.params())
                        && (insert.name().equals("insert") || insert.name().equals("batch"))) {
                    String name = insert.name().equals("insert") ? "workload" : "workload-batch";
                    Cell whole = read.unit().equals("ops/s")
                            ? wholeThroughput(name, insert, read)
                            : wholeCost(name, insert, read);
                    if (whole != null) {
                        derived.add(whole);
                    }
                }
            }
        }
        return derived;
    }

    /** Load tests per second: one insert operation and {@value #READS} reads, their times added. */
    private static Cell wholeThroughput(String name, Cell insert, Cell read) {
        double seconds = 1 / insert.score() + READS / read.score();
        double insertError = insert.error() / (insert.score() * insert.score());
        double readError = READS * read.error() / (read.score() * read.score());
        double error = Math.sqrt(insertError * insertError + readError * readError) / (seconds * seconds);
        return new Cell(read.suite(), name, read.params(), read.system(), read.unit(), 1 / seconds, error);
    }

    /** Bytes allocated per load test; null for per-row units, which have no single meaning for the whole. */
    private static Cell wholeCost(String name, Cell insert, Cell read) {
        if (!read.unit().equals("B/op")) {
            return null;
        }
        double error = Math.sqrt(insert.error() * insert.error() + READS * READS * read.error() * read.error());
        return new Cell(
                read.suite(),
                name,
                read.params(),
                read.system(),
                read.unit(),
                insert.score() + READS * read.score(),
                error);
    }
}
