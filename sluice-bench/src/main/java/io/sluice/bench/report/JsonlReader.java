package io.sluice.bench.report;

import io.sluice.bench.Cell;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads back what {@link JsonlWriter} wrote: one cell per line, the schema's fields only. Integral
 * numbers in {@code params} come back as {@code Long}, others as {@code Double}; {@code null} scores
 * as NaN. Anything else is an {@link IllegalArgumentException} naming the file and line.
 */
public final class JsonlReader {
    private final String text;
    private int at;

    private JsonlReader(String text) {
        this.text = text;
    }

    /** Every cell of {@code file}, in order. */
    public static List<Cell> read(Path file) throws IOException {
        List<Cell> cells = new ArrayList<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            try {
                cells.add(parse(lines.get(i)));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(
                        "malformed cell: file=" + file + ", line=" + (i + 1) + ", " + e.getMessage(), e);
            }
        }
        return cells;
    }

    /** One line of JSONL as a cell. */
    @SuppressWarnings("unchecked")
    public static Cell parse(String line) {
        JsonlReader r = new JsonlReader(line);
        Map<String, Object> o = (Map<String, Object>) r.value();
        r.space();
        if (r.at != line.length()) {
            throw new IllegalArgumentException("trailing characters at " + r.at);
        }
        return new Cell(
                (String) o.get("suite"),
                (String) o.get("case"),
                (Map<String, Object>) o.get("params"),
                (String) o.get("system"),
                (String) o.get("unit"),
                number(o.get("score")),
                number(o.get("error")));
    }

    private static double number(Object v) {
        return v == null ? Double.NaN : ((Number) v).doubleValue();
    }

    private Object value() {
        space();
        char c = text.charAt(at);
        return switch (c) {
            case '{' -> object();
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> numberValue();
        };
    }

    private Map<String, Object> object() {
        Map<String, Object> map = new LinkedHashMap<>();
        expect('{');
        space();
        if (text.charAt(at) == '}') {
            at++;
            return map;
        }
        while (true) {
            space();
            String key = string();
            space();
            expect(':');
            map.put(key, value());
            space();
            if (text.charAt(at) == '}') {
                at++;
                return map;
            }
            expect(',');
        }
    }

    private String string() {
        expect('"');
        StringBuilder b = new StringBuilder();
        while (true) {
            char c = text.charAt(at++);
            if (c == '"') {
                return b.toString();
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char e = text.charAt(at++);
            switch (e) {
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    b.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    at += 4;
                }
                default -> b.append(e);
            }
        }
    }

    private Object numberValue() {
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
        String n = text.substring(start, at);
        if (n.isEmpty()) {
            throw new IllegalArgumentException("unexpected character at " + start);
        }
        return n.matches("-?\\d+") ? (Object) Long.parseLong(n) : (Object) Double.parseDouble(n);
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, at)) {
            throw new IllegalArgumentException("unexpected character at " + at);
        }
        at += word.length();
        return value;
    }

    private void expect(char c) {
        if (at >= text.length() || text.charAt(at) != c) {
            throw new IllegalArgumentException("expected '" + c + "' at " + at);
        }
        at++;
    }

    private void space() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }
}
