package io.sluice.bench.pg;

import io.sluice.bench.Mode;
import java.util.List;

/**
 * The size of a PostgreSQL run.
 *
 * @param rows           fetch sizes
 * @param threads        platform thread counts
 * @param virtualThreads thread counts run again for {@code sluice-virtual}
 * @param virtualRows    fetch sizes run for {@code sluice-virtual} (each one costs a fork)
 * @param pgbenchSeconds {@code pgbench -T} per cell
 */
record PgGrid(
        List<Integer> rows,
        List<Integer> threads,
        List<Integer> virtualThreads,
        List<Integer> virtualRows,
        int pgbenchSeconds) {

    static PgGrid of(Mode mode) {
        return switch (mode) {
            case SMOKE -> new PgGrid(List.of(500), List.of(1), List.of(2), List.of(500), 1);
            // Quick: the smallest and largest fetch at 1 and 8 threads keep the PostgreSQL suites near
            // 100 s of the main job's 5 minutes; virtual threads (a fork per configuration) only at 500 rows;
            // pgbench for 1 s, as long as a JMH cell's measurement (2 x 0.5 s).
            case QUICK -> new PgGrid(List.of(500, 2000), List.of(1, 8), List.of(8), List.of(500), 1);
            case FULL ->
                new PgGrid(
                        List.of(500, 1000, 1500, 2000),
                        List.of(1, 2, 4, 8, 16),
                        List.of(1, 2, 4, 8, 16),
                        List.of(500, 1000, 1500, 2000),
                        10);
        };
    }

    static List<String> strings(List<Integer> values) {
        return values.stream().map(String::valueOf).toList();
    }
}
