package io.sluice.bench.report;

import io.sluice.bench.Cell;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * One suite's cells arranged for reading: one row per (case, params, unit), one column per system,
 * then one ratio column per {@code sluice*} system against the suite's baseline. A ratio is oriented
 * so that a value above 1.0 always means Sluice is better ({@link Cell#higherIsBetter()}).
 */
public final class RatioTable {

    /** What identifies a row: the cells of one row compare systems on the same work. */
    public record RowKey(String caseName, Map<String, Object> params, String unit) {
        /** {@code rows=500 threads=1}. */
        public String paramsText() {
            StringJoiner j = new StringJoiner(" ");
            params.forEach((k, v) -> j.add(k + "=" + v));
            return j.toString();
        }
    }

    private final String suite;
    private final String baseline;
    private final List<String> systems;
    private final Map<RowKey, Map<String, Cell>> rows;

    private RatioTable(String suite, String baseline, List<String> systems, Map<RowKey, Map<String, Cell>> rows) {
        this.suite = suite;
        this.baseline = baseline;
        this.systems = systems;
        this.rows = rows;
    }

    /** Arranges {@code cells}; the baseline column comes first, Sluice's columns next, then the others. */
    public static RatioTable of(String suite, String baseline, List<Cell> cells) {
        Set<String> seen = new LinkedHashSet<>();
        Map<RowKey, Map<String, Cell>> rows = new LinkedHashMap<>();
        for (Cell c : cells) {
            seen.add(c.system());
            rows.computeIfAbsent(new RowKey(c.name(), c.params(), c.unit()), k -> new LinkedHashMap<>())
                    .put(c.system(), c);
        }
        List<String> systems = new ArrayList<>();
        if (seen.contains(baseline)) {
            systems.add(baseline);
        }
        // a Sluice baseline (Sluice against itself with a feature on) is a column once, first
        seen.stream()
                .filter(s -> s.startsWith("sluice") && !systems.contains(s))
                .sorted()
                .forEach(systems::add);
        seen.stream().filter(s -> !systems.contains(s)).forEach(systems::add);
        return new RatioTable(suite, baseline, List.copyOf(systems), rows);
    }

    /**
     * How much better {@code candidate} is than {@code base}: above 1.0 means better, whatever the unit.
     * NaN when either score is missing, not finite or not positive.
     */
    public static double ratio(Cell candidate, Cell base) {
        if (candidate == null || base == null) {
            return Double.NaN;
        }
        double c = candidate.score();
        double b = base.score();
        if (!(c > 0) || !(b > 0) || !Double.isFinite(c) || !Double.isFinite(b)) {
            return Double.NaN;
        }
        return candidate.higherIsBetter() ? c / b : b / c;
    }

    public String suite() {
        return suite;
    }

    public String baseline() {
        return baseline;
    }

    /** Every system with at least one cell, in column order. */
    public List<String> systems() {
        return systems;
    }

    /** The {@code sluice*} systems, which get a ratio column (none when the baseline has no cells). */
    public List<String> ratioSystems() {
        if (!systems.contains(baseline)) {
            return List.of();
        }
        return systems.stream()
                .filter(s -> s.startsWith("sluice") && !s.equals(baseline))
                .toList();
    }

    /** Rows in first-reported order. */
    public Map<RowKey, Map<String, Cell>> rows() {
        return rows;
    }

    /** The ratio of {@code system} to the baseline in {@code row}; NaN when either is missing. */
    public double ratio(RowKey row, String system) {
        Map<String, Cell> cells = rows.get(row);
        return cells == null ? Double.NaN : ratio(cells.get(system), cells.get(baseline));
    }

    /** The header cells: case, params, unit, each system, each ratio. */
    public List<String> header() {
        List<String> h = new ArrayList<>(List.of("case", "params", "unit"));
        h.addAll(systems);
        ratioSystems().forEach(s -> h.add(s + "/" + baseline));
        return h;
    }

    /** The body as text cells, matching {@link #header()}. */
    public List<List<String>> body() {
        List<List<String>> body = new ArrayList<>();
        rows.forEach((key, cells) -> {
            List<String> line = new ArrayList<>(List.of(key.caseName(), key.paramsText(), key.unit()));
            for (String s : systems) {
                Cell c = cells.get(s);
                line.add(c == null ? "-" : formatScore(c.score()));
            }
            for (String s : ratioSystems()) {
                double r = ratio(key, s);
                line.add(Double.isNaN(r) ? "-" : String.format(Locale.ROOT, "%.2fx", r));
            }
            body.add(line);
        });
        return body;
    }

    /** A fixed-width text table for the terminal. */
    public String toText() {
        List<String> header = header();
        List<List<String>> body = body();
        int[] width = new int[header.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = header.get(i).length();
            for (List<String> line : body) {
                width[i] = Math.max(width[i], line.get(i).length());
            }
        }
        StringBuilder b = new StringBuilder();
        appendLine(b, header, width);
        for (List<String> line : body) {
            appendLine(b, line, width);
        }
        return b.toString();
    }

    private static void appendLine(StringBuilder b, List<String> line, int[] width) {
        for (int i = 0; i < line.size(); i++) {
            String v = line.get(i);
            boolean left = i < 3;
            String pad = " ".repeat(width[i] - v.length());
            b.append(i == 0 ? "  " : "  ").append(left ? v + pad : pad + v);
        }
        b.append('\n');
    }

    /** Scores with three significant digits at least, grouped thousands for big values. */
    public static String formatScore(double score) {
        if (!Double.isFinite(score)) {
            return "n/a";
        }
        double a = Math.abs(score);
        if (a >= 100) {
            return String.format(Locale.ROOT, "%,.0f", score);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.2f", score);
        }
        return String.format(Locale.ROOT, "%.3g", score);
    }
}
