package io.sluice.bench.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One run of ApacheBench ({@code ab -n N -c C -l URL}) against a local server, and what it printed.
 *
 * @param requestsPerSecond ab's "Requests per second"
 * @param failed            failed requests plus non-2xx responses
 * @param socketErrors      1 when ab aborted on a socket error (it stops at the first), else 0
 * @param p50Ms             median total time per request
 * @param p99Ms             99th percentile
 * @param maxMs             longest request
 * @param cpuMicros         CPU time ab itself used (user plus system, 10 ms resolution), NaN if unknown
 */
record AbRun(
        double requestsPerSecond,
        long failed,
        long socketErrors,
        double p50Ms,
        double p99Ms,
        double maxMs,
        double cpuMicros) {
    private static final Pattern RPS = Pattern.compile("Requests per second:\\s+([0-9.]+)");
    private static final Pattern FAILED = Pattern.compile("Failed requests:\\s+(\\d+)");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx responses:\\s+(\\d+)");
    /** The shell's {@code times} line for its children: {@code 0m0.150000s 0m0.050000s} (user, system). */
    private static final Pattern CHILD_TIMES = Pattern.compile("(?m)^(\\d+)m([0-9.]+)s (\\d+)m([0-9.]+)s\\s*\\z");

    static AbRun run(String url, int requests, int concurrency) throws IOException, InterruptedException {
        Path percentiles = Files.createTempFile("ab-", ".csv");
        // Through sh, whose "times" prints the CPU time of its finished children: ab's share of the machine.
        List<String> command = new ArrayList<>(List.of(
                "sh",
                "-c",
                "ab \"$@\"; s=$?; times; exit $s",
                "ab",
                "-q",
                "-l",
                "-n",
                Integer.toString(requests),
                "-c",
                Integer.toString(concurrency),
                "-s",
                "30",
                "-e",
                percentiles.toString(),
                url));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException("ab did not finish: url=" + url);
        }
        try {
            if (p.exitValue() != 0 || !RPS.matcher(output).find()) {
                if (output.contains("apr_socket") || output.contains("apr_poll")) {
                    return new AbRun(0, requests, 1, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
                }
                throw new IOException("ab failed: exit=" + p.exitValue() + ", output=" + output.strip());
            }
            // -e writes "Percentage served,Time in ms" for 0..100 with fractions, finer than the summary's whole ms.
            List<String> csv = Files.readAllLines(percentiles);
            return new AbRun(
                    number(RPS, output),
                    (long) number(FAILED, output) + (long) number(NON_2XX, output),
                    0,
                    percentile(csv, 50),
                    percentile(csv, 99),
                    percentile(csv, 100),
                    childCpuMicros(output));
        } finally {
            Files.deleteIfExists(percentiles);
        }
    }

    private static double childCpuMicros(String output) {
        Matcher m = CHILD_TIMES.matcher(output.strip());
        if (!m.find()) {
            return Double.NaN;
        }
        double seconds = Long.parseLong(m.group(1)) * 60
                + Double.parseDouble(m.group(2))
                + Long.parseLong(m.group(3)) * 60
                + Double.parseDouble(m.group(4));
        return seconds * 1e6;
    }

    private static double number(Pattern pattern, String output) {
        Matcher m = pattern.matcher(output);
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    /**
     * The time within which {@code percent} % of requests were served. ab's CSV can dip below an
     * earlier row for small runs (its index arithmetic), so this reads the running maximum, which a
     * percentile curve is by definition.
     */
    private static double percentile(List<String> csv, int percent) {
        double max = Double.NaN;
        for (String line : csv.subList(1, csv.size())) {
            int comma = line.indexOf(',');
            if (Integer.parseInt(line.substring(0, comma)) > percent) {
                break;
            }
            double ms = Double.parseDouble(line.substring(comma + 1));
            max = Double.isNaN(max) ? ms : Math.max(max, ms);
        }
        return max;
    }
}
