package io.sluice.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code <out>/<suite>.run}: the {@link RunInfo} facts of the run that wrote {@code <suite>.jsonl}, one
 * {@code key=value} line each, so that a report made later (bin/bench --publish) names the hardware,
 * JDK, date, commit and command of each suite's own run.
 */
public final class RunFacts {

    private RunFacts() {}

    /** Replaces {@code file} with the facts, in their order; line breaks in a value become spaces. */
    public static void write(Path file, Map<String, String> facts) throws IOException {
        StringBuilder b = new StringBuilder();
        facts.forEach((k, v) ->
                b.append(k).append('=').append(v.replaceAll("[\\r\\n]+", " ")).append('\n'));
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, b, StandardCharsets.UTF_8);
    }

    /** The facts in {@code file}, in order; empty when there is no such file. */
    public static Map<String, String> read(Path file) throws IOException {
        Map<String, String> facts = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return facts;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                facts.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return facts;
    }
}
