package io.sluice.bench.pool;

import com.zaxxer.hikari.HikariDataSource;
import io.sluice.pool.ConnectionPool;
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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * A cross-check of {@code pool-cycle} for a shared, noisy machine: HikariCP and sluice-pool take
 * turns in slices (order swapped every round) inside one JVM, with {@link PoolCycleBenchmark}'s
 * workloads and set-up (pools of 10 from {@link PoolEndpoint}, long-lived virtual threads woken per
 * round, 600,000 connection cycles or 6,000 statement cycles per round). Per slice it reports ops/s,
 * the process's CPU time per operation (all threads: carriers, poller, JIT, GC) and the CPU time per
 * operation of the pool's PostgreSQL backends ({@code /proc/<pid>/stat}, 10 ms ticks), then the
 * median of each per system. CPU per operation is unaffected by waiting for a core, so it is the
 * steadier figure when other processes load the machine; ops/s tells whether a system kept its
 * cores busy.
 *
 * <p>After {@code bin/bench} has compiled:
 * {@code java -cp "sluice-bench/target/classes:$(cat sluice-bench/target/classpath.txt)" io.sluice.bench.pool.PoolInterleaved conn 1000 6 1500}
 * (workload {@code conn}, {@code stmt} or {@code task} as {@code statementPerTask}; virtual threads;
 * rounds; slice milliseconds).
 */
public final class PoolInterleaved {
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final long NANOS_PER_TICK = 10_000_000L; // USER_HZ 100

    private final String workload;
    private final int vthreads;
    private final HikariDataSource hikari = PoolEndpoint.hikari(PoolCycleBenchmark.POOL_SIZE);
    private final ConnectionPool sluice = PoolEndpoint.sluicePool(PoolCycleBenchmark.POOL_SIZE);
    private final List<Thread> workers = new ArrayList<>();
    private final AtomicInteger remaining = new AtomicInteger();
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private volatile boolean useSluice;
    private volatile int round;
    private volatile Thread driver;

    private PoolInterleaved(String workload, int vthreads) {
        this.workload = workload;
        this.vthreads = vthreads;
    }

    public static void main(String[] args) throws Exception {
        String workload = args.length > 0 ? args[0] : "conn";
        int vthreads = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 6;
        long sliceMillis = args.length > 3 ? Long.parseLong(args[3]) : 1500;
        new PoolInterleaved(workload, vthreads).run(rounds, sliceMillis);
        System.exit(0); // the pools' background threads
    }

    private void run(int rounds, long sliceMillis) throws Exception {
        int[] hikariPids = backendPids(false);
        int[] sluicePids = backendPids(true);
        if (!workload.equals("task")) {
            for (int i = 0; i < vthreads; i++) {
                workers.add(Thread.ofVirtual().start(this::work));
            }
        }
        List<double[]> h = new ArrayList<>();
        List<double[]> s = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            for (int turn = 0; turn < 2; turn++) {
                boolean sl = (r + turn) % 2 == 1;
                double[] slice = slice(sl, sl ? sluicePids : hikariPids, sliceMillis);
                (sl ? s : h).add(slice);
                System.out.printf("%s %-11s ops/s=%,.0f cpu/op=%,.0f ns server-cpu/op=%,.0f ns%n",
                        workload, sl ? "sluice-pool" : "hikaricp", slice[0], slice[1], slice[2]);
            }
        }
        double[] hm = medians(h);
        double[] sm = medians(s);
        System.out.printf("median %s vthreads=%d, hikaricp vs sluice-pool: ops/s %,.0f vs %,.0f (%.2fx), cpu/op %,.0f vs %,.0f ns"
                        + " (%.2fx), server cpu/op %,.0f vs %,.0f ns%s%n", workload, vthreads, hm[0], sm[0], sm[0] / hm[0],
                hm[1], sm[1], hm[1] / sm[1], hm[2], sm[2], sm[2] > 0 ? String.format(" (%.2fx)", hm[2] / sm[2]) : "");
    }

    /** One slice: a quarter of it as warm-up, then whole rounds until the slice ends. */
    private double[] slice(boolean sl, int[] pids, long millis) throws IOException {
        useSluice = sl;
        long warm = System.nanoTime() + millis * 250_000L;
        while (System.nanoTime() < warm) {
            runRound();
        }
        long server0 = ticks(pids);
        long cpu0 = OS.getProcessCpuTime();
        long t0 = System.nanoTime();
        long end = t0 + millis * 1_000_000L;
        long ops = 0;
        while (System.nanoTime() < end) {
            ops += runRound();
        }
        long t1 = System.nanoTime();
        long cpu = OS.getProcessCpuTime() - cpu0;
        long server = (ticks(pids) - server0) * NANOS_PER_TICK;
        return new double[] {ops * 1e9 / (t1 - t0), cpu / (double) ops, server / (double) ops};
    }

    /** Runs one round over all virtual threads and returns its operations. */
    private int runRound() {
        driver = Thread.currentThread();
        remaining.set(vthreads);
        int ops;
        if (workload.equals("task")) {
            ops = PoolCycleBenchmark.STATEMENT_OPS;
            AtomicInteger toStart = new AtomicInteger(ops - vthreads);
            for (int i = 0; i < vthreads; i++) {
                Thread.ofVirtual().start(() -> request(toStart));
            }
        } else {
            ops = workload.equals("conn") ? PoolCycleBenchmark.CONNECTION_OPS : PoolCycleBenchmark.STATEMENT_OPS;
            round = round + 1;
            workers.forEach(LockSupport::unpark);
        }
        while (remaining.get() != 0) {
            LockSupport.park(this);
        }
        RuntimeException f = failure.get();
        if (f != null) {
            throw f;
        }
        return ops;
    }

    private void work() {
        int seen = 0;
        while (true) {
            while (round == seen) {
                LockSupport.park(this);
            }
            seen = round;
            boolean conn = workload.equals("conn");
            int share = (conn ? PoolCycleBenchmark.CONNECTION_OPS : PoolCycleBenchmark.STATEMENT_OPS) / vthreads;
            try {
                for (int i = 0; i < share; i++) {
                    if (conn) {
                        connectionOnce();
                    } else {
                        statementOnce();
                    }
                }
            } catch (RuntimeException e) {
                failure.compareAndSet(null, e);
            }
            finished();
        }
    }

    private void request(AtomicInteger toStart) {
        try {
            statementOnce();
        } catch (RuntimeException e) {
            failure.compareAndSet(null, e);
        }
        if (toStart.getAndDecrement() > 0) {
            Thread.ofVirtual().start(() -> request(toStart));
        } else {
            finished();
        }
    }

    private void finished() {
        if (remaining.decrementAndGet() == 0) {
            LockSupport.unpark(driver);
        }
    }

    private void connectionOnce() {
        try {
            if (useSluice) {
                sluice.connection().close();
            } else {
                hikari.getConnection().close();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("connection cycle failed", e);
        }
    }

    private void statementOnce() {
        if (useSluice) {
            try (io.sluice.Connection c = sluice.connection()) {
                c.query("SELECT 1", r -> r.getInt(0));
            }
            return;
        }
        try (Connection c = hikari.getConnection(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1")) {
            rs.next();
            rs.getInt(1);
        } catch (SQLException e) {
            throw new IllegalStateException("statement cycle failed", e);
        }
    }

    /** The backend pids of a pool's connections: all of them borrowed at once, each asked for its pid. */
    private int[] backendPids(boolean sl) throws SQLException {
        int[] pids = new int[PoolCycleBenchmark.POOL_SIZE];
        List<AutoCloseable> held = new ArrayList<>();
        try {
            for (int i = 0; i < pids.length; i++) {
                if (sl) {
                    io.sluice.Connection c = sluice.connection();
                    held.add(c);
                    pids[i] = c.query("SELECT pg_backend_pid()", r -> r.getInt(0)).getFirst();
                } else {
                    Connection c = hikari.getConnection();
                    held.add(c);
                    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
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

    /** User plus system CPU ticks of the given processes (on this machine: PostgreSQL runs locally). */
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
