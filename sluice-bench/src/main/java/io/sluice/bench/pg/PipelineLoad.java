package io.sluice.bench.pg;

import io.sluice.bench.Mode;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.openjdk.jmh.util.ListStatistics;

/**
 * Drives a fixed number of virtual threads through one operation for the pipelining case and measures
 * the aggregate throughput as completed operations over wall-clock time.
 *
 * <p>Why not JMH: JMH sums each thread's own ops/time, and when 64 threads contend for 2 pooled
 * connections a thread that waited most of an iteration and then finished one operation in a short
 * window of its own reports a huge rate (tens of times what the allocation rate showed). Counting operations over the wall clock has no such skew.
 *
 * <p>Allocation per operation comes from {@code getTotalThreadAllocatedBytes()}, which covers
 * virtual threads (their allocations are charged to the carrier threads).
 */
final class PipelineLoad {
    /** One operation; {@code thread} is the virtual thread's index, 0..threads-1. */
    @FunctionalInterface
    interface Operation {
        void run(int thread) throws Exception;
    }

    /**
     * The outcome.
     *
     * @param opsPerSecond mean over the measurement iterations
     * @param error        99.9% confidence half-width, NaN with one iteration
     * @param bytesPerOp   heap bytes allocated per operation, all threads of this JVM
     */
    record Result(double opsPerSecond, double error, double bytesPerOp) {}

    private PipelineLoad() {}

    /** Warm-up, measurement iterations and iteration length per mode. */
    static Duration[] timing(Mode mode) {
        return switch (mode) {
            case SMOKE -> new Duration[] {Duration.ofMillis(200), Duration.ofMillis(300)};
            case QUICK -> new Duration[] {Duration.ofSeconds(2), Duration.ofSeconds(1)};
            case FULL -> new Duration[] {Duration.ofSeconds(5), Duration.ofSeconds(2)};
        };
    }

    static int iterations(Mode mode) {
        return switch (mode) {
            case SMOKE -> 1;
            case QUICK -> 3;
            case FULL -> 5;
        };
    }

    /** Runs {@code op} on {@code threads} virtual threads: warm-up, then the measurement iterations. */
    static Result measure(Operation op, int threads, Mode mode) throws Exception {
        Duration[] t = timing(mode);
        LongAdder done = new LongAdder();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch started = new CountDownLatch(threads);
        List<Thread> workers = new ArrayList<>();
        var stop = new java.util.concurrent.atomic.AtomicBoolean();
        for (int i = 0; i < threads; i++) {
            int index = i;
            workers.add(Thread.ofVirtual().name("pipeline-", i).start(() -> {
                started.countDown();
                try {
                    while (!stop.get()) {
                        op.run(index);
                        done.increment();
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                    stop.set(true);
                }
            }));
        }
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        ListStatistics rates = new ListStatistics();
        double bytes = 0;
        long ops = 0;
        try {
            started.await();
            Thread.sleep(t[0]);
            for (int i = 0; i < iterations(mode) && failure.get() == null; i++) {
                long ops0 = done.sum();
                long bytes0 = mx.getTotalThreadAllocatedBytes();
                long t0 = System.nanoTime();
                Thread.sleep(t[1]);
                long ops1 = done.sum();
                long bytes1 = mx.getTotalThreadAllocatedBytes();
                long t1 = System.nanoTime();
                rates.addValue((ops1 - ops0) * 1e9 / (t1 - t0));
                bytes += bytes1 - bytes0;
                ops += ops1 - ops0;
            }
        } finally {
            stop.set(true);
            for (Thread w : workers) {
                w.join(Duration.ofSeconds(30));
            }
        }
        if (failure.get() != null) {
            throw new IllegalStateException("pipeline operation failed: " + failure.get(), failure.get());
        }
        double error = rates.getN() > 1 ? rates.getMeanErrorAt(0.999) : Double.NaN;
        return new Result(rates.getMean(), error, ops > 0 ? bytes / ops : Double.NaN);
    }
}
