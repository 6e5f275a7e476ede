package io.sluice.bench.pool;

import io.sluice.bench.Cell;
import io.sluice.bench.Mode;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * {@code pool-spike}, in the spirit of HikariCP's "Welcome to the Jungle": a burst of 1,000 virtual
 * threads released at once, each borrowing a connection from a warm pool of 10, running one short
 * query ({@code SELECT 1}) and giving it back. Each thread's latency runs from the release of the
 * burst to its return of the connection. Cells: latency percentiles (p50, p90, p99, p99.9, max) in
 * {@code ms} over all bursts, the mean burst duration in {@code ms}, and {@code timeouts} when any
 * borrower gave up (connection timeout 30 s on both pools). Smoke: 1 burst; quick: 5 (after 1 warm-up); full: 20.
 */
final class SpikeSuite extends PoolSuite {
    static final String NAME = "pool-spike";
    static final int THREADS = 1000;
    static final int POOL_SIZE = 10;

    SpikeSuite() {
        super(NAME, "hikaricp");
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        int bursts =
                switch (context.mode()) {
                    case SMOKE -> 1;
                    case QUICK -> 5;
                    case FULL -> 20;
                };
        int warmup = context.mode() == Mode.SMOKE ? 0 : 1;
        for (String system : pools()) {
            try (ConnectSystem pool = ConnectSystem.open(system, POOL_SIZE)) {
                for (int i = 0; i < warmup; i++) {
                    burst(pool, new Histogram(3), new AtomicLong());
                }
                Histogram latencies = new Histogram(3);
                AtomicLong timeouts = new AtomicLong();
                long burstNanos = 0;
                for (int i = 0; i < bursts; i++) {
                    burstNanos += burst(pool, latencies, timeouts);
                }
                report(sink, system, latencies, timeouts.get(), burstNanos / (double) bursts);
            }
        }
    }

    private static void report(ResultSink sink, String system, Histogram h, long timeouts, double meanBurstNanos) {
        Map<String, Object> base = Map.of("threads", THREADS, "poolSize", POOL_SIZE);
        for (double p : new double[] {50, 90, 99, 99.9, 100}) {
            String stat = p == 100 ? "max" : "p" + (p == Math.rint(p) ? String.valueOf((int) p) : String.valueOf(p));
            long micros = p == 100 ? h.getMaxValue() : h.getValueAtPercentile(p);
            sink.accept(
                    new Cell(NAME, "latency-" + stat, base, system, "ms", Math.max(micros, 1) / 1000.0, Double.NaN));
        }
        sink.accept(new Cell(NAME, "burst", base, system, "ms", meanBurstNanos / 1e6, Double.NaN));
        if (timeouts > 0) {
            sink.accept(new Cell(NAME, "timeouts", base, system, "timeouts", timeouts, Double.NaN));
        }
        System.out.printf(
                "%s: p50=%.2f ms, p99=%.2f ms, max=%.2f ms, burst=%.1f ms, timeouts=%d%n",
                system,
                h.getValueAtPercentile(50) / 1000.0,
                h.getValueAtPercentile(99) / 1000.0,
                h.getMaxValue() / 1000.0,
                meanBurstNanos / 1e6,
                timeouts);
    }

    /** One burst; records each thread's latency in microseconds and returns the burst's duration. */
    static long burst(ConnectSystem pool, Histogram latencies, AtomicLong timeouts) throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        long[] micros = new long[THREADS];
        List<Thread> threads = new ArrayList<>(THREADS);
        long[] start = new long[1];
        for (int i = 0; i < THREADS; i++) {
            int slot = i;
            threads.add(Thread.ofVirtual().start(() -> {
                try {
                    release.await();
                    pool.cycle(true);
                    micros[slot] = (System.nanoTime() - start[0]) / 1000;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Exception e) {
                    timeouts.incrementAndGet();
                    micros[slot] = -1;
                }
            }));
        }
        start[0] = System.nanoTime();
        release.countDown();
        for (Thread t : threads) {
            t.join();
        }
        long nanos = System.nanoTime() - start[0];
        for (long m : micros) {
            if (m >= 0) {
                latencies.recordValue(m);
            }
        }
        return nanos;
    }
}
