package io.sluice.bench.report;

import io.sluice.bench.Cell;
import io.sluice.bench.Suite;
import io.sluice.bench.SuiteOutcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code report.html}: a self-contained page (inline CSS and SVG, nothing fetched; the machine may be
 * offline) with the run's facts, one bar chart per suite and (case, unit), and the ratio tables.
 */
public final class HtmlReport {

    private HtmlReport() {}

    /** Renders the page. */
    public static String render(RunInfo info, List<SuiteOutcome> outcomes) {
        StringBuilder b = new StringBuilder(64 * 1024);
        b.append(
                        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Sluice benchmark report</title>")
                .append("<style>body{font-family:sans-serif;margin:2em;max-width:1100px}"
                        + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:2px 8px}"
                        + "td.n{text-align:right;font-variant-numeric:tabular-nums}th{background:#eee}"
                        + ".better{color:#1a7f37;font-weight:bold}.worse{color:#b42318;font-weight:bold}"
                        + "dt{font-weight:bold;float:left;width:7em}dd{margin-left:8em}</style></head><body>")
                .append("<h1>Sluice benchmark report</h1><dl>");
        info.facts().forEach((k, v) -> b.append("<dt>")
                .append(escape(k))
                .append("</dt><dd><code>")
                .append(escape(v))
                .append("</code></dd>"));
        b.append("</dl><p>Ratios are Sluice against each suite's baseline system; above 1.00x means Sluice "
                + "is better (more operations per second, or fewer bytes per operation).</p>");
        for (SuiteOutcome o : outcomes) {
            b.append("<h2 id=\"")
                    .append(escape(o.suite().name()))
                    .append("\">")
                    .append(escape(o.suite().name()))
                    .append("</h2>");
            if (o.status() != SuiteOutcome.Status.RAN) {
                b.append("<p><b>")
                        .append(o.status().name().toLowerCase(Locale.ROOT))
                        .append("</b>: ")
                        .append(escape(o.message()))
                        .append("</p>");
            }
            if (o.cells().isEmpty()) {
                continue;
            }
            RatioTable t = RatioTable.of(o.suite().name(), o.suite().baselineSystem(), o.cells());
            charts(b, o.suite().name(), o.cells(), t.systems());
            table(b, t);
            List<String> notes = Suite.notesOf(o.suite(), o.cells());
            if (!notes.isEmpty()) {
                b.append("<ul>");
                notes.forEach(n -> b.append("<li>").append(escape(n)).append("</li>"));
                b.append("</ul>");
            }
        }
        return b.append("</body></html>\n").toString();
    }

    private static void charts(StringBuilder b, String suite, List<Cell> cells, List<String> systems) {
        Map<String, SvgBarChart> charts = new LinkedHashMap<>();
        for (Cell c : cells) {
            String title = suite + " / " + c.name() + " (" + c.unit() + ")";
            RatioTable.RowKey key = new RatioTable.RowKey(c.name(), c.params(), c.unit());
            charts.computeIfAbsent(title, SvgBarChart::new).bar(key.paramsText(), c.system(), c.score());
        }
        charts.values()
                .forEach(
                        chart -> b.append("<div>").append(chart.render(systems)).append("</div>"));
    }

    private static void table(StringBuilder b, RatioTable t) {
        b.append("<table><tr>");
        t.header().forEach(h -> b.append("<th>").append(escape(h)).append("</th>"));
        b.append("</tr>");
        int ratioStart = 3 + t.systems().size();
        for (List<String> line : t.body()) {
            b.append("<tr>");
            for (int i = 0; i < line.size(); i++) {
                String v = line.get(i);
                String cls = i < 3 ? "" : "n";
                if (i >= ratioStart && v.endsWith("x")) {
                    double r = Double.parseDouble(v.substring(0, v.length() - 1));
                    cls += r >= 1.0 ? " better" : " worse";
                }
                b.append("<td class=\"")
                        .append(cls)
                        .append("\">")
                        .append(escape(v))
                        .append("</td>");
            }
            b.append("</tr>");
        }
        b.append("</table>");
    }

    /** Escapes text for HTML and SVG. */
    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
