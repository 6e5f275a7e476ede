package io.sluice.bench.kv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Linux process and file-system figures: bytes written, peak RSS, disk usage. */
final class KvProc {
    private KvProc() {}

    /** {@code write_bytes} of /proc/self/io: bytes this process caused to be written to storage (incl. mmap dirtying). */
    static long writeBytes() {
        return field(Path.of("/proc/self/io"), "write_bytes:");
    }

    /** VmHWM of /proc/self/status in bytes. */
    static long peakRssBytes() {
        return field(Path.of("/proc/self/status"), "VmHWM:") * 1024;
    }

    private static long field(Path file, String name) {
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith(name)) {
                    return Long.parseLong(line.substring(name.length()).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /** Allocated bytes under {@code dir} ({@code du -sk}: sparse files count what they really use). */
    static long diskUsage(Path dir) {
        try {
            Process p = new ProcessBuilder("du", "-sk", dir.toString())
                    .redirectErrorStream(true)
                    .start();
            String s = new String(p.getInputStream().readAllBytes()).trim();
            p.waitFor(60, TimeUnit.SECONDS);
            return Long.parseLong(s.split("\\s+")[0]) * 1024;
        } catch (IOException | RuntimeException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
