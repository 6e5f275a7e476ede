package io.sluice.bench.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An inline SVG chart of horizontal bars: one group per parameter combination, one bar per system,
 * each system in the same colour across the whole report. No scripts, fonts or external files.
 */
public final class SvgBarChart {
    private static final String[] PALETTE = {
        "#4e79a7", "#e15759", "#59a14f", "#f28e2b", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"
    };
    private static final int WIDTH = 820;
    private static final int LABEL = 190;
    private static final int BAR = 14;
    private static final int GAP = 10;

    private final String title;
    private final Map<String, Map<String, Double>> groups = new LinkedHashMap<>();

    /** A chart titled {@code title}. */
    public SvgBarChart(String title) {
        this.title = title;
    }

    /** Adds one bar; groups and bars keep the order they were added in. */
    public SvgBarChart bar(String group, String system, double value) {
        groups.computeIfAbsent(group, g -> new LinkedHashMap<>()).put(system, value);
        return this;
    }

    /** The chart as an {@code <svg>} element; {@code systems} fixes each system's colour. */
    public String render(List<String> systems) {
        double max = 0;
        int bars = 0;
        for (Map<String, Double> g : groups.values()) {
            for (double v : g.values()) {
                if (Double.isFinite(v)) {
                    max = Math.max(max, v);
                }
            }
            bars += g.size();
        }
        int height = 30 + bars * (BAR + 2) + groups.size() * (GAP + 16);
        StringBuilder s = new StringBuilder();
        s.append(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\" "
                        + "font-family=\"sans-serif\" font-size=\"11\">",
                WIDTH,
                height));
        s.append("<text x=\"0\" y=\"14\" font-size=\"13\" font-weight=\"bold\">")
                .append(HtmlReport.escape(title))
                .append("</text>");
        int y = 28;
        double scale = max > 0 ? (WIDTH - LABEL - 90) / max : 0;
        for (Map.Entry<String, Map<String, Double>> g : groups.entrySet()) {
            y += GAP;
            s.append(String.format(
                    Locale.ROOT,
                    "<text x=\"0\" y=\"%d\" font-weight=\"bold\">%s</text>",
                    y + 4,
                    HtmlReport.escape(g.getKey())));
            y += 8;
            for (Map.Entry<String, Double> bar : g.getValue().entrySet()) {
                double v = bar.getValue();
                int w = Double.isFinite(v) ? (int) Math.max(1, Math.round(v * scale)) : 0;
                String color = PALETTE[Math.floorMod(systems.indexOf(bar.getKey()), PALETTE.length)];
                s.append(String.format(
                        Locale.ROOT,
                        "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>"
                                + "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>"
                                + "<text x=\"%d\" y=\"%d\">%s</text>",
                        LABEL - 6,
                        y + BAR - 3,
                        HtmlReport.escape(bar.getKey()),
                        LABEL,
                        y,
                        w,
                        BAR,
                        color,
                        LABEL + w + 4,
                        y + BAR - 3,
                        RatioTable.formatScore(v)));
                y += BAR + 2;
            }
        }
        return s.append("</svg>").toString();
    }
}
