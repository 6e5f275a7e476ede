package io.sluice.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts the outcomes of a fault suite's cases per category, prints one summary line per category
 * ({@code fault-suite: <suite> <category>: cases=.. passed=.. clean=.. non-sluice=0 hangs=0 wrong=0 unbroken=0}),
 * appends the lines to {@code target/fault-suite.txt}, and fails when any case ended badly.
 *
 * <p>The number of cases and the seed come from {@code -Dsluice.fault.cases} and {@code -Dsluice.fault.seed}, so CI
 * runs the short version and {@code bin/fault-suite --long} the long one with the same code.
 */
public final class FaultTally {
    /** How one case ended. The last four are failures. */
    public enum Outcome {
        /** The call succeeded and returned the right data. */
        PASSED,
        /** The call threw a {@code SluiceException} and, where the input was invalid, the connection was broken. */
        CLEAN_ERROR,
        /** Something other than a {@code SluiceException} left the API. */
        NON_SLUICE_EXCEPTION,
        /** The call did not return within its bound. */
        HANG,
        /** The call returned data that differs from what the server sent. */
        WRONG_DATA,
        /** A protocol error left the connection usable ({@code isBroken()} false). */
        LEFT_UNBROKEN
    }

    private final String suite;
    private final Map<String, EnumMap<Outcome, Integer>> counts = new TreeMap<>();
    private final List<String> failures = new ArrayList<>();

    public FaultTally(String suite) {
        this.suite = suite;
    }

    /**
     * Cases to run per category: {@code -Dsluice.fault.cases}, else ten times {@code ciDefault} with
     * {@code -Dsluice.fault.long=true}, else {@code ciDefault}.
     */
    public static int cases(int ciDefault) {
        return Integer.getInteger(
                "sluice.fault.cases", Boolean.getBoolean("sluice.fault.long") ? 10 * ciDefault : ciDefault);
    }

    /** The base seed: {@code -Dsluice.fault.seed}, else a fixed one so CI is repeatable. */
    public static long seed() {
        return Long.getLong("sluice.fault.seed", 0x5100CEL);
    }

    /** Records one case; {@code detail} (seed, input) is kept for failures. */
    public synchronized void record(String category, Outcome outcome, String detail) {
        counts.computeIfAbsent(category, c -> new EnumMap<>(Outcome.class)).merge(outcome, 1, Integer::sum);
        if (outcome.ordinal() >= Outcome.NON_SLUICE_EXCEPTION.ordinal() && failures.size() < 20) {
            failures.add(category + " " + outcome + ": " + detail);
        }
    }

    /** How many cases of {@code category} ended with {@code outcome}. */
    public synchronized int count(String category, Outcome outcome) {
        return counts.getOrDefault(category, new EnumMap<>(Outcome.class)).getOrDefault(outcome, 0);
    }

    /** One line per category. */
    public synchronized String summary() {
        StringBuilder sb = new StringBuilder();
        counts.forEach((category, c) -> {
            int total = c.values().stream().mapToInt(Integer::intValue).sum();
            sb.append("fault-suite: ")
                    .append(suite)
                    .append(' ')
                    .append(category)
                    .append(": cases=")
                    .append(total)
                    .append(" passed=")
                    .append(c.getOrDefault(Outcome.PASSED, 0))
                    .append(" clean=")
                    .append(c.getOrDefault(Outcome.CLEAN_ERROR, 0))
                    .append(" non-sluice=")
                    .append(c.getOrDefault(Outcome.NON_SLUICE_EXCEPTION, 0))
                    .append(" hangs=")
                    .append(c.getOrDefault(Outcome.HANG, 0))
                    .append(" wrong=")
                    .append(c.getOrDefault(Outcome.WRONG_DATA, 0))
                    .append(" unbroken=")
                    .append(c.getOrDefault(Outcome.LEFT_UNBROKEN, 0))
                    .append('\n');
        });
        return sb.toString();
    }

    /** Prints and files the summary, then throws if any case failed. */
    public synchronized void report() {
        String summary = summary();
        System.out.print(summary);
        try {
            Path file = Path.of("target", "fault-suite.txt");
            Files.createDirectories(file.getParent());
            Files.writeString(file, summary, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!failures.isEmpty()) {
            throw new AssertionError(
                    "fault suite " + suite + " had failing cases:\n" + String.join("\n", failures) + "\n" + summary);
        }
    }
}
