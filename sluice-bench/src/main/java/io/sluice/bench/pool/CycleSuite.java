package io.sluice.bench.pool;

import io.sluice.bench.Cell;
import io.sluice.bench.JmhRunner;
import io.sluice.bench.Mode;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code pool-cycle}: {@link PoolCycleBenchmark} in JMH (case = its method: {@code connectionCycle},
 * {@code statementCycle} or {@code statementPerTask}; cell parameter {@code vthreads}; JMH itself
 * drives them from one thread) against a pool of 10, HikariCP 7.1.0 over pgjdbc (baseline) and
 * sluice-pool. Cells by mode:
 * <ul>
 *   <li>full: the three cases at 1, 6 and 1,000 virtual threads (18 cells, one JMH fork each);</li>
 *   <li>quick and smoke: the three cases at 1,000 virtual threads, the target: 6 cells of
 *       ~3 s in the bench JVM (see {@link JmhRunner}); the pool suites have 60 s together. The 1-
 *       and 6-thread cells run in full mode (and with {@code --in-process}) only; quick mode still
 *       measures the uncontended borrow+return, in pool-connect's connect-close cells on one thread
 *       (median of 9 interleaved runs).</li>
 * </ul>
 * The two pools' cells of one row are measured one after the other, not interleaved; on the shared
 * 2-core machine a single row's ratio can swing by much more than ±20 % (another engineer's build
 * starting during one of them), so a surprising row is re-run before it is believed.
 */
final class CycleSuite extends PoolSuite {
    static final String NAME = "pool-cycle";
    static final String CONNECTION = "connectionCycle";

    CycleSuite() {
        super(NAME, "hikaricp");
    }

    @Override
    public List<String> notes(List<Cell> cells) {
        List<String> lines = new ArrayList<>();
        lines.addAll(target(cells, "every pool-cycle cell", "ops/s", c -> true, 1.0));
        lines.addAll(target(
                cells,
                "connection cycle at 1,000 virtual threads",
                "ops/s",
                c -> c.name().equals(CONNECTION) && param("vthreads", 1000).test(c),
                2.0));
        return lines;
    }

    /** Connection cycles each pool runs before the in-process JMH cells, per system. */
    static final Duration WARM_UP = Duration.ofMillis(2500);

    /**
     * Runs each pool's connection cycle at 1,000 virtual threads for {@link #WARM_UP} before the
     * in-process cells. Started cold, sluice-pool's cycle climbed for ~3.5 s (2 M to 64-78 M ops/s in
     * 250 ms windows, with dips), HikariCP's for ~3 s: the carriers sit in
     * {@code ForkJoinPool.runWorker}'s loop and reach compiled code only by on-stack replacement, with
     * deoptimizations sending them back. JMH's quick warm-up (1 s per cell, 0.5 s in bulk and 0.5 s
     * before the cell) ended inside that climb: 18-20 M in two quick runs with it alone, 42-58 M
     * with this warm-up first. Forked full-mode cells have 3 x 2 s of warm-up of their own.
     */
    private void warmConnectionCycle() throws InterruptedException {
        for (String system : pools()) {
            PoolCycleBenchmark bench = new PoolCycleBenchmark();
            bench.system = system;
            bench.vthreads = 1000;
            bench.start(CONNECTION);
            try {
                long end = System.nanoTime() + WARM_UP.toNanos();
                while (System.nanoTime() < end) {
                    bench.connectionCycle();
                }
            } finally {
                bench.close();
            }
        }
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        List<String> vthreads = context.mode() == Mode.FULL ? List.of("1", "6", "1000") : List.of("1000");
        JmhRunner.Run run = new JmhRunner.Run(
                PoolCycleBenchmark.class,
                Map.of("system", pools(), "vthreads", vthreads),
                1,
                false,
                "",
                null,
                Map.of());
        if (context.mode() == Mode.QUICK || context.inProcess()) {
            warmConnectionCycle();
            // The statement cycles run the driver code that the PostgreSQL and pool-connect suites
            // compiled already, and wait for round trips: JMH's bulk warm-up (12 more pool openings
            // of 10 SCRAM logins each) would add seconds to the main job and nothing to the figures.
            JmhRunner.warmedUp(run);
        }
        JmhRunner.run(NAME, context, run).forEach(sink::accept);
    }
}
