package io.sluice.bench.pool;

import io.sluice.bench.Cell;
import io.sluice.bench.Mode;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import io.sluice.bench.Suite;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code pool-connect}: the seed workload (XQJ's connection-pool benchmark). Each of {@code threads}
 * platform threads runs {@code n} iterations of connect + SELECT 1 + close ({@code connect-query-close})
 * or connect + close ({@code connect-close}); unpooled (pgjdbc's DriverManager, Sluice.connect) and
 * pooled (HikariCP over pgjdbc, sluice-pool; 10 connections, filled before timing). Cells: total
 * seconds ({@code s}), average per iteration ({@code ms/op} = total / (n x threads)), memory
 * allocated by the worker threads ({@code KB}), and {@code failures} when there were any.
 *
 * <p>Sizes: smoke n = 10; quick n = 100 for everyone and also 1,000 and 10,000 for the pools; full
 * n = 100, 1,000, 10,000 unpooled and also 100,000 for the pools (unpooled, 100,000 x 6 SCRAM logins
 * alone would take hours on the 2-core reference machine).
 * Each system first runs an untimed warm-up: 10 % of n, at most 200 iterations, for the unpooled
 * systems (each costs a login); 20,000 iterations for the pools (5 % of n in smoke mode), so that the
 * pools are compared compiled, not interpreted.
 */
final class ConnectSuite implements Suite {
    static final String NAME = "pool-connect";
    private static final int POOL_SIZE = 10;
    private static final List<String> POOLED = List.of("pgjdbc+hikaricp", "sluice-pool");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> requiredServices() {
        return Set.of("postgres");
    }

    @Override
    public String baselineSystem() {
        return "pgjdbc+hikaricp";
    }

    @Override
    public Set<String> systems() {
        Set<String> systems = new LinkedHashSet<>(List.of("pgjdbc", "pgjdbc+hikaricp"));
        if (PoolEndpoint.sluiceAvailable()) {
            systems.addAll(List.of("sluice", "sluice-pool"));
        }
        return systems;
    }

    static List<Integer> sizes(Mode mode, boolean pooled) {
        return switch (mode) {
            case SMOKE -> List.of(10);
            case QUICK -> pooled ? List.of(100, 1_000, 10_000) : List.of(100);
            case FULL -> pooled ? List.of(100, 1_000, 10_000, 100_000) : List.of(100, 1_000, 10_000);
        };
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        for (boolean query : new boolean[] {true, false}) {
            String caseName = query ? "connect-query-close" : "connect-close";
            for (int threads : new int[] {1, 6}) {
                for (String system : systems()) {
                    try (ConnectSystem s = ConnectSystem.open(system, POOL_SIZE)) {
                        for (int n : sizes(context.mode(), POOLED.contains(system))) {
                            int warmup = POOLED.contains(system)
                                    ? (context.mode() == Mode.SMOKE ? Math.max(1, n / 20) : 20_000)
                                    : Math.min(200, Math.max(1, n / 10));
                            Outcome o = measure(s, query, n, threads, warmup);
                            Map<String, Object> params = Map.of("n", n, "threads", threads);
                            sink.accept(new Cell(NAME, caseName, params, system, "s", o.nanos / 1e9, Double.NaN));
                            sink.accept(new Cell(NAME, caseName, params, system, "ms/op",
                                    o.nanos / 1e6 / ((double) n * threads), Double.NaN));
                            sink.accept(new Cell(NAME, caseName, params, system, "KB", Math.max(1, o.bytes / 1024.0), Double.NaN));
                            if (o.failures > 0) {
                                sink.accept(new Cell(NAME, caseName, params, system, "failures", o.failures, Double.NaN));
                            }
                            System.out.printf("%s %s n=%d threads=%d: total=%.3f s, avg=%.4f ms, allocated=%d KB, failures=%d%s%n",
                                    caseName, system, n, threads, o.nanos / 1e9, o.nanos / 1e6 / ((double) n * threads),
                                    o.bytes / 1024, o.failures, o.firstFailure == null ? "" : " (first: " + o.firstFailure + ")");
                        }
                    }
                }
            }
        }
    }

    record Outcome(long nanos, long bytes, long failures, String firstFailure) {}

    static Outcome measure(ConnectSystem system, boolean query, int n, int threads, int warmup) throws InterruptedException {
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
                bytes.addAndGet(mx.getCurrentThreadAllocatedBytes() - before);
            }));
        }
        long t0 = System.nanoTime();
        start.countDown();
        for (Thread w : workers) {
            w.join();
        }
        long nanos = System.nanoTime() - t0;
        synchronized (firstFailure) {
            return new Outcome(nanos, bytes.get(), failures.get(), firstFailure.isEmpty() ? null : firstFailure.getFirst());
        }
    }
}
