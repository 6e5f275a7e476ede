package io.sluice.spi;

import io.sluice.Row;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds a result column by name for {@link Row#indexOf(String)}, the same way in every driver: the
 * first column whose name is equal, else the first equal ignoring case ({@link String#equalsIgnoreCase}
 * rules), else an {@link IllegalArgumentException} naming the column and the ones there are.
 *
 * <p>A short row is scanned; past {@value #SCAN_LIMIT} columns the lookup goes through two maps
 * built on first use. Immutable once built, so one index may serve every row of a result and every
 * result of a cached statement; the lazily built maps are published racily but are themselves
 * immutable, so a thread sees either none (and builds its own) or complete ones.
 */
public final class ColumnIndex {
    /** Up to this many columns a linear scan beats hashing the name. */
    static final int SCAN_LIMIT = 8;

    private final String[] names;
    private Maps maps; // built on the first lookup of a wide row

    private record Maps(Map<String, Integer> exact, Map<String, Integer> folded) {}

    private ColumnIndex(String[] names) {
        this.names = names;
    }

    /** An index over {@code names}, in column order. */
    public static ColumnIndex of(List<String> names) {
        return new ColumnIndex(names.toArray(String[]::new));
    }

    /** An index over {@code names}, in column order (the array is copied). */
    public static ColumnIndex of(String[] names) {
        return new ColumnIndex(names.clone());
    }

    /**
     * The index of the column named {@code name}.
     *
     * @throws IllegalArgumentException when no column has that name, even ignoring case
     */
    public int indexOf(String name) {
        int i = names.length <= SCAN_LIMIT ? scan(name) : lookUp(name);
        if (i < 0) {
            throw new IllegalArgumentException(
                    "no such column: name=" + name + ", available=" + String.join(",", names));
        }
        return i;
    }

    private int scan(String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        for (int i = 0; i < names.length; i++) {
            if (names[i].equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    private int lookUp(String name) {
        Maps m = maps;
        if (m == null) {
            Map<String, Integer> exact = new HashMap<>();
            Map<String, Integer> folded = new HashMap<>();
            for (int i = 0; i < names.length; i++) {
                exact.putIfAbsent(names[i], i);
                folded.putIfAbsent(fold(names[i]), i);
            }
            maps = m = new Maps(Map.copyOf(exact), Map.copyOf(folded));
        }
        Integer i = m.exact().get(name);
        if (i == null) {
            i = m.folded().get(fold(name));
        }
        return i == null ? -1 : i;
    }

    /**
     * Case folding that agrees with {@link String#equalsIgnoreCase}: upper then lower case, char by char,
     * except that a name holding a surrogate is folded by code point, as equalsIgnoreCase compares a
     * letter outside the BMP (a char-wise fold leaves both halves of its pair unchanged).
     */
    private static String fold(String s) {
        char[] c = s.toCharArray();
        for (int i = 0; i < c.length; i++) {
            if (Character.isSurrogate(c[i])) {
                return foldCodePoints(s);
            }
            c[i] = Character.toLowerCase(Character.toUpperCase(c[i]));
        }
        return new String(c);
    }

    private static String foldCodePoints(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            b.appendCodePoint(Character.toLowerCase(Character.toUpperCase(cp)));
            i += Character.charCount(cp);
        }
        return b.toString();
    }
}
