package io.sluice.bench.kv;

import io.sluice.bench.Cell;
import io.sluice.bench.Mode;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import io.sluice.bench.Suite;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code kv-seed}: the Krati-vs-BDB-JE seed workload for Sluice KV (group-commit and no-fsync) and
 * every peer, each store in a child JVM of its own (like a JMH fork) so that its GC pauses, heap and RSS
 * are its own and peers' JVM flags (Chronicle's --add-opens, native access) apply only to them.
 *
 * <p>Sizes: SMOKE 2,000 keys and 0.2 s phases; QUICK 100,000 keys and 0.5 s phases (eight stores within
 * about 60 s of the main job's 5-minute budget); FULL 1,000,000 keys and 20 s phases (the size;
 * {@code -Dsluice.kv.keys=2500000} for the Krati paper's). Child heap: 2 GiB (8 GiB full), the same for
 * every store. Keys 30-36 bytes, values random 500-2000 bytes (mean ~1250), made once ({@link KvData}).
 * Overrides: {@code -Dsluice.kv.keys}, {@code -Dsluice.kv.phaseMillis}, {@code -Dsluice.kv.systems=a,b}.
 */
final class KvSeedSuite implements Suite {
    static final List<String> SYSTEMS = List.of(
            "sluice-kv-group-commit",
            "sluice-kv-nofsync",
            "bdb-je",
            "krati",
            "chronicle-map",
            "lmdb",
            "rocksdb",
            "mapdb");
    private static final Pattern PAUSE = Pattern.compile("Pause .* ([0-9.]+)ms$");

    @Override
    public String name() {
        return "kv-seed";
    }

    @Override
    public Set<String> requiredServices() {
        return Set.of();
    }

    @Override
    public String baselineSystem() {
        return "bdb-je";
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        int keys = Integer.getInteger(
                "sluice.kv.keys",
                switch (context.mode()) {
                    case SMOKE -> 2_000;
                    case QUICK -> 100_000;
                    case FULL -> 1_000_000;
                });
        long phaseMillis = Long.getLong(
                "sluice.kv.phaseMillis",
                switch (context.mode()) {
                    case SMOKE -> 200L;
                    case QUICK -> 500L;
                    case FULL -> 20_000L;
                });
        // Krati keeps its segments on the heap, hence the sizes; every store gets the same heap.
        String heap =
                switch (context.mode()) {
                    case SMOKE -> "-Xmx512m";
                    case QUICK -> "-Xmx2g";
                    case FULL -> "-Xmx8g";
                };
        List<String> systems = System.getProperty("sluice.kv.systems") == null
                ? SYSTEMS
                : List.of(System.getProperty("sluice.kv.systems").split(","));
        List<String> failed = new ArrayList<>();
        for (String system : systems) {
            try {
                runChild(context, sink, system, keys, phaseMillis, heap);
            } catch (IOException | RuntimeException e) {
                System.out.println("  kv-seed: " + system + " failed: " + e.getMessage());
                failed.add(system + ": " + e.getMessage());
            }
        }
        if (failed.stream().anyMatch(f -> f.startsWith("sluice"))) {
            throw new IllegalStateException("kv-seed: Sluice KV failed: " + failed);
        }
    }

    private void runChild(RunContext context, ResultSink sink, String system, int keys, long phaseMillis, String heap)
            throws IOException, InterruptedException {
        Path dir = context.workDir().resolve(system);
        Files.createDirectories(dir);
        Path gcLog = context.workDir().resolve(system + "-gc.log");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add(heap);
        cmd.add("-Xms" + heap.substring(4));
        cmd.add("-XX:+UseG1GC");
        if (context.mode() == Mode.FULL) {
            cmd.add("-XX:+AlwaysPreTouch"); // seconds per child on a busy machine: not worth it in the short modes
        }
        cmd.add("-Xlog:gc:file=" + gcLog);
        cmd.addAll(KvSystem.named(system).jvmFlags());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(KvChild.class.getName());
        cmd.add(system);
        cmd.add(Integer.toString(keys));
        cmd.add(Long.toString(phaseMillis));
        cmd.add(dir.resolve("store").toString());
        long start = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        int cells = 0;
        StringBuilder tail = new StringBuilder();
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (line.startsWith("CELL\t")) {
                    sink.accept(parse(line, system, keys));
                    cells++;
                } else if (!line.startsWith("WARNING") && !line.isBlank()) {
                    tail.append(line).append('\n');
                    if (tail.length() > 4000) {
                        tail.delete(0, tail.length() - 4000);
                    }
                }
            }
        }
        if (!p.waitFor(30, TimeUnit.MINUTES)) {
            p.destroyForcibly();
        }
        if (p.exitValue() != 0 || cells == 0) {
            throw new IllegalStateException(
                    "child exit=" + p.exitValue() + ", cells=" + cells + ", output tail:\n" + tail);
        }
        gcCells(gcLog, system, keys).forEach(sink::accept);
        System.out.printf(
                "  kv-seed: %s done in %.1f s (%d cells)%n", system, (System.nanoTime() - start) / 1e9, cells);
        deleteTree(dir);
    }

    private Cell parse(String line, String system, int keys) {
        String[] f = line.split("\t", -1);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("keys", keys);
        if (!f[2].isEmpty()) {
            for (String kv : f[2].split(",")) {
                int eq = kv.indexOf('=');
                params.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
        }
        return new Cell(name(), f[1], params, system, f[3], Double.parseDouble(f[4]), Double.NaN);
    }

    private List<Cell> gcCells(Path gcLog, String system, int keys) throws IOException {
        double max = 0;
        double total = 0;
        int n = 0;
        if (Files.exists(gcLog)) {
            for (String line : Files.readAllLines(gcLog)) {
                Matcher m = PAUSE.matcher(line.trim());
                if (m.find()) {
                    double ms = Double.parseDouble(m.group(1));
                    max = Math.max(max, ms);
                    total += ms;
                    n++;
                }
            }
        }
        List<Cell> cells = new ArrayList<>();
        cells.add(gc(system, keys, "gc-pause-max", max));
        cells.add(gc(system, keys, "gc-pause-avg", n == 0 ? 0 : total / n));
        cells.add(gc(system, keys, "gc-pause-total", total));
        return cells;
    }

    private Cell gc(String system, int keys, String metric, double ms) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("keys", keys);
        params.put("metric", metric);
        return new Cell(name(), "resources", params, system, "ms", ms, Double.NaN);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        }
    }
}
