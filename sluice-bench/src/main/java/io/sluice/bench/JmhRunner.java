package io.sluice.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.WarmupMode;

/**
 * Runs JMH benchmark classes programmatically at a {@link Mode}'s size, with the GC profiler, and turns
 * the results into {@link Cell}s.
 *
 * <p>Conventions for the benchmark class: a {@code @Param} named {@code system} gives the cell's
 * system, the {@code @Param} named by {@link Run#caseParam()} gives its case (else the method name);
 * every other {@code @Param} becomes a cell parameter, and {@code threads} is added. Each result gives
 * an {@code ops/s} cell (score and JMH's 99.9% error), a {@code B/op} cell from
 * {@code gc.alloc.rate.norm}, and, when there is a {@code rows} parameter, a {@code B/row} cell.
 *
 * <p>Sizes: {@link Mode#SMOKE} runs in this JVM, no warm-up, one 200 ms iteration. {@link Mode#QUICK}
 * also runs in this JVM: every cell of a run is warmed for 0.5 s before any is measured (unless this JVM
 * already ran the same grid, e.g. at another thread count), then each
 * gets 0.5 s more just before its 2 x 0.5 s measurement (JMH's BULK_INDI warm-up). A fork per cell
 * cost ~2 s of JVM start and a cold JIT each, which was most of the main job's time; in one JVM, code
 * compiled for one cell stays compiled for the next, at the price of shared profiles between the
 * systems of a run. {@link Mode#FULL} forks once per cell (the rigorous figures): 3 x 2 s warm-up,
 * 5 x 2 s measurement. Virtual-thread runs always fork, because JMH reads {@code jmh.executor} once
 * per JVM (quick: 2 s of warm-up). {@code --in-process} ({@link RunContext#inProcess}) runs a
 * full-mode grid at quick timing. Forks get {@code -Xms1g -Xmx1g --enable-native-access=ALL-UNNAMED}.
 */
public final class JmhRunner {

    /** JVM options of every forked benchmark JVM. */
    public static final List<String> FORK_JVM_ARGS = List.of(
            "-Xms1g",
            "-Xmx1g",
            "-XX:+UseG1GC",
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow");

    /**
     * One JMH run.
     *
     * @param benchmark      the class holding {@code @Benchmark} methods (all of them run)
     * @param params         {@code @Param} values to run, each name with its values
     * @param threads        benchmark threads
     * @param virtualThreads run the threads as virtual threads
     * @param systemSuffix   appended to the system name, e.g. {@code -virtual}; may be empty
     * @param caseParam      the {@code @Param} that names the case, or null for the method name
     * @param properties     system properties the benchmark reads (passed to the fork, or set here)
     */
    public record Run(
            Class<?> benchmark,
            Map<String, List<String>> params,
            int threads,
            boolean virtualThreads,
            String systemSuffix,
            String caseParam,
            Map<String, String> properties) {}

    /** Benchmark grids (class and parameters) already run in this JVM; see the quick warm-up. */
    private static final Set<String> RUN_IN_THIS_JVM = ConcurrentHashMap.newKeySet();

    static {
        // The machine is shared: other JMH runs (another suite's fork, a colleague's benchmark) may hold
        // /tmp/jmh.lock, and in-process runs in one JVM trip over their own lock. Runs here are sequential.
        System.setProperty("jmh.ignoreLock", "true");
    }

    private JmhRunner() {}

    /**
     * Records that the caller has warmed {@code run}'s code in this JVM itself (e.g. a suite's own
     * warm-up loop), so that a quick in-process run of it skips the bulk warm-up as a grid run before.
     */
    public static void warmedUp(Run run) {
        RUN_IN_THIS_JVM.add(gridKey(run));
    }

    private static String gridKey(Run run) {
        return run.benchmark().getName() + " " + new TreeMap<>(run.params()) + " " + new TreeMap<>(run.properties());
    }

    /** Runs {@code run} for {@code suite} and returns its cells; JMH's own log goes to the suite's work dir. */
    public static List<Cell> run(String suite, RunContext context, Run run) throws RunnerException, IOException {
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include("^" + Pattern.quote(run.benchmark().getName()) + "\\.")
                .threads(run.threads())
                .addProfiler(GCProfiler.class)
                .shouldFailOnError(true)
                .timeout(TimeValue.seconds(60));
        run.params().forEach((k, v) -> o.param(k, v.toArray(String[]::new)));
        Files.createDirectories(context.workDir());
        Path log = context.workDir()
                .resolve(run.benchmark().getSimpleName() + "-" + run.threads() + (run.virtualThreads() ? "v" : "")
                        + ".log");
        o.output(log.toString());
        boolean fork = (context.mode() == Mode.FULL && !context.inProcess()) || run.virtualThreads();
        Mode timing = context.inProcess() && context.mode() == Mode.FULL ? Mode.QUICK : context.mode();
        List<String> jvmArgs = new ArrayList<>(FORK_JVM_ARGS);
        if (run.virtualThreads()) {
            jvmArgs.add("-Djmh.executor=VIRTUAL");
        }
        run.properties().forEach((k, v) -> jvmArgs.add("-D" + k + "=" + v));
        if (fork) {
            o.forks(1).jvmArgs(jvmArgs.toArray(String[]::new));
        } else {
            o.forks(0);
        }
        switch (timing) {
            case SMOKE -> o.warmupIterations(0).measurementIterations(1).measurementTime(TimeValue.milliseconds(200));
            // Quick runs in this JVM (see the class comment): code compiled for one cell stays compiled
            // for the next; a fork (virtual threads) starts cold and gets 2 s of warm-up.
            case QUICK -> {
                if (fork) {
                    o.warmupIterations(1).warmupTime(TimeValue.seconds(2));
                } else {
                    // Every cell of the run is warmed once before any is measured, then again just before
                    // its own measurement: otherwise the run's first cells (a system's first case) meet a
                    // colder JIT than the later ones, and in-process order would decide ratios. A grid this
                    // JVM has already run (same class, parameters and properties, at another thread count),
                    // or that a suite has warmed itself (warmedUp), has every cell's code
                    // compiled: its own warm-up suffices.
                    o.warmupMode(RUN_IN_THIS_JVM.add(gridKey(run)) ? WarmupMode.BULK_INDI : WarmupMode.INDI)
                            .warmupIterations(1)
                            .warmupTime(TimeValue.milliseconds(500));
                }
                o.measurementIterations(2).measurementTime(TimeValue.milliseconds(500));
            }
            case FULL ->
                o.warmupIterations(3)
                        .warmupTime(TimeValue.seconds(2))
                        .measurementIterations(5)
                        .measurementTime(TimeValue.seconds(2));
        }
        Collection<RunResult> results = fork ? new Runner(o.build()).run() : runHere(o, run.properties());
        List<Cell> cells = new ArrayList<>();
        for (RunResult r : results) {
            cells.addAll(toCells(suite, run, r));
        }
        return cells;
    }

    /** Runs in this JVM with the run's system properties set, and puts the previous values back. */
    private static Collection<RunResult> runHere(ChainedOptionsBuilder o, Map<String, String> properties)
            throws RunnerException {
        Map<String, String> previous = new LinkedHashMap<>();
        properties.forEach((k, v) -> previous.put(k, System.setProperty(k, v)));
        try {
            return new Runner(o.build()).run();
        } finally {
            previous.forEach((k, v) -> {
                if (v == null) {
                    System.clearProperty(k);
                } else {
                    System.setProperty(k, v);
                }
            });
        }
    }

    private static List<Cell> toCells(String suite, Run run, RunResult r) {
        var bp = r.getParams();
        String method = bp.getBenchmark().substring(bp.getBenchmark().lastIndexOf('.') + 1);
        String system = bp.getParam("system");
        if (system == null) {
            system = method;
        }
        system = system + run.systemSuffix();
        String caseName = run.caseParam() == null ? method : bp.getParam(run.caseParam());
        Map<String, Object> params = new LinkedHashMap<>();
        for (String key : bp.getParamsKeys()) {
            if (!key.equals("system") && !key.equals(run.caseParam())) {
                params.put(key, number(bp.getParam(key)));
            }
        }
        params.put("threads", run.threads());
        Map<String, Object> cellParams = Collections.unmodifiableMap(params);
        List<Cell> cells = new ArrayList<>();
        Result<?> primary = r.getPrimaryResult();
        cells.add(new Cell(
                suite,
                caseName,
                cellParams,
                system,
                opsUnit(primary.getScoreUnit()),
                primary.getScore(),
                primary.getScoreError()));
        for (Map.Entry<String, Result> e : r.getSecondaryResults().entrySet()) {
            if (e.getKey().endsWith("gc.alloc.rate.norm")) {
                double bytes = e.getValue().getScore();
                cells.add(new Cell(
                        suite,
                        caseName,
                        cellParams,
                        system,
                        "B/op",
                        bytes,
                        e.getValue().getScoreError()));
                Object rows = params.get("rows");
                if (rows instanceof Number n && n.doubleValue() > 0) {
                    cells.add(new Cell(
                            suite,
                            caseName,
                            cellParams,
                            system,
                            "B/row",
                            bytes / n.doubleValue(),
                            e.getValue().getScoreError() / n.doubleValue()));
                }
            }
        }
        return cells;
    }

    private static String opsUnit(String jmhUnit) {
        return jmhUnit.equals("ops/s") ? "ops/s" : jmhUnit;
    }

    private static Object number(String value) {
        try {
            return Integer.valueOf(value);
        } catch (NumberFormatException e) {
            return value;
        }
    }
}
