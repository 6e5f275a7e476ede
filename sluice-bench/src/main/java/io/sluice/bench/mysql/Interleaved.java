package io.sluice.bench.mysql;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A cross-check of the JMH suites for a shared, noisy machine: the systems take turns in short slices
 * (order rotated every round) inside one JVM, so that a load change from other processes hits every
 * system alike, and the ratio survives noise that swamps one JMH run after another. Reports ops/s,
 * bytes allocated per operation (per-thread allocation counters) and the client thread's CPU time per
 * operation (unaffected by waiting for the server or for a core) for each system, and Sluice's ratios
 * to the better peer.
 *
 * <p>After {@code bin/bench} has compiled:
 * {@code java -cp "sluice-bench/target/classes:$(cat sluice-bench/target/classpath.txt)" io.sluice.bench.mysql.Interleaved fetch prepared 2000 1 20 250}
 * (kind: fetch, point, insert, batch or read; variant, rows, threads, rounds, slice milliseconds).
 * {@code -Dsluice.bench.mariadb.options=...} and {@code -Dsluice.bench.mysql.options=...} run a peer with
 * other settings ({@link MyEndpoint}).
 */
public final class Interleaved {
    private Interleaved() {}

    public static void main(String[] args) throws Exception {
        String kind = args.length > 0 ? args[0] : "fetch";
        String variant = args.length > 1 ? args[1] : "prepared";
        int rows = args.length > 2 ? Integer.parseInt(args[2]) : 500;
        int threads = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        int rounds = args.length > 4 ? Integer.parseInt(args[4]) : 20;
        long sliceMillis = args.length > 5 ? Long.parseLong(args[5]) : 250;
        if (kind.equals("fetch") || kind.equals("point")) {
            MyLdbcTable.ensure();
        }
        MyWorkload workload = new MyWorkload(kind, variant, rows);
        Map<String, List<MyClient>> clients = new LinkedHashMap<>();
        for (String system : MySuite.SYSTEMS) {
            List<MyClient> list = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                list.add(MyClient.open(system, workload));
            }
            clients.put(system, list);
        }
        Blackhole bh = new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        Map<String, long[]> totals = new LinkedHashMap<>(); // ops, nanos, bytes, cpu nanos
        List<String> order = new ArrayList<>(MySuite.SYSTEMS);
        for (int round = -2; round < rounds; round++) { // two warm-up rounds
            for (String system : order) {
                long[] r = slice(clients.get(system), bh, sliceMillis);
                if (round >= 0) {
                    long[] t = totals.computeIfAbsent(system, k -> new long[4]);
                    for (int i = 0; i < 4; i++) {
                        t[i] += r[i];
                    }
                }
            }
            order.add(order.removeFirst());
        }
        double bestPeer = 0;
        double bestPeerBytes = Double.MAX_VALUE;
        double bestPeerCpu = Double.MAX_VALUE;
        Map<String, double[]> result = new LinkedHashMap<>();
        for (var e : totals.entrySet()) {
            long[] t = e.getValue();
            double opsPerSec = t[0] * 1e9 / t[1]; // ops of all threads over one slice time
            double bytesPerOp = (double) t[2] / t[0];
            double cpuMicrosPerOp = t[3] / 1e3 / t[0];
            result.put(e.getKey(), new double[] {opsPerSec, bytesPerOp, cpuMicrosPerOp});
            if (!e.getKey().equals(MyEndpoint.SLUICE)) {
                bestPeer = Math.max(bestPeer, opsPerSec);
                bestPeerBytes = Math.min(bestPeerBytes, bytesPerOp);
                bestPeerCpu = Math.min(bestPeerCpu, cpuMicrosPerOp);
            }
        }
        System.out.printf(
                "interleaved %s %s rows=%d threads=%d rounds=%d slice=%dms%n",
                kind, variant, rows, threads, rounds, sliceMillis);
        result.forEach((system, v) ->
                System.out.printf("  %-22s %12.1f ops/s %12.0f B/op %12.1f us CPU/op%n", system, v[0], v[1], v[2]));
        double[] s = result.get(MyEndpoint.SLUICE);
        System.out.printf(
                "  sluice / best peer: %.2fx ops/s, %.2fx less allocation, %.2fx less client CPU%n",
                s[0] / bestPeer, bestPeerBytes / s[1], bestPeerCpu / s[2]);
        for (List<MyClient> list : clients.values()) {
            for (MyClient c : list) {
                c.close();
            }
        }
    }

    /** Runs every client of one system on its own thread for {@code millis}; returns ops, thread-nanos, bytes, CPU nanos. */
    private static long[] slice(List<MyClient> clients, Blackhole bh, long millis) throws InterruptedException {
        AtomicLong ops = new AtomicLong();
        AtomicLong nanos = new AtomicLong();
        AtomicLong bytes = new AtomicLong();
        AtomicLong cpu = new AtomicLong();
        CountDownLatch done = new CountDownLatch(clients.size());
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (MyClient c : clients) {
            Thread.ofPlatform().start(() -> {
                long id = Thread.currentThread().threadId();
                long before = mx.getThreadAllocatedBytes(id);
                long cpuBefore = mx.getCurrentThreadCpuTime();
                long start = System.nanoTime();
                long end = start + millis * 1_000_000;
                long n = 0;
                try {
                    do {
                        c.run(bh);
                        n++;
                    } while (System.nanoTime() < end);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                } finally {
                    nanos.addAndGet(System.nanoTime() - start);
                    bytes.addAndGet(mx.getThreadAllocatedBytes(id) - before);
                    cpu.addAndGet(mx.getCurrentThreadCpuTime() - cpuBefore);
                    ops.addAndGet(n);
                    done.countDown();
                }
            });
        }
        done.await();
        return new long[] {ops.get(), nanos.get() / clients.size(), bytes.get(), cpu.get()};
    }
}
