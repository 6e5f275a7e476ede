package io.sluice.bench.http;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@link JsonServer} running in a child JVM, with its port, its CPU time and that of its PostgreSQL
 * backends (found by the stack's application name) as the kernel counts them.
 */
final class ServerProcess implements AutoCloseable {
    private final Process process;
    private final int port;
    private final String applicationName;
    private long[] backends = new long[0];

    private ServerProcess(Process process, int port, String applicationName) {
        this.process = process;
        this.port = port;
        this.applicationName = applicationName;
    }

    static ServerProcess start(String stack, int poolSize) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(
                java,
                "-Xms512m",
                "-Xmx1g",
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                JsonServer.class.getName(),
                "--stack",
                stack,
                "--pool",
                Integer.toString(poolSize));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        String line;
        while ((line = out.readLine()) != null) {
            if (line.startsWith("READY ")) {
                int port = Integer.parseInt(line.substring(6).trim());
                Thread.ofVirtual().start(() -> drain(out)); // keep the pipe from filling up
                return new ServerProcess(
                        p,
                        port,
                        switch (stack) {
                            case "sluice" -> SluiceJsonStack.APPLICATION_NAME;
                            default -> JdbcJsonStack.APPLICATION_NAME;
                        });
            }
            seen.append(line).append('\n');
        }
        p.destroyForcibly();
        throw new IOException("server did not start: stack=" + stack + ", output="
                + seen.toString().strip());
    }

    String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    /** The server JVM's threads and their CPU time so far. */
    CpuTime.Threads cpu() throws IOException {
        return CpuTime.threads(process.pid());
    }

    /**
     * Finds the PostgreSQL backends of this server's pool (pg_stat_activity by application name) for
     * {@link #backendCpuNanos}. PostgreSQL runs on this machine.
     */
    void findBackends(Connection admin) throws SQLException {
        try (PreparedStatement ps =
                admin.prepareStatement("SELECT pid FROM pg_stat_activity WHERE application_name = ?")) {
            ps.setString(1, applicationName);
            try (ResultSet rs = ps.executeQuery()) {
                List<Long> pids = new ArrayList<>();
                while (rs.next()) {
                    pids.add(rs.getLong(1));
                }
                backends = pids.stream().mapToLong(Long::longValue).toArray();
            }
        }
    }

    /** CPU time of this server's PostgreSQL backends so far, in nanoseconds. */
    long backendCpuNanos() throws IOException {
        return CpuTime.processesNanos(backends);
    }

    /** How many backends {@link #findBackends} found. */
    int backendCount() {
        return backends.length;
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
