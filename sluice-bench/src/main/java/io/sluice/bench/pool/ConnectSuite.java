package io.sluice.bench.pool;

import io.sluice.bench.Cell;
import io.sluice.bench.Mode;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code pool-connect}: the seed workload (XQJ's connection-pool benchmark). Each of {@code threads}
 * platform threads runs {@code n} iterations of connect + SELECT 1 + close ({@code connect-query-close})
 * or connect + close ({@code connect-close}); unpooled (pgjdbc's DriverManager, Sluice.connect) and
 * pooled (HikariCP over pgjdbc, sluice-pool; 10 connections, filled before timing). Cells: total
 * seconds ({@code s}: from the first worker's first iteration to the last worker's last, so that
 * waking the workers is not counted), average per iteration ({@code ms/op} = total / (n x threads)), memory
 * allocated by the worker threads ({@code KB}), and {@code failures} when there were any (always
 * for the pools' 100,000-iteration cells, where zero failures is the target).
 *
 * <p><b>Pooled cells: median of interleaved runs.</b> A pooled total is often below a millisecond
 * (10,000 borrow+return cycles), and on a shared 2-core machine one descheduling by another
 * process moves such a figure by 2x. So both pools stay open for the whole suite, each pooled cell is
 * measured {@link #runs} times alternating the pools (HikariCP first in even runs, sluice-pool first
 * in odd runs, so neither always runs right after the other's garbage or on a quieter machine), and
 * the cell reports the median run's time and memory; failures are summed over all runs. Runs:
 * connect-close 9 up to 10,000 iterations in all (totals of microseconds to a few milliseconds,
 * where starting 6 threads on 2 busy cores weighs more than the pool), 5 above; connect-query-close
 * 15 up to 100 iterations (a few milliseconds, in which the first round trips after an idle pause,
 * slower for both pools, weigh most, so single runs of small n are noisy),
 * 5 up to 6,000 (tens to a couple of hundred milliseconds), 3 up to 60,000 (up to seconds), 1 above
 * (many seconds). Smoke mode: 1. Unpooled cells (each iteration a SCRAM login,
 * ~15 ms) run once: their totals are seconds.
 *
 * <p><b>Sizes.</b> Full: n = 100, 1,000, 10,000 unpooled and also 100,000 for the pools, both cases,
 * 1 and 6 threads (unpooled, 100,000 x 6 SCRAM logins take about 21 minutes per system and case on
 * the 2-core reference machine, so unpooled stops at 10,000 unless the system property
 * {@value #UNPOOLED_MAX_PROPERTY} says otherwise:
 * {@code JDK_JAVA_OPTIONS=-Dsluice.pool.unpooledMax=100000 bin/bench --full --suite pool-connect}
 * adds them, close to two hours in all). Quick (the pool suites must fit in 60 s together):
 * unpooled only connect-query-close n = 100 x 1 thread (the 6-thread and connect-close unpooled
 * cells add ~25 s of logins and say nothing new); pooled connect-query-close n = 100 and 1,000
 * (10,000 and 100,000 take seconds per run: full mode), pooled connect-close n = 100, 1,000, 10,000
 * and, with 6 threads, 100,000 (the zero-failure cell; it takes well under a second). Smoke: n = 10.
 * Warm-up, untimed: each pool once when opened, 20,000 connect-close and 5,000 connect-query-close
 * cycles (5 % of that in smoke mode), so that the pools are compared compiled, not interpreted; each
 * unpooled system 10 % of n (at most 200 logins) before each cell.
 */
final class ConnectSuite extends PoolSuite {
    static final String NAME = "pool-connect";
    /** The largest unpooled n in full mode (system property; default 10,000, see the class comment). */
    static final String UNPOOLED_MAX_PROPERTY = "sluice.pool.unpooledMax";

    private static final int POOL_SIZE = 10;

    ConnectSuite() {
        super(NAME, "pgjdbc+hikaricp");
    }

    @Override
    public Set<String> systems() {
        Set<String> systems = new LinkedHashSet<>(List.of("pgjdbc"));
        if (PoolEndpoint.sluiceAvailable()) {
            systems.add("sluice");
        }
        systems.addAll(pools());
        return systems;
    }

    /** The unpooled systems measured here. */
    private List<String> unpooled() {
        return PoolEndpoint.sluiceAvailable() ? List.of("pgjdbc", "sluice") : List.of("pgjdbc");
    }

    static List<Integer> sizes(Mode mode, boolean pooled, boolean query, int threads) {
        return switch (mode) {
            case SMOKE -> List.of(10);
            case QUICK ->
                !pooled
                        ? (query && threads == 1 ? List.of(100) : List.of())
                        : query
                                ? List.of(100, 1_000)
                                : threads == 6 ? List.of(100, 1_000, 10_000, 100_000) : List.of(100, 1_000, 10_000);
            case FULL ->
                List.of(100, 1_000, 10_000, 100_000).stream()
                        .filter(n -> pooled || n <= Integer.getInteger(UNPOOLED_MAX_PROPERTY, 10_000))
                        .toList();
        };
    }

    /** How many interleaved runs a pooled cell takes (see the class comment). */
    static int runs(Mode mode, boolean query, int n, int threads) {
        long iterations = (long) n * threads;
        if (mode == Mode.SMOKE) {
            return 1;
        }
        if (!query) {
            return iterations <= 10_000 ? 9 : 5;
        }
        return iterations <= 100 ? 15 : iterations <= 6_000 ? 5 : iterations <= 60_000 ? 3 : 1;
    }

    @Override
    public List<String> notes(List<Cell> cells) {
        List<String> lines = new ArrayList<>(target(cells, "every pooled pool-connect cell", "s", c -> true, 1.0));
        for (Cell c : cells) {
            if (c.unit().equals("failures") && param("n", 100_000).test(c)) {
                lines.add(String.format(
                        Locale.ROOT,
                        "%s %s n=100000 threads=%s: %d failures (target 0): %s",
                        c.system(),
                        c.name(),
                        c.params().get("threads"),
                        (long) c.score(),
                        c.score() == 0 ? "met" : "MISSED"));
            }
        }
        return lines;
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        Mode mode = context.mode();
        List<ConnectSystem> pools = new ArrayList<>();
        try {
            for (String system : pools()) {
                ConnectSystem pool = ConnectSystem.open(system, POOL_SIZE);
                pools.add(pool);
                warmUp(pool, mode == Mode.SMOKE ? 20 : 1);
            }
            for (boolean query : new boolean[] {true, false}) {
                String caseName = query ? "connect-query-close" : "connect-close";
                for (int threads : new int[] {1, 6}) {
                    for (String system : unpooled()) {
                        try (ConnectSystem s = ConnectSystem.open(system, POOL_SIZE)) {
                            for (int n : sizes(mode, false, query, threads)) {
                                Outcome o = measure(s, query, n, threads, Math.min(200, Math.max(1, n / 10)));
                                report(sink, caseName, system, n, threads, o, false, 1);
                            }
                        }
                    }
                    for (int n : sizes(mode, true, query, threads)) {
                        int runs = runs(mode, query, n, threads);
                        List<Outcome> medians = interleaved(pools, query, n, threads, runs);
                        for (int i = 0; i < pools.size(); i++) {
                            report(sink, caseName, pools().get(i), n, threads, medians.get(i), n == 100_000, runs);
                        }
                    }
                }
            }
        } finally {
            pools.forEach(ConnectSystem::close);
        }
    }

    /** Untimed: 20,000 connect-close and 5,000 connect-query-close cycles, divided by {@code divisor}. */
    private static void warmUp(ConnectSystem pool, int divisor) {
        for (int i = 0; i < 20_000 / divisor; i++) {
            try {
                pool.cycle(i % 5 == 0);
            } catch (Exception ignored) {
                // counted in the timed part, if it persists
            }
        }
    }

    private void report(
            ResultSink sink,
            String caseName,
            String system,
            int n,
            int threads,
            Outcome o,
            boolean alwaysFailures,
            int runs) {
        Map<String, Object> params = Map.of("n", n, "threads", threads);
        sink.accept(new Cell(NAME, caseName, params, system, "s", o.nanos / 1e9, Double.NaN));
        sink.accept(
                new Cell(NAME, caseName, params, system, "ms/op", o.nanos / 1e6 / ((double) n * threads), Double.NaN));
        sink.accept(new Cell(NAME, caseName, params, system, "KB", Math.max(1, o.bytes / 1024.0), Double.NaN));
        if (o.failures > 0 || alwaysFailures) {
            sink.accept(new Cell(NAME, caseName, params, system, "failures", o.failures, Double.NaN));
        }
        System.out.printf(
                "%s %s n=%d threads=%d: total=%.6f s, avg=%.5f ms, allocated=%d KB, failures=%d (%s)%s%n",
                caseName,
                system,
                n,
                threads,
                o.nanos / 1e9,
                o.nanos / 1e6 / ((double) n * threads),
                o.bytes / 1024,
                o.failures,
                runs == 1 ? "one run" : "median of " + runs + " interleaved runs",
                o.firstFailure == null ? "" : " (first failure: " + o.firstFailure + ")");
    }

    /**
     * Measures each system {@code runs} times, alternating which goes first, and returns per system
     * its median run (by time; memory is the median too) with the failures of all its runs.
     */
    static List<Outcome> interleaved(List<ConnectSystem> systems, boolean query, int n, int threads, int runs)
            throws InterruptedException {
        List<List<Outcome>> all = new ArrayList<>();
        systems.forEach(s -> all.add(new ArrayList<>()));
        for (int r = 0; r < runs; r++) {
            for (int k = 0; k < systems.size(); k++) {
                int i = r % 2 == 0 ? k : systems.size() - 1 - k;
                all.get(i).add(measure(systems.get(i), query, n, threads, 0));
            }
        }
        List<Outcome> medians = new ArrayList<>();
        for (List<Outcome> outcomes : all) {
            medians.add(median(outcomes));
        }
        return medians;
    }

    /** The median time and memory of {@code outcomes} (the lower middle one for an even count), failures summed. */
    static Outcome median(List<Outcome> outcomes) {
        long[] nanos = outcomes.stream().mapToLong(Outcome::nanos).sorted().toArray();
        long[] bytes = outcomes.stream().mapToLong(Outcome::bytes).sorted().toArray();
        long failures = outcomes.stream().mapToLong(Outcome::failures).sum();
        String first = outcomes.stream()
                .map(Outcome::firstFailure)
                .filter(f -> f != null)
                .findFirst()
                .orElse(null);
        int mid = (outcomes.size() - 1) / 2;
        return new Outcome(nanos[mid], bytes[mid], failures, first);
    }

    record Outcome(long nanos, long bytes, long failures, String firstFailure) {}

    static Outcome measure(ConnectSystem system, boolean query, int n, int threads, int warmup)
            throws InterruptedException {
        for (int i = 0; i < warmup; i++) {
            try {
                system.cycle(query);
            } catch (Exception ignored) {
                // counted in the timed part, if it persists
            }
        }
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        CountDownLatch start = new CountDownLatch(1);
        AtomicLong failures = new AtomicLong();
        AtomicLong bytes = new AtomicLong();
        // the span of the work itself, from the first worker's first iteration to the last one's end:
        // waking parked workers costs ~0.1 ms on a loaded machine, more than 1,000 pooled cycles
        AtomicLong firstStart = new AtomicLong(Long.MAX_VALUE);
        AtomicLong lastEnd = new AtomicLong(Long.MIN_VALUE);
        List<String> firstFailure = new ArrayList<>(1);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            workers.add(Thread.ofPlatform().name("pool-connect-" + t).start(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                long before = mx.getCurrentThreadAllocatedBytes();
                firstStart.accumulateAndGet(System.nanoTime(), Math::min);
                for (int i = 0; i < n; i++) {
                    try {
                        system.cycle(query);
                    } catch (Exception e) {
                        if (failures.getAndIncrement() == 0) {
                            synchronized (firstFailure) {
                                firstFailure.add(String.valueOf(e));
                            }
                        }
                    }
                }
                lastEnd.accumulateAndGet(System.nanoTime(), Math::max);
                bytes.addAndGet(mx.getCurrentThreadAllocatedBytes() - before);
            }));
        }
        start.countDown();
        for (Thread w : workers) {
            w.join();
        }
        long nanos = lastEnd.get() - firstStart.get();
        synchronized (firstFailure) {
            return new Outcome(
                    nanos, bytes.get(), failures.get(), firstFailure.isEmpty() ? null : firstFailure.getFirst());
        }
    }
}
