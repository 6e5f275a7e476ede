package io.sluice.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Translates JDBC SQL into a dialect's native SQL: {@code ?} placeholders become {@code $1, $2, ...}
 * for PostgreSQL (and stay {@code ?} for MySQL), the text is split into statements at top-level
 * {@code ;} (never inside a stored-program body such as {@code CREATE PROCEDURE ... BEGIN ... END}),
 * and JDBC escapes ({@code {fn ...}}, {@code {d ...}}, {@code {t ...}}, {@code {ts ...}},
 * {@code {oj ...}}, {@code {call ...}}, {@code {escape ...}}, {@code {limit ...}}) are rewritten.
 * Nothing inside a literal, quoted identifier or comment is touched ({@link SqlLexer}).
 *
 * <p>PostgreSQL operators that contain a question mark: {@code ??} is written {@code ?} (as in
 * pgjdbc), and {@code ?|} and {@code ?&} stay the jsonb operators unless doubled ({@code ?||} is a
 * placeholder followed by the concatenation operator). A lone {@code ?} is always a placeholder: write
 * the jsonb key-exists operator as {@code ??}.
 */
public final class Placeholders {
    private final String sql;
    private final SqlDialect dialect;
    private final boolean escapes;
    private final RoutineBodies bodies;
    private int statementParameters;

    private Placeholders(String sql, SqlDialect dialect, boolean escapes) {
        this.sql = sql;
        this.dialect = dialect;
        this.escapes = escapes;
        this.bodies = new RoutineBodies(sql, dialect);
    }

    /**
     * Parses {@code sql}; linear in its length.
     *
     * @param escapes whether to rewrite JDBC escapes (JDBC's {@code setEscapeProcessing})
     * @throws SqlSyntaxException for an unknown or unclosed escape
     */
    public static ParsedSql parse(String sql, SqlDialect dialect, boolean escapes) {
        return new Placeholders(sql, dialect, escapes).statements();
    }

    private ParsedSql statements() {
        List<ParsedSql.Statement> out = new ArrayList<>(1);
        int total = 0;
        int start = 0;
        int n = sql.length();
        while (true) {
            int end = nextSeparator(start);
            StringBuilder b = new StringBuilder(end - start + 8);
            statementParameters = 0;
            scan(start, end, b);
            if (hasContent(b)) {
                out.add(new ParsedSql.Statement(b.toString(), statementParameters));
                total += statementParameters;
            }
            if (end >= n) {
                break;
            }
            start = end + 1;
        }
        if (out.isEmpty()) {
            out.add(new ParsedSql.Statement("", 0));
        }
        return new ParsedSql(out, total);
    }

    /**
     * The index of the next top-level {@code ;} at or after {@code from}, or the text's length; a
     * stored-program body's own {@code ;} are not separators (see {@code RoutineBodies}).
     */
    private int nextSeparator(int from) {
        if (bodies.isUnsplitMysql(from)) {
            return sql.length();
        }
        boolean routine = bodies.isPostgresRoutine(from);
        int atomic = 0;
        int depth = 0;
        for (int i = from; i < sql.length(); ) {
            int j = SqlLexer.skipQuoted(sql, i, dialect);
            if (j != i) {
                i = j;
                continue;
            }
            char c = sql.charAt(i);
            String word = routine ? bodies.word(i) : "";
            if (!word.isEmpty()) {
                atomic = bodies.atomicDepth(i, word, atomic);
                i += word.length();
                continue;
            }
            if (c == '{') {
                depth++;
            } else if (c == '}' && depth > 0) {
                depth--;
            } else if (c == ';' && depth == 0 && atomic == 0) {
                return i;
            }
            i++;
        }
        return sql.length();
    }

    /** Whether a statement holds anything but whitespace and comments. */
    private boolean hasContent(CharSequence s) {
        for (int i = 0; i < s.length(); ) {
            int j = SqlLexer.skipQuoted(s, i, dialect);
            if (j != i) {
                char c = s.charAt(i);
                if (c != '-' && c != '/' && c != '#') {
                    return true; // a literal or identifier, not a comment
                }
                i = j;
            } else if (!Character.isWhitespace(s.charAt(i))) {
                return true;
            } else {
                i++;
            }
        }
        return false;
    }

    /** Translates {@code sql[from, to)} into {@code out}. */
    private void scan(int from, int to, StringBuilder out) {
        int i = from;
        while (i < to) {
            int j = Math.min(SqlLexer.skipQuoted(sql, i, dialect), to);
            if (j != i) {
                out.append(sql, i, j);
                i = j;
                continue;
            }
            char c = sql.charAt(i);
            if (c == '?') {
                i = placeholder(i, to, out);
            } else if (c == '{' && escapes) {
                int end = matchingBrace(i, to);
                JdbcEscapes.rewrite(this, i + 1, end, out);
                i = end + 1;
            } else {
                out.append(c);
                i++;
            }
        }
    }

    /** Writes the placeholder or operator at {@code i}; returns the index after it. */
    private int placeholder(int i, int to, StringBuilder out) {
        if (dialect == SqlDialect.POSTGRESQL && i + 1 < to) {
            char next = sql.charAt(i + 1);
            if (next == '?') {
                out.append('?');
                return i + 2;
            }
            if (SqlLexer.isPostgresQuestionOperator(sql, i, to)) {
                out.append('?').append(next);
                return i + 2;
            }
        }
        statementParameters++;
        if (dialect == SqlDialect.POSTGRESQL) {
            out.append('$').append(statementParameters);
        } else {
            out.append('?');
        }
        return i + 1;
    }

    private int matchingBrace(int open, int to) {
        int depth = 0;
        for (int i = open; i < to; ) {
            int j = SqlLexer.skipQuoted(sql, i, dialect);
            if (j != i) {
                i = j;
                continue;
            }
            char c = sql.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
            i++;
        }
        throw new SqlSyntaxException("unclosed JDBC escape: at=" + open + ", sql=" + excerpt(open));
    }

    String excerpt(int at) {
        return sql.substring(at, Math.min(sql.length(), at + 40));
    }

    // ---- access for JdbcEscapes ----

    String text() {
        return sql;
    }

    SqlDialect dialect() {
        return dialect;
    }

    /** Translates a part of the text (the body of an escape) with the same placeholder numbering. */
    String translate(int from, int to) {
        StringBuilder b = new StringBuilder(to - from + 8);
        scan(from, to, b);
        return b.toString();
    }
}
