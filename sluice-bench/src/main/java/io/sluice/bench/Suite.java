package io.sluice.bench;

import java.util.Set;

/**
 * One benchmark suite: a reference workload run for Sluice and its peers side by side. Each measured
 * cell goes to the {@link ResultSink}; cells that compare systems share suite, case and params exactly.
 *
 * <p>Suites are found through {@link SuiteProvider}: one provider class per area, named
 * {@code io.sluice.bench.<area>.Suites}.
 */
public interface Suite {

    /** Stable name starting with its area: {@code pg-fetch}, {@code kv-read}, {@code pool-cycle}. */
    String name();

    /** Services the suite needs ({@code postgres}, {@code mariadb}); empty for embedded suites. */
    Set<String> requiredServices();

    /** The system every other system's score is compared with in the ratio table, e.g. {@code pgjdbc}. */
    String baselineSystem();

    /**
     * The systems a run of this suite reports cells for, in this environment (a system whose driver is
     * not on the class path is left out). {@code SuiteSmokeTest} checks that each one produced cells.
     * Empty (the default) when the suite does not say; then only "some cells" is checked.
     */
    default Set<String> systems() {
        return Set.of();
    }

    /**
     * Lines that read the suite's own targets off its cells (e.g.
     * {@code prepared vs pgjdbc: 1.20x, target >= 1.00x}), printed under its table and in the reports.
     * None by default.
     */
    default java.util.List<String> notes(java.util.List<Cell> cells) {
        return java.util.List.of();
    }

    /** {@code suite}'s notes on its cells for a report; a failure to compute them is a note too, never a failed run. */
    static java.util.List<String> notesOf(Suite suite, java.util.List<Cell> cells) {
        try {
            return suite.notes(cells);
        } catch (RuntimeException e) {
            return java.util.List.of("notes failed: " + e);
        }
    }

    /**
     * True (the default) when the repository README's summary table, which {@code bin/bench --publish} writes,
     * lists the suite; {@code docs/benchmarks.md} lists every suite. False for a suite that measures Sluice
     * against itself (a feature's cost) rather than against a peer.
     */
    default boolean inReadmeSummary() {
        return true;
    }

    /**
     * Whether a quick run without {@code --suite} runs this suite (the main job's set). A suite that
     * returns false runs in quick mode only when {@code --suite} names it in full, and always in
     * smoke and full mode.
     */
    default boolean quick() {
        return true;
    }

    /** Runs the suite at {@code context.mode()}'s size and reports every cell. */
    void run(RunContext context, ResultSink sink) throws Exception;
}
