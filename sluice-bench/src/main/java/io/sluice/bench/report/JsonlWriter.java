package io.sluice.bench.report;

import io.sluice.bench.Cell;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Writes cells as JSON Lines, one object per cell with exactly the fields {@code suite}, {@code case},
 * {@code params} (object), {@code system}, {@code unit}, {@code score}, {@code error}. JSON has no NaN
 * or infinity, so a non-finite number is written as {@code null}.
 */
public final class JsonlWriter {

    private JsonlWriter() {}

    /** Replaces {@code file} with one line per cell. */
    public static void write(Path file, List<Cell> cells) throws IOException {
        StringBuilder out = new StringBuilder(cells.size() * 160);
        for (Cell cell : cells) {
            out.append(toJson(cell)).append('\n');
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, out, StandardCharsets.UTF_8);
    }

    /** One cell as a single-line JSON object. */
    public static String toJson(Cell cell) {
        StringBuilder b = new StringBuilder(160);
        b.append("{\"suite\":");
        string(b, cell.suite());
        b.append(",\"case\":");
        string(b, cell.name());
        b.append(",\"params\":{");
        boolean first = true;
        for (Map.Entry<String, Object> e : cell.params().entrySet()) {
            if (!first) {
                b.append(',');
            }
            first = false;
            string(b, e.getKey());
            b.append(':');
            value(b, e.getValue());
        }
        b.append("},\"system\":");
        string(b, cell.system());
        b.append(",\"unit\":");
        string(b, cell.unit());
        b.append(",\"score\":");
        number(b, cell.score());
        b.append(",\"error\":");
        number(b, cell.error());
        return b.append('}').toString();
    }

    private static void value(StringBuilder b, Object v) {
        switch (v) {
            case null -> b.append("null");
            case Boolean bool -> b.append(bool);
            case Double d -> number(b, d);
            case Float f -> number(b, f);
            case Number n -> b.append(n);
            default -> string(b, v.toString());
        }
    }

    private static void number(StringBuilder b, double d) {
        if (!Double.isFinite(d)) {
            b.append("null");
        } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            b.append((long) d);
        } else {
            b.append(d);
        }
    }

    private static void string(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }
}
