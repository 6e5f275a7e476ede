package io.sluice;

import java.util.Locale;
import java.util.Set;

/**
 * The derived forms of SQL text that {@link QueryInfo} offers: the operation keyword, the first table and
 * the text with its literals replaced. A single-pass lexer, not a parser: it knows quoting, comments and
 * parentheses, which is what it takes to find keywords at the statement's top level and to never mistake a
 * literal's content for SQL. Works on any input: text it does not understand gives a null operation or
 * table, never an exception.
 */
final class SqlSummary {
    private static final Set<String> MAIN_OPERATIONS = Set.of("SELECT", "INSERT", "UPDATE", "DELETE", "MERGE");

    private SqlSummary() {}

    /**
     * The upper-case leading keyword (or the main statement's keyword after WITH; {@code BEGIN} for
     * {@code START TRANSACTION}), or null.
     */
    static String operation(String sql, boolean mysql) {
        Lexer lx = new Lexer(sql, mysql);
        String first = lx.nextWordAtDepth0();
        if (first == null) {
            return null;
        }
        first = first.toUpperCase(Locale.ROOT);
        if (first.equals("START")) {
            // MySQL's and standard SQL's spelling of BEGIN: one operation name for every transaction start
            String next = lx.nextWordAtDepth0();
            return next != null && next.equalsIgnoreCase("TRANSACTION") ? "BEGIN" : first;
        }
        if (!first.equals("WITH")) {
            return first;
        }
        for (String w = lx.nextWordAtDepth0(); w != null; w = lx.nextWordAtDepth0()) {
            String u = w.toUpperCase(Locale.ROOT);
            if (MAIN_OPERATIONS.contains(u)) {
                return u;
            }
        }
        return first;
    }

    /** The first table of a statement whose operation is {@code operation}, or null. */
    static String collection(String sql, String operation, boolean mysql) {
        Lexer lx = new Lexer(sql, mysql);
        String after =
                switch (operation) {
                    case "SELECT", "DELETE" -> "FROM";
                    case "INSERT", "MERGE", "REPLACE" -> "INTO";
                    case "UPDATE", "COPY", "TRUNCATE" -> operation;
                    default -> null;
                };
        if (after == null) {
            return null;
        }
        if (!lx.skipPastWordAtDepth0(after)) {
            return null;
        }
        String name = lx.nextName();
        while (name != null
                && (name.equalsIgnoreCase("ONLY")
                        || name.equalsIgnoreCase("TABLE")
                        || name.equalsIgnoreCase("LOW_PRIORITY")
                        || name.equalsIgnoreCase("IGNORE"))) {
            name = lx.nextName();
        }
        return name;
    }

    /** {@code sql} with literals replaced by {@code ?} and comments dropped. */
    static String sanitize(String sql, boolean mysql) {
        StringBuilder out = new StringBuilder(sql.length());
        Lexer lx = new Lexer(sql, mysql);
        while (lx.pos < sql.length()) {
            int start = lx.pos;
            char c = sql.charAt(start);
            if (lx.skipCommentOrSpace()) {
                if (!out.isEmpty() && out.charAt(out.length() - 1) != ' ') {
                    out.append(' ');
                }
            } else if (lx.skipLiteral()) {
                out.append('?');
            } else if (lx.isWordStart(c)) {
                lx.skipWord();
                out.append(sql, start, lx.pos);
            } else if (lx.skipQuotedIdentifier()) {
                out.append(sql, start, lx.pos);
            } else {
                out.append(c);
                lx.pos++;
            }
        }
        int end = out.length();
        while (end > 0 && out.charAt(end - 1) == ' ') {
            end--;
        }
        out.setLength(end);
        return out.toString();
    }

    /** Walks SQL text token by token. */
    private static final class Lexer {
        final String s;
        final boolean mysql;
        int pos;
        int depth;

        Lexer(String s, boolean mysql) {
            this.s = s;
            this.mysql = mysql;
        }

        /** The next word outside parentheses, skipping everything else; null at the end. */
        String nextWordAtDepth0() {
            while (pos < s.length()) {
                char c = s.charAt(pos);
                if (skipCommentOrSpace() || skipLiteral() || skipQuotedIdentifier()) {
                    continue;
                }
                if (isWordStart(c)) {
                    int start = pos;
                    skipWord();
                    if (depth == 0) {
                        return s.substring(start, pos);
                    }
                    continue;
                }
                if (c == '(') {
                    depth++;
                } else if (c == ')') {
                    depth = Math.max(0, depth - 1);
                }
                pos++;
            }
            return null;
        }

        boolean skipPastWordAtDepth0(String word) {
            for (String w = nextWordAtDepth0(); w != null; w = nextWordAtDepth0()) {
                if (w.equalsIgnoreCase(word)) {
                    return true;
                }
            }
            return false;
        }

        /** A possibly qualified, possibly quoted name right here (after blanks), or null when something else is. */
        String nextName() {
            while (pos < s.length() && skipCommentOrSpace()) {
                // skip
            }
            int start = pos;
            while (pos < s.length()) {
                char c = s.charAt(pos);
                if (isWordStart(c)) {
                    skipWord();
                } else if (!skipQuotedIdentifier()) {
                    break;
                }
                if (pos < s.length() && s.charAt(pos) == '.') {
                    pos++;
                } else {
                    break;
                }
            }
            return pos == start ? null : s.substring(start, pos);
        }

        boolean isWordStart(char c) {
            return Character.isLetter(c) || c == '_';
        }

        void skipWord() {
            while (pos < s.length()
                    && (Character.isLetterOrDigit(s.charAt(pos)) || s.charAt(pos) == '_' || s.charAt(pos) == '$')) {
                pos++;
            }
        }

        boolean skipCommentOrSpace() {
            char c = s.charAt(pos);
            if (Character.isWhitespace(c)) {
                pos++;
                return true;
            }
            if ((c == '-' && s.startsWith("--", pos)) || (mysql && c == '#')) {
                int nl = s.indexOf('\n', pos);
                pos = nl < 0 ? s.length() : nl + 1;
                return true;
            }
            if (c == '/' && s.startsWith("/*", pos)) {
                int end = s.indexOf("*/", pos + 2);
                pos = end < 0 ? s.length() : end + 2;
                return true;
            }
            return false;
        }

        /** Skips a string, number or dollar-quoted literal starting here; false when none does. */
        boolean skipLiteral() {
            char c = s.charAt(pos);
            if (c == '\'' || (mysql && c == '"')) {
                pos = endOfQuoted(pos + 1, c, mysql);
                return true;
            }
            if ((c == 'E' || c == 'e' || c == 'X' || c == 'x' || c == 'B' || c == 'b' || c == 'N' || c == 'n')
                    && pos + 1 < s.length()
                    && s.charAt(pos + 1) == '\''
                    && (pos == 0 || !isWordPart(s.charAt(pos - 1)))) {
                pos = endOfQuoted(pos + 2, '\'', mysql || c == 'E' || c == 'e');
                return true;
            }
            if (Character.isDigit(c) || (c == '.' && pos + 1 < s.length() && Character.isDigit(s.charAt(pos + 1)))) {
                if (pos > 0 && (isWordPart(s.charAt(pos - 1)) || s.charAt(pos - 1) == '$')) {
                    return false; // part of a name (t1) or a parameter marker ($1)
                }
                while (pos < s.length()
                        && (Character.isLetterOrDigit(s.charAt(pos))
                                || s.charAt(pos) == '.'
                                || ((s.charAt(pos) == '+' || s.charAt(pos) == '-')
                                        && (s.charAt(pos - 1) == 'e' || s.charAt(pos - 1) == 'E')))) {
                    pos++;
                }
                return true;
            }
            if (c == '$' && !mysql) {
                int close = s.indexOf('$', pos + 1);
                if (close > 0 && isDollarTag(pos + 1, close)) {
                    String tag = s.substring(pos, close + 1);
                    int end = s.indexOf(tag, close + 1);
                    pos = end < 0 ? s.length() : end + tag.length();
                    return true;
                }
            }
            return false;
        }

        boolean skipQuotedIdentifier() {
            char c = s.charAt(pos);
            if ((c == '"' && !mysql) || (c == '`' && mysql)) {
                pos = endOfQuoted(pos + 1, c, false);
                return true;
            }
            return false;
        }

        private boolean isDollarTag(int from, int to) {
            for (int i = from; i < to; i++) {
                char t = s.charAt(i);
                if (!(Character.isLetter(t) || t == '_' || (i > from && Character.isDigit(t)))) {
                    return false;
                }
            }
            return true;
        }

        private static boolean isWordPart(char c) {
            return Character.isLetterOrDigit(c) || c == '_';
        }

        /** The index after the closing {@code quote} (a doubled quote is part of the text), or the end. */
        private int endOfQuoted(int from, char quote, boolean backslash) {
            int i = from;
            while (i < s.length()) {
                char c = s.charAt(i);
                if (backslash && c == '\\') {
                    i += 2;
                } else if (c == quote) {
                    if (i + 1 < s.length() && s.charAt(i + 1) == quote) {
                        i += 2;
                    } else {
                        return i + 1;
                    }
                } else {
                    i++;
                }
            }
            return s.length();
        }
    }
}
