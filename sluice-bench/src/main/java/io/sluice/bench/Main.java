package io.sluice.bench;

import io.sluice.bench.report.HtmlReport;
import io.sluice.bench.report.JsonlWriter;
import io.sluice.bench.report.MarkdownReport;
import io.sluice.bench.report.RatioTable;
import io.sluice.bench.report.RunFacts;
import io.sluice.bench.report.RunInfo;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code sluice-bench}: runs every selected suite side by side with its peers, prints a ratio table per
 * suite, and writes {@code <out>/<suite>.jsonl} (with the run's facts in {@code <out>/<suite>.run}),
 * {@code <out>/report.html} and {@code <out>/report.md}.
 *
 * <p>Suites come from {@code io.sluice.bench.<area>.Suites} for each area in {@link #AREAS} present on
 * the class path. A suite whose services are missing is skipped with one line saying why; a suite that
 * throws is reported as failed, the run goes on, and the exit code is 1 at the end.
 */
public final class Main {

    /** The areas whose {@code io.sluice.bench.<area>.Suites} provider is loaded when present. */
    public static final List<String> AREAS = List.of("pg", "mysql", "jdbc", "pool", "kv", "http", "orm", "obs");

    private Main() {}

    /** Command-line entry; see {@link BenchArgs} for the options. */
    public static void main(String[] args) {
        BenchArgs parsed;
        try {
            parsed = BenchArgs.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        List<SuiteOutcome> outcomes = run(parsed, System.out);
        boolean failed = outcomes.stream().anyMatch(o -> o.status() == SuiteOutcome.Status.FAILED);
        // Suites may leave non-daemon threads (peers' event loops); the verdict is in, so exit explicitly.
        System.exit(failed ? 1 : 0);
    }

    /** Every suite of the areas on the class path, in {@link #AREAS} order; missing areas are reported on {@code out}. */
    public static List<Suite> discover(PrintStream out) {
        List<Suite> suites = new ArrayList<>();
        for (String area : AREAS) {
            String className = "io.sluice.bench." + area + ".Suites";
            try {
                Class<?> type = Class.forName(className, true, Main.class.getClassLoader());
                SuiteProvider provider =
                        (SuiteProvider) type.getDeclaredConstructor().newInstance();
                suites.addAll(provider.suites());
            } catch (ClassNotFoundException e) {
                out.println("area " + area + ": not built yet (no " + className + ")");
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                out.println("area " + area + ": cannot load " + className + ": " + e);
            }
        }
        return suites;
    }

    /**
     * The whole job: discovers, runs and reports. Never throws for a suite's failure; the outcomes say
     * what happened to each selected suite.
     */
    public static List<SuiteOutcome> run(BenchArgs args, PrintStream out) {
        return run(args, out, discover(out));
    }

    /** {@link #run(BenchArgs, PrintStream)} over the given suites instead of the discovered ones. */
    public static List<SuiteOutcome> run(BenchArgs args, PrintStream out, List<Suite> suites) {
        RunInfo info = RunInfo.collect(args);
        out.println("sluice-bench: mode=" + info.facts().get("mode") + ", cpu="
                + info.facts().get("cpu") + ", cores=" + info.facts().get("cores") + ", jdk="
                + info.facts().get("jdk"));
        List<Suite> selected = suites.stream()
                .filter(s -> args.selects(s.name()) && inQuickSet(s, args))
                .toList();
        if (selected.isEmpty()) {
            out.println("no suite matches: suites=" + args.suites());
        }
        Path stateDir =
                Path.of(System.getProperty("sluice.state.dir", ".sluice")).toAbsolutePath();
        List<SuiteOutcome> outcomes = new ArrayList<>();
        for (Suite suite : selected) {
            SuiteOutcome outcome = runOne(suite, args, stateDir, out);
            outcomes.add(outcome);
            if (outcome.status() != SuiteOutcome.Status.SKIPPED) {
                write(args.out().resolve(suite.name() + ".jsonl"), outcome.cells());
                writeFacts(args.out().resolve(suite.name() + ".run"), info);
            }
            if (!outcome.cells().isEmpty()) {
                out.print(RatioTable.of(suite.name(), suite.baselineSystem(), outcome.cells())
                        .toText());
                Suite.notesOf(suite, outcome.cells()).forEach(line -> out.println("  * " + line));
            }
            // Rewrite the reports after each suite so that a long run can be read while it goes on.
            writeReports(args.out(), info, outcomes);
        }
        long failed = outcomes.stream()
                .filter(o -> o.status() == SuiteOutcome.Status.FAILED)
                .count();
        out.println("sluice-bench: " + outcomes.size() + " suites, " + failed + " failed; reports in "
                + args.out().resolve("report.html") + " and " + args.out().resolve("report.md"));
        return outcomes;
    }

    /** Whether the mode and {@code --suite} list run {@code suite}: see {@link Suite#quick()}. */
    static boolean inQuickSet(Suite suite, BenchArgs args) {
        return suite.quick() || args.mode() != Mode.QUICK || args.suites().contains(suite.name());
    }

    private static SuiteOutcome runOne(Suite suite, BenchArgs args, Path stateDir, PrintStream out) {
        List<String> missing = suite.requiredServices().stream()
                .filter(s -> !args.hasService(s))
                .sorted()
                .toList();
        if (!missing.isEmpty()) {
            String why = "service(s) not available: " + String.join(",", missing);
            out.println("== " + suite.name() + ": skipped, " + why);
            return new SuiteOutcome(suite, SuiteOutcome.Status.SKIPPED, why, List.of());
        }
        out.println("== " + suite.name() + " (baseline " + suite.baselineSystem() + ")");
        CellCollector collector = new CellCollector();
        long start = System.nanoTime();
        try {
            Path workDir = args.out().resolve("work").resolve(suite.name()).toAbsolutePath();
            emptyDirectory(workDir);
            Set<String> services = args.services() == null ? Set.of("postgres", "mariadb") : args.services();
            suite.run(new RunContext(args.mode(), services, stateDir, workDir, args.inProcess()), collector);
            out.printf(
                    "== %s: %d cells in %.1f s%n",
                    suite.name(), collector.cells().size(), (System.nanoTime() - start) / 1e9);
            return new SuiteOutcome(suite, SuiteOutcome.Status.RAN, "", collector.cells());
        } catch (Exception | LinkageError | AssertionError e) {
            String message = e.getClass().getSimpleName() + ": " + e.getMessage();
            out.println("== " + suite.name() + ": FAILED, " + message);
            e.printStackTrace(out);
            return new SuiteOutcome(suite, SuiteOutcome.Status.FAILED, message, collector.cells());
        }
    }

    private static void write(Path file, List<Cell> cells) {
        try {
            JsonlWriter.write(file, cells);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results: file=" + file, e);
        }
    }

    private static void writeFacts(Path file, RunInfo info) {
        try {
            RunFacts.write(file, info.facts());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write run facts: file=" + file, e);
        }
    }

    private static void writeReports(Path outDir, RunInfo info, List<SuiteOutcome> outcomes) {
        try {
            Files.createDirectories(outDir);
            Files.writeString(outDir.resolve("report.html"), HtmlReport.render(info, outcomes), StandardCharsets.UTF_8);
            Files.writeString(
                    outDir.resolve("report.md"), MarkdownReport.render(info, outcomes), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write reports: dir=" + outDir, e);
        }
    }

    private static void emptyDirectory(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(dir);
    }
}
