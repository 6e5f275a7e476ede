package io.sluice.bench.kv;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * The seed workload for one store, run in a JVM of its own so that GC pauses, heap and RSS belong to
 * that store. Phases: populate, an untimed read warm-up, read-1, read-2, write, read-write (1 writer +
 * 1 reader). Prints one
 * {@code CELL\tcase\tparams\tunit\tscore} line per measured value for {@link KvSeedSuite} to collect
 * (GC pauses come from the child's {@code -Xlog:gc} file, read by the suite).
 *
 * <p>Arguments: system, keys, phase milliseconds, store directory.
 */
public final class KvChild {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private final PrintStream out = System.out;
    private final KvSystem system;
    private final int keys;
    private final long phaseNanos;
    private final KvData data;
    private final int[] valueLengths;

    private KvChild(KvSystem system, KvData data, long phaseMillis) {
        this.system = system;
        this.data = data;
        this.keys = data.keys().length;
        this.phaseNanos = phaseMillis * 1_000_000L;
        this.valueLengths = new int[keys];
    }

    public static void main(String[] args) throws Exception {
        KvSystem system = KvSystem.named(args[0]);
        int keys = Integer.parseInt(args[1]);
        long phaseMillis = Long.parseLong(args[2]);
        Path dir = Path.of(args[3]);
        Files.createDirectories(dir);
        KvChild child = new KvChild(system, KvData.make(keys), phaseMillis);
        long ioBefore = KvProc.writeBytes();
        system.open(dir, child.data);
        child.populate();
        child.warmUpReads();
        child.read(1);
        child.read(2);
        child.write();
        child.readWrite();
        system.settle();
        long written = KvProc.writeBytes() - ioBefore;
        system.close();
        child.resources(written, KvProc.diskUsage(dir));
        System.out.flush();
        System.exit(0);
    }

    /** Picks a pre-made value for key {@code i} (no allocation) and notes its length for the live-data figure. */
    private int newValue(Random r, int i) {
        int v = r.nextInt(KvData.VALUES);
        valueLengths[i] = data.values()[v].length;
        return v;
    }

    /** The keys 0..keys-1 in the populate phase's order (a Fisher-Yates shuffle drawn from {@code r}). */
    static int[] shuffled(int keys, Random r) {
        int[] order = new int[keys];
        for (int i = 0; i < keys; i++) {
            order[i] = i;
        }
        for (int i = keys - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }

    private void populate() throws Exception {
        Random r = new Random(11);
        int[] order = shuffled(keys, r);
        Histogram h = histogram();
        long cpu = THREADS.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        for (int i : order) {
            int v = newValue(r, i);
            long t0 = System.nanoTime();
            system.put(i, v);
            h.recordValue(System.nanoTime() - t0);
        }
        system.endOfWrites();
        double ms = (System.nanoTime() - start) / 1e6;
        emit("populate", Map.of(), "ops/ms", keys / ms);
        cpuPerOp("populate", Map.of(), THREADS.getCurrentThreadCpuTime() - cpu, keys);
        latency("populate", Map.of(), h);
    }

    /**
     * Untimed reads for one phase before the first timed read phase, the same for every store, as a
     * JMH warm-up: without it a 0.5 s quick-mode read-1 measured the JIT more than the store (Sluice KV's
     * get, deep in MemorySegment accessors, cost several times its compiled CPU in that first phase,
     * while Krati's plain array code ran at full speed from the start). On a loaded machine
     * C2 still takes up to 2 s to compile that get, so a quick read-1 can include some C1 time; full
     * mode's 20 s phases measure the compiled code either way.
     */
    private void warmUpReads() {
        readLoop(new Random(99), histogram(), System.nanoTime() + phaseNanos, new AtomicLong());
    }

    private void read(int threads) throws Exception {
        Histogram[] hs = new Histogram[threads];
        long[] ops = new long[threads];
        long[] cpu = new long[threads];
        AtomicLong misses = new AtomicLong();
        Thread[] ts = new Thread[threads];
        long deadline = System.nanoTime() + phaseNanos;
        for (int t = 0; t < threads; t++) {
            int id = t;
            hs[t] = histogram();
            ts[t] = Thread.ofPlatform().start(() -> {
                long cpu0 = THREADS.getCurrentThreadCpuTime();
                ops[id] = readLoop(new Random(100 + id), hs[id], deadline, misses);
                cpu[id] = THREADS.getCurrentThreadCpuTime() - cpu0;
            });
        }
        long start = System.nanoTime();
        for (Thread t : ts) {
            t.join();
        }
        double ms = (System.nanoTime() - start) / 1e6;
        long total = 0;
        long cpuTotal = 0;
        Histogram all = histogram();
        for (int t = 0; t < threads; t++) {
            total += ops[t];
            cpuTotal += cpu[t];
            all.add(hs[t]);
        }
        if (misses.get() > 0) {
            throw new IllegalStateException(
                    "reads missed keys that were written: system=" + system.name() + ", misses=" + misses.get());
        }
        emit("read-" + threads, Map.of(), "ops/ms", total / ms / threads);
        cpuPerOp("read-" + threads, Map.of(), cpuTotal, total);
        latency("read-" + threads, Map.of(), all);
    }

    private long readLoop(Random r, Histogram h, long deadline, AtomicLong misses) {
        long n = 0;
        try {
            KvSystem.Reader reader = system.reader();
            while (n == 0 || (n & 63) != 0 || System.nanoTime() < deadline) { // at least 64 ops, even if started late
                int i = r.nextInt(keys);
                long t0 = System.nanoTime();
                int length = reader.read(i);
                h.recordValue(System.nanoTime() - t0);
                if (length < 0) {
                    misses.incrementAndGet();
                }
                n++;
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return n;
    }

    private long writeLoop(Random r, Histogram h, long deadline) throws Exception {
        long n = 0;
        while (n == 0 || (n & 63) != 0 || System.nanoTime() < deadline) { // at least 64 ops, even if started late
            int i = r.nextInt(keys);
            int v = newValue(r, i);
            long t0 = System.nanoTime();
            system.put(i, v);
            h.recordValue(System.nanoTime() - t0);
            n++;
        }
        system.endOfWrites();
        return n;
    }

    private void write() throws Exception {
        Histogram h = histogram();
        long cpu = THREADS.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        long n = writeLoop(new Random(200), h, start + phaseNanos);
        double ms = (System.nanoTime() - start) / 1e6;
        emit("write", Map.of(), "ops/ms", n / ms);
        cpuPerOp("write", Map.of(), THREADS.getCurrentThreadCpuTime() - cpu, n);
        latency("write", Map.of(), h);
    }

    private void readWrite() throws Exception {
        Histogram rh = histogram();
        Histogram wh = histogram();
        AtomicLong misses = new AtomicLong();
        long start = System.nanoTime();
        long deadline = start + phaseNanos;
        long[] reads = new long[1];
        long[] readCpu = new long[1];
        Thread reader = Thread.ofPlatform().start(() -> {
            long cpu0 = THREADS.getCurrentThreadCpuTime();
            reads[0] = readLoop(new Random(300), rh, deadline, misses);
            readCpu[0] = THREADS.getCurrentThreadCpuTime() - cpu0;
        });
        long writeCpu = THREADS.getCurrentThreadCpuTime();
        long writes = writeLoop(new Random(301), wh, deadline);
        writeCpu = THREADS.getCurrentThreadCpuTime() - writeCpu;
        reader.join();
        double ms = (System.nanoTime() - start) / 1e6;
        emit("read-write", Map.of("op", "get"), "ops/ms", reads[0] / ms);
        emit("read-write", Map.of("op", "put"), "ops/ms", writes / ms);
        cpuPerOp("read-write", Map.of("op", "get"), readCpu[0], reads[0]);
        cpuPerOp("read-write", Map.of("op", "put"), writeCpu, writes);
        latency("read-write", Map.of("op", "get"), rh);
        latency("read-write", Map.of("op", "put"), wh);
    }

    private void resources(long written, long diskBytes) {
        long live = 0;
        for (int i = 0; i < keys; i++) {
            live += data.keys()[i].length + valueLengths[i];
        }
        long heapPeak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
                heapPeak += pool.getPeakUsage().getUsed();
            }
        }
        double mib = 1 << 20;
        emit("resources", Map.of("metric", "heap-peak"), "MiB", heapPeak / mib);
        emit("resources", Map.of("metric", "rss-peak"), "MiB", KvProc.peakRssBytes() / mib);
        emit("resources", Map.of("metric", "disk-written"), "MiB", written / mib);
        emit("resources", Map.of("metric", "disk-footprint"), "MiB", diskBytes / mib);
        emit("resources", Map.of("metric", "disk-per-live"), "x", (double) diskBytes / live);
        emit("resources", Map.of("metric", "live-data"), "MiB", live / mib);
    }

    /**
     * CPU time per operation of the threads that called the store (the store's own background threads,
     * GC and JIT excluded). Unlike ops/ms it hardly moves when other processes take the shared cores, so
     * it compares stores measured minutes apart; it understates stores that defer work to background
     * threads (compaction), which ops/ms and bytes written still show.
     */
    private void cpuPerOp(String phase, Map<String, Object> params, long cpuNanos, long ops) {
        Map<String, Object> p = new LinkedHashMap<>(params);
        p.put("metric", "caller-cpu");
        emit(phase, p, "us-cpu/op", cpuNanos / 1e3 / ops);
    }

    private static Histogram histogram() {
        return new Histogram(3_600_000_000_000L, 2);
    }

    private void latency(String name, Map<String, Object> params, Histogram h) {
        emitLatency(name, params, "p50", h.getValueAtPercentile(50));
        emitLatency(name, params, "p99", h.getValueAtPercentile(99));
        emitLatency(name, params, "p99.9", h.getValueAtPercentile(99.9));
        emitLatency(name, params, "max", h.getMaxValue());
    }

    private void emitLatency(String name, Map<String, Object> params, String percentile, long nanos) {
        Map<String, Object> p = new LinkedHashMap<>(params);
        p.put("percentile", percentile);
        emit(name, p, "us", nanos / 1000.0);
    }

    private void emit(String name, Map<String, Object> params, String unit, double score) {
        StringBuilder p = new StringBuilder();
        params.forEach(
                (k, v) -> p.append(p.isEmpty() ? "" : ",").append(k).append('=').append(v));
        out.println("CELL\t" + name + "\t" + p + "\t" + unit + "\t" + score);
        out.flush();
    }
}
