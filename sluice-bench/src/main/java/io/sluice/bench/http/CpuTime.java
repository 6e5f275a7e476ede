package io.sluice.bench.http;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * CPU time of other processes as Linux's scheduler counts it ({@code /proc/<pid>/task/<tid>/schedstat},
 * first field: nanoseconds on a CPU), summed over the threads alive when read. Nanosecond resolution,
 * where {@code /proc/<pid>/stat} counts 10 ms ticks: a PostgreSQL backend serving a few requests of a
 * cell would round to zero there.
 */
final class CpuTime {
    private CpuTime() {}

    /** Nanoseconds the process {@code pid} has run so far (its live threads); 0 when it is gone. */
    static long processNanos(long pid) throws IOException {
        long total = 0;
        for (long nanos : threads(pid).nanos().values()) {
            total += nanos;
        }
        return total;
    }

    /**
     * Per thread of a process, the nanoseconds it has run, and which threads are JIT compilers
     * (HotSpot names them {@code C1 CompilerThread<n>} and {@code C2 CompilerThread<n>}).
     */
    record Threads(Map<String, Long> nanos, Set<String> jit) {
        /**
         * CPU time since {@code before}: {@code [all threads, JIT compiler threads]}. Counted per
         * thread, since HotSpot starts and stops compiler threads as the queue grows and shrinks: a
         * thread that ended in between loses its share, which a difference of totals would make
         * negative.
         */
        long[] since(Threads before) {
            long total = 0;
            long compilers = 0;
            for (Map.Entry<String, Long> t : nanos.entrySet()) {
                long delta = t.getValue() - before.nanos.getOrDefault(t.getKey(), 0L);
                total += delta;
                if (jit.contains(t.getKey())) {
                    compilers += delta;
                }
            }
            return new long[] {total, compilers};
        }
    }

    /** The threads of {@code pid} now; empty when the process is gone. */
    static Threads threads(long pid) throws IOException {
        Map<String, Long> nanos = new HashMap<>();
        Set<String> jit = new HashSet<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                try {
                    String stat = Files.readString(task.resolve("schedstat"));
                    String tid = task.getFileName().toString();
                    nanos.put(tid, Long.parseLong(stat.substring(0, stat.indexOf(' '))));
                    if (Files.readString(task.resolve("comm")).contains("CompilerThre")) { // comm is cut at 15 chars
                        jit.add(tid);
                    }
                } catch (NoSuchFileException threadEnded) {
                    // a thread that ended between the listing and the read
                }
            }
        } catch (NoSuchFileException processEnded) {
            return new Threads(Map.of(), Set.of());
        }
        return new Threads(nanos, jit);
    }

    /** The sum of {@link #processNanos} over {@code pids}. */
    static long processesNanos(long[] pids) throws IOException {
        long total = 0;
        for (long pid : pids) {
            total += processNanos(pid);
        }
        return total;
    }
}
