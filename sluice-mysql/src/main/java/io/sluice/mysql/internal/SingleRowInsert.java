package io.sluice.mysql.internal;

import java.util.Locale;

/**
 * Recognises an {@code INSERT ... VALUES (...)} of exactly one row with no clause that changes how many
 * rows it affects ({@code IGNORE}, {@code ON DUPLICATE KEY UPDATE}, {@code SELECT}, {@code RETURNING}):
 * each execution then affects exactly one row or fails, so a COM_STMT_BULK_EXECUTE of n parameter sets,
 * which reports only the total, still gives every execution its count. Deliberately conservative:
 * any quote, comment or {@code ;} in the text says no (the batch is then pipelined instead).
 */
final class SingleRowInsert {
    private SingleRowInsert() {}

    static boolean matches(String sql) {
        String s = sql.strip();
        if (!s.regionMatches(true, 0, "INSERT", 0, 6)) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\''
                    || c == '"'
                    || c == ';'
                    || c == '#'
                    || c == '\\'
                    || (c == '-' && i + 1 < s.length() && s.charAt(i + 1) == '-')
                    || (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '*')) {
                return false;
            }
        }
        String u = s.toUpperCase(Locale.ROOT);
        for (String word : new String[] {"IGNORE", "DUPLICATE", "SELECT", "RETURNING"}) {
            if (wordAt(u, word) >= 0) {
                return false;
            }
        }
        int values = wordAt(u, "VALUES");
        if (values < 0) {
            values = wordAt(u, "VALUE");
            if (values < 0) {
                return false;
            }
        }
        int i = skipSpace(u, values + (u.startsWith("VALUES", values) ? 6 : 5));
        if (i >= u.length() || u.charAt(i) != '(') {
            return false;
        }
        int depth = 0;
        for (; i < u.length(); i++) {
            char c = u.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                break;
            }
        }
        return depth == 0 && skipSpace(u, i + 1) == u.length(); // nothing after the one row
    }

    /** Index of {@code word} standing alone (not part of an identifier), or -1. */
    private static int wordAt(String u, String word) {
        for (int at = u.indexOf(word); at >= 0; at = u.indexOf(word, at + 1)) {
            boolean before = at == 0 || !isIdentifierChar(u.charAt(at - 1));
            int end = at + word.length();
            boolean after = end == u.length() || !isIdentifierChar(u.charAt(end));
            if (before && after) {
                return at;
            }
        }
        return -1;
    }

    private static boolean isIdentifierChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '`';
    }

    private static int skipSpace(String u, int i) {
        while (i < u.length() && Character.isWhitespace(u.charAt(i))) {
            i++;
        }
        return i;
    }
}
