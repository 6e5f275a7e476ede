package io.sluice.bench.http;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A {@link JsonServer} running in a child JVM, with its port and its CPU time as the kernel counts it. */
final class ServerProcess implements AutoCloseable {
    private static final long CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

    private final Process process;
    private final int port;

    private ServerProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static ServerProcess start(String stack, int poolSize) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-Xms512m", "-Xmx1g", "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), JsonServer.class.getName(),
                "--stack", stack, "--pool", Integer.toString(poolSize));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        String line;
        while ((line = out.readLine()) != null) {
            if (line.startsWith("READY ")) {
                int port = Integer.parseInt(line.substring(6).trim());
                Thread.ofVirtual().start(() -> drain(out)); // keep the pipe from filling up
                return new ServerProcess(p, port);
            }
            seen.append(line).append('\n');
        }
        p.destroyForcibly();
        throw new IOException("server did not start: stack=" + stack + ", output=" + seen.toString().strip());
    }

    String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    /** User plus system CPU time of the server process so far, in microseconds. */
    long cpuMicros() throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime, stime (fields 14, 15)
        return ticks * 1_000_000 / CLOCK_TICKS_PER_SECOND;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static void drain(BufferedReader out) {
        try {
            while (out.readLine() != null) {
                // discard
            }
        } catch (IOException ignored) {
            // the process ended
        }
    }
}
