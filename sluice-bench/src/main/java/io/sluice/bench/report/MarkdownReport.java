package io.sluice.bench.report;

import io.sluice.bench.Suite;
import io.sluice.bench.SuiteOutcome;
import java.util.List;

/** {@code report.md}: the run's facts and every suite's ratio table in Markdown. */
public final class MarkdownReport {

    private MarkdownReport() {}

    /** Renders the report. */
    public static String render(RunInfo info, List<SuiteOutcome> outcomes) {
        StringBuilder b = new StringBuilder("# Sluice benchmark report\n\n");
        info.facts().forEach((k, v) -> b.append("- ")
                .append(k)
                .append(": `")
                .append(v.replace("`", "'"))
                .append("`\n"));
        b.append("\nRatios are Sluice against the suite's baseline; above 1.00x means Sluice is better "
                + "(more ops/s, or fewer bytes/time).\n");
        for (SuiteOutcome o : outcomes) {
            b.append("\n## ").append(o.suite().name()).append("\n\n");
            if (o.status() != SuiteOutcome.Status.RAN) {
                b.append("**")
                        .append(o.status().name().toLowerCase(java.util.Locale.ROOT))
                        .append("**: ")
                        .append(o.message())
                        .append("\n");
                if (o.cells().isEmpty()) {
                    continue;
                }
                b.append('\n');
            }
            RatioTable t = RatioTable.of(o.suite().name(), o.suite().baselineSystem(), o.cells());
            List<String> header = t.header();
            row(b, header);
            b.append('|');
            for (int i = 0; i < header.size(); i++) {
                b.append(i < 3 ? "---|" : "---:|");
            }
            b.append('\n');
            t.body().forEach(line -> row(b, line));
            List<String> notes = Suite.notesOf(o.suite(), o.cells());
            if (!notes.isEmpty()) {
                b.append('\n');
                notes.forEach(n -> b.append("- ").append(n).append('\n'));
            }
        }
        return b.toString();
    }

    private static void row(StringBuilder b, List<String> cells) {
        b.append('|');
        for (String c : cells) {
            b.append(' ').append(c.replace("|", "\\|")).append(" |");
        }
        b.append('\n');
    }
}
