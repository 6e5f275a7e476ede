package io.sluice.bench.orm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where the time of one {@link OrmBenchmark} case goes, by layer: a sampler reads the workers' stacks
 * every millisecond and charges each sample to the first frame outside the JDK (a JDK frame, such as a
 * socket read, belongs to whoever called it). {@code driver (I/O wait)} is the driver waiting for the
 * server. Coarse (samples land at safepoints), but the same bias for every driver.
 *
 * <p>{@code java -cp ... io.sluice.bench.orm.OrmProfile <system> <server> <load|find|insert> <threads> <seconds>}
 */
public final class OrmProfile {
    private OrmProfile() {}

    /** Runs the case, then prints operations per second and the share of samples per layer. */
    public static void main(String[] args) throws Exception {
        OrmBenchmark bench = new OrmBenchmark();
        bench.system = args[0];
        bench.server = args[1];
        String workload = args[2];
        int threads = Integer.parseInt(args[3]);
        long seconds = Long.parseLong(args[4]);
        bench.open(workload.equals("insert"), threads);
        Runnable op =
                switch (workload) {
                    case "load" -> bench::load;
                    case "find" -> bench::find;
                    case "insert" -> bench::insert;
                    default ->
                        throw new IllegalArgumentException("case must be load, find or insert: case=" + workload);
                };
        AtomicLong ops = new AtomicLong();
        long warmEnd = System.nanoTime() + seconds * 1_000_000_000L / 2;
        long end = warmEnd + seconds * 1_000_000_000L;
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(
                    () -> {
                        while (System.nanoTime() < end) {
                            op.run();
                            if (System.nanoTime() > warmEnd) {
                                ops.incrementAndGet();
                            }
                        }
                    },
                    "orm-worker-" + i);
            workers.add(t);
            t.start();
        }
        Map<String, Long> layers = new TreeMap<>();
        long samples = 0;
        while (System.nanoTime() < end) {
            Thread.sleep(1);
            if (System.nanoTime() < warmEnd) {
                continue;
            }
            for (Thread t : workers) {
                StackTraceElement[] stack = t.getStackTrace();
                if (stack.length > 0) {
                    layers.merge(layer(stack), 1L, Long::sum);
                    samples++;
                }
            }
        }
        for (Thread t : workers) {
            t.join();
        }
        bench.close();
        System.out.printf(
                Locale.ROOT,
                "%s %s %s threads=%d: %.1f ops/s, %d samples%n",
                bench.system,
                bench.server,
                workload,
                threads,
                ops.get() / (double) seconds,
                samples);
        long total = samples;
        layers.forEach((layer, n) -> System.out.printf(Locale.ROOT, "  %-18s %5.1f %%%n", layer, 100.0 * n / total));
    }

    /** The layer a sample belongs to: the first non-JDK frame's library, I/O waits of the driver apart. */
    static String layer(StackTraceElement[] stack) {
        boolean waiting = false;
        for (StackTraceElement frame : stack) {
            String c = frame.getClassName();
            if (c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.")) {
                String m = frame.getMethodName();
                waiting |= c.startsWith("sun.nio.ch.")
                        || m.equals("park")
                        || m.startsWith("read0")
                        || m.equals("socketRead0");
                continue;
            }
            String owner;
            if (c.startsWith("org.postgresql.")
                    || c.startsWith("org.mariadb.")
                    || c.startsWith("io.sluice.jdbc.")
                    || c.startsWith("io.sluice.postgres.")
                    || c.startsWith("io.sluice.mysql.")
                    || c.startsWith("io.sluice.core.")
                    || c.startsWith("io.sluice.sql.")
                    || c.startsWith("io.sluice.pool.")
                    || (c.startsWith("io.sluice.") && !c.startsWith("io.sluice.bench."))) {
                return waiting ? "driver (I/O wait)" : "driver";
            } else if (c.startsWith("org.hibernate.")) {
                owner = "hibernate";
            } else if (c.startsWith("com.zaxxer.hikari.")) {
                owner = "hikaricp";
            } else if (c.startsWith("io.sluice.bench.")) {
                owner = "benchmark";
            } else {
                owner = "other";
            }
            return owner;
        }
        return "jdk";
    }
}
