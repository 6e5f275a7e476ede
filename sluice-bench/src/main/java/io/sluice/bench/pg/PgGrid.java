package io.sluice.bench.pg;

import io.sluice.bench.Mode;
import java.util.List;

/**
 * The size of a PostgreSQL run.
 *
 * @param rows           fetch sizes
 * @param threads        platform thread counts
 * @param virtualThreads thread counts run again for {@code sluice-virtual}
 * @param pgbenchSeconds {@code pgbench -T} per cell
 */
record PgGrid(List<Integer> rows, List<Integer> threads, List<Integer> virtualThreads, int pgbenchSeconds) {

    static PgGrid of(Mode mode) {
        return switch (mode) {
            case SMOKE -> new PgGrid(List.of(500), List.of(1), List.of(2), 1);
            // Quick: every JMH configuration costs a fork (~2 s of JVM start and connect, more on a busy
            // machine); threads 1 and 8 keep all PostgreSQL suites near 3 minutes on 2 cores.
            case QUICK -> new PgGrid(List.of(500, 2000), List.of(1, 8), List.of(8), 2);
            case FULL -> new PgGrid(List.of(500, 1000, 1500, 2000), List.of(1, 2, 4, 8, 16), List.of(1, 2, 4, 8, 16), 10);
        };
    }

    static List<String> strings(List<Integer> values) {
        return values.stream().map(String::valueOf).toList();
    }
}
