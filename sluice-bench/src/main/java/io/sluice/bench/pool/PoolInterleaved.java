package io.sluice.bench.pool;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A cross-check of {@code pool-cycle} for a shared, noisy machine: HikariCP and sluice-pool take
 * turns in slices (order swapped every round) inside one JVM, each running {@link PoolCycleBenchmark}
 * itself (same pools, same virtual threads, same invocations) outside JMH. Per slice it reports
 * ops/s, the process's CPU time per operation (all threads: carriers, poller, JIT, GC) and the CPU
 * time per operation of the pool's PostgreSQL backends ({@code /proc/<pid>/stat}, 10 ms ticks), then
 * the median of each per system. CPU per operation is unaffected by waiting for a core, so it is the
 * steadier figure when other processes load the machine; ops/s tells whether a system kept its
 * cores busy.
 *
 * <p>After {@code bin/bench} has compiled:
 * {@code java -cp "sluice-bench/target/classes:$(cat sluice-bench/target/classpath.txt)" io.sluice.bench.pool.PoolInterleaved connectionCycle 1000 6 1000}
 * (benchmark method, virtual threads, rounds, slice milliseconds).
 */
public final class PoolInterleaved {
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final long NANOS_PER_TICK = 10_000_000L; // USER_HZ 100

    private PoolInterleaved() {}

    public static void main(String[] args) throws Exception {
        String method = args.length > 0 ? args[0] : "connectionCycle";
        int vthreads = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 6;
        long sliceMillis = args.length > 3 ? Long.parseLong(args[3]) : 1000;
        PoolCycleBenchmark[] benches = {open("hikaricp", method, vthreads), open("sluice-pool", method, vthreads)};
        int[][] pids = {backendPids(benches[0]), backendPids(benches[1])};
        List<List<double[]>> slices = List.of(new ArrayList<>(), new ArrayList<>());
        for (int r = 0; r < rounds; r++) {
            for (int turn = 0; turn < 2; turn++) {
                int b = (r + turn) % 2;
                double[] slice = slice(benches[b], method, pids[b], sliceMillis);
                slices.get(b).add(slice);
                System.out.printf(
                        "%s %-11s ops/s=%,.0f cpu/op=%,.0f ns server-cpu/op=%,.0f ns%n",
                        method, benches[b].system, slice[0], slice[1], slice[2]);
            }
        }
        double[] h = medians(slices.get(0));
        double[] s = medians(slices.get(1));
        System.out.printf(
                "median %s vthreads=%d, hikaricp vs sluice-pool: ops/s %,.0f vs %,.0f (%.2fx), cpu/op %,.0f vs %,.0f ns"
                        + " (%.2fx), server cpu/op %,.0f vs %,.0f ns%s%n",
                method,
                vthreads,
                h[0],
                s[0],
                s[0] / h[0],
                h[1],
                s[1],
                h[1] / s[1],
                h[2],
                s[2],
                s[2] > 0 ? String.format(" (%.2fx)", h[2] / s[2]) : "");
        for (PoolCycleBenchmark bench : benches) {
            bench.close();
        }
    }

    private static PoolCycleBenchmark open(String system, String method, int vthreads) {
        PoolCycleBenchmark bench = new PoolCycleBenchmark();
        bench.system = system;
        bench.vthreads = vthreads;
        bench.start(method);
        return bench;
    }

    /** One slice: a quarter of it as warm-up, then whole invocations until the slice ends. */
    private static double[] slice(PoolCycleBenchmark bench, String method, int[] pids, long millis) throws IOException {
        int opsPerInvocation =
                method.equals("connectionCycle") ? PoolCycleBenchmark.CONNECTION_OPS : PoolCycleBenchmark.STATEMENT_OPS;
        long warm = System.nanoTime() + millis * 250_000L;
        while (System.nanoTime() < warm) {
            invoke(bench, method);
        }
        long server0 = ticks(pids);
        long cpu0 = OS.getProcessCpuTime();
        long t0 = System.nanoTime();
        long end = t0 + millis * 1_000_000L;
        long ops = 0;
        while (System.nanoTime() < end) {
            invoke(bench, method);
            ops += opsPerInvocation;
        }
        long t1 = System.nanoTime();
        long cpu = OS.getProcessCpuTime() - cpu0;
        long server = (ticks(pids) - server0) * NANOS_PER_TICK;
        return new double[] {ops * 1e9 / (t1 - t0), cpu / (double) ops, server / (double) ops};
    }

    private static void invoke(PoolCycleBenchmark bench, String method) {
        switch (method) {
            case "connectionCycle" -> bench.connectionCycle();
            case "statementCycle" -> bench.statementCycle();
            case "statementPerTask" -> bench.statementPerTask();
            default -> throw new IllegalArgumentException("unknown benchmark: method=" + method);
        }
    }

    /** The backend pids of a pool's connections: all of them borrowed at once, each asked for its pid. */
    private static int[] backendPids(PoolCycleBenchmark bench) throws SQLException {
        int[] pids = new int[PoolCycleBenchmark.POOL_SIZE];
        List<AutoCloseable> held = new ArrayList<>();
        try {
            for (int i = 0; i < pids.length; i++) {
                if (bench.sluice != null) {
                    io.sluice.Connection c = bench.sluice.connection();
                    held.add(c);
                    pids[i] =
                            c.query("SELECT pg_backend_pid()", r -> r.getInt(0)).getFirst();
                } else {
                    Connection c = bench.hikari.getConnection();
                    held.add(c);
                    try (Statement st = c.createStatement();
                            ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
                        rs.next();
                        pids[i] = rs.getInt(1);
                    }
                }
            }
        } finally {
            for (AutoCloseable c : held) {
                try {
                    c.close();
                } catch (Exception e) {
                    throw new IllegalStateException("returning a connection failed", e);
                }
            }
        }
        return pids;
    }

    /** User plus system CPU ticks of the given processes (PostgreSQL runs on this machine). */
    private static long ticks(int[] pids) throws IOException {
        long sum = 0;
        for (int pid : pids) {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            sum += Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime (fields 14 and 15)
        }
        return sum;
    }

    private static double[] medians(List<double[]> slices) {
        double[] m = new double[3];
        for (int i = 0; i < 3; i++) {
            int k = i;
            double[] v = slices.stream().mapToDouble(x -> x[k]).sorted().toArray();
            m[i] = v[v.length / 2];
        }
        return m;
    }
}
