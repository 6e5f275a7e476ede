package io.sluice.bench.pg;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The near-limit reference: PostgreSQL's own {@code pgbench} (C, libpq) running the same query with
 * {@code -n -M prepared -f <script> -T <secs> -c <threads> -j <threads>}; its tps is reported as
 * system {@code pgbench} in the same cells as the Java clients.
 */
final class Pgbench {
    static final String SYSTEM = "pgbench";
    private static final Pattern TPS = Pattern.compile("tps = ([0-9.]+) \\(without initial connection time\\)");

    private Pgbench() {}

    /** The pgbench executable, or null when PostgreSQL's client tools are not installed. */
    static Path executable() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path p = Path.of(dir, "pgbench");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        try (var versions = Files.list(Path.of("/usr/lib/postgresql"))) {
            return versions.map(v -> v.resolve("bin/pgbench"))
                    .filter(Files::isExecutable)
                    .max(Path::compareTo)
                    .orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    /** The script of a fetch of {@code rows} rows, with the row count as a parameter as the prepared case has it. */
    static String fetchScript(int rows) {
        return "\\set rows " + rows + "\n" + LdbcTable.FETCH_PARAM.replace("$1", ":rows") + ";\n";
    }

    /** The script of a point select of a random id. */
    static String pointScript() {
        return "\\set id random(1, " + LdbcTable.ROWS + ")\n" + LdbcTable.POINT_PARAM.replace("$1", ":id") + ";\n";
    }

    /** Runs {@code script} for {@code seconds} with {@code threads} clients and threads; returns tps. */
    static double tps(Path pgbench, Path workDir, String script, int threads, int seconds)
            throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        Path file = Files.createTempFile(workDir, "pgbench-", ".sql");
        Files.writeString(file, script, StandardCharsets.UTF_8);
        PgEndpoint endpoint = PgEndpoint.server("sluice-bench-pgbench");
        List<String> command = List.of(
                pgbench.toString(),
                "-n",
                "-M",
                "prepared",
                "-f",
                file.toString(),
                "-T",
                Integer.toString(seconds),
                "-c",
                Integer.toString(threads),
                "-j",
                Integer.toString(threads),
                "-h",
                endpoint.host(),
                "-p",
                Integer.toString(endpoint.port()),
                "-U",
                PgEndpoint.USER,
                PgEndpoint.DATABASE);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("PGSSLMODE", "disable");
        pb.environment().put("PGAPPNAME", "sluice-bench-pgbench");
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(seconds + 60L, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("pgbench did not finish: command=" + command);
        }
        Matcher m = TPS.matcher(output);
        if (p.exitValue() != 0 || !m.find()) {
            throw new IOException(
                    "pgbench failed: exit=" + p.exitValue() + ", command=" + command + ", output=" + output.strip());
        }
        return Double.parseDouble(m.group(1));
    }
}
