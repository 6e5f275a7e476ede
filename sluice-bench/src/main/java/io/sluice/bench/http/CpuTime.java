package io.sluice.bench.http;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

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
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                try {
                    String stat = Files.readString(task.resolve("schedstat"));
                    total += Long.parseLong(stat.substring(0, stat.indexOf(' ')));
                } catch (NoSuchFileException threadEnded) {
                    // a thread that ended between the listing and the read
                }
            }
        } catch (NoSuchFileException processEnded) {
            return 0;
        }
        return total;
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
