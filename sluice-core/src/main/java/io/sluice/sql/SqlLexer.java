package io.sluice.sql;

/**
 * The lexical layer shared by the placeholder and escape scanners: finds where a quoted literal,
 * quoted identifier or comment that starts at a position ends, so that nothing inside one is ever
 * taken for a placeholder, a statement separator or an escape. Stateless; every method runs in time
 * linear in the text it skips and never allocates.
 */
public final class SqlLexer {
    private SqlLexer() {}

    /**
     * If a literal, quoted identifier or comment starts at {@code i}, the index just after its end
     * (the text's length if it is not closed, as the server would then reject the text anyway);
     * otherwise {@code i} itself.
     */
    public static int skipQuoted(CharSequence sql, int i, SqlDialect dialect) {
        char c = sql.charAt(i);
        return dialect == SqlDialect.POSTGRESQL ? skipPostgres(sql, i, c) : skipMysql(sql, i, c);
    }

    private static int skipPostgres(CharSequence sql, int i, char c) {
        switch (c) {
            case '\'' -> {
                boolean backslashes = i > 0
                        && (sql.charAt(i - 1) == 'E' || sql.charAt(i - 1) == 'e')
                        && (i == 1 || !isIdentifierPart(sql.charAt(i - 2)));
                return endOfQuoted(sql, i, '\'', backslashes);
            }
            case '"' -> {
                return endOfQuoted(sql, i, '"', false);
            }
            case '-' -> {
                return startsWith(sql, i, '-', '-') ? endOfLine(sql, i) : i;
            }
            case '/' -> {
                return startsWith(sql, i, '/', '*') ? endOfBlockComment(sql, i, true) : i;
            }
            case '$' -> {
                return endOfDollarQuoted(sql, i);
            }
            default -> {
                return i;
            }
        }
    }

    private static int skipMysql(CharSequence sql, int i, char c) {
        switch (c) {
            case '\'', '"' -> {
                return endOfQuoted(sql, i, c, true);
            }
            case '`' -> {
                return endOfQuoted(sql, i, '`', false);
            }
            case '#' -> {
                return endOfLine(sql, i);
            }
            case '-' -> {
                // MySQL needs whitespace (or the end) after "--" for a comment: "1--1" is arithmetic.
                boolean comment = startsWith(sql, i, '-', '-')
                        && (i + 2 == sql.length() || Character.isWhitespace(sql.charAt(i + 2)));
                return comment ? endOfLine(sql, i) : i;
            }
            case '/' -> {
                return startsWith(sql, i, '/', '*') ? endOfBlockComment(sql, i, false) : i;
            }
            default -> {
                return i;
            }
        }
    }

    /**
     * Whether the {@code ?} at {@code i} starts one of PostgreSQL's jsonb operators {@code ?|} or
     * {@code ?&} (text ends at {@code to}): true unless the second character is doubled, as
     * {@code ?||} is a placeholder followed by the concatenation operator. The key-exists operator
     * {@code ?} itself cannot be told apart from a placeholder; callers take {@code ??} for it.
     */
    public static boolean isPostgresQuestionOperator(CharSequence sql, int i, int to) {
        if (i + 1 >= to) {
            return false;
        }
        char next = sql.charAt(i + 1);
        return (next == '|' || next == '&') && (i + 2 >= to || sql.charAt(i + 2) != next);
    }

    /** Whether {@code c} may continue an unquoted identifier (letters, digits, {@code _}, {@code $}). */
    public static boolean isIdentifierPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    private static boolean startsWith(CharSequence sql, int i, char a, char b) {
        return i + 1 < sql.length() && sql.charAt(i) == a && sql.charAt(i + 1) == b;
    }

    /** End of a literal opened by {@code quote} at {@code i}; a doubled quote stays inside, as does an escaped one. */
    private static int endOfQuoted(CharSequence sql, int i, char quote, boolean backslashes) {
        int n = sql.length();
        for (int j = i + 1; j < n; j++) {
            char c = sql.charAt(j);
            if (backslashes && c == '\\') {
                j++;
            } else if (c == quote) {
                if (j + 1 < n && sql.charAt(j + 1) == quote) {
                    j++;
                } else {
                    return j + 1;
                }
            }
        }
        return n;
    }

    private static int endOfLine(CharSequence sql, int i) {
        int n = sql.length();
        for (int j = i; j < n; j++) {
            char c = sql.charAt(j);
            if (c == '\n' || c == '\r') {
                return j + 1;
            }
        }
        return n;
    }

    private static int endOfBlockComment(CharSequence sql, int i, boolean nested) {
        int n = sql.length();
        int depth = 1;
        for (int j = i + 2; j < n - 1; j++) {
            if (sql.charAt(j) == '*' && sql.charAt(j + 1) == '/') {
                if (--depth == 0) {
                    return j + 2;
                }
                j++;
            } else if (nested && sql.charAt(j) == '/' && sql.charAt(j + 1) == '*') {
                depth++;
                j++;
            }
        }
        return n;
    }

    /**
     * A dollar-quoted string {@code $tag$...$tag$} (the tag may be empty) starts at {@code i} only if
     * the {@code $} does not continue an identifier ({@code a$b}) and the tag is not a number
     * ({@code $1} is a parameter).
     */
    private static int endOfDollarQuoted(CharSequence sql, int i) {
        if (i > 0 && isIdentifierPart(sql.charAt(i - 1))) {
            return i;
        }
        int n = sql.length();
        int j = i + 1;
        if (j < n && Character.isDigit(sql.charAt(j))) {
            return i;
        }
        while (j < n && sql.charAt(j) != '$') {
            char c = sql.charAt(j);
            if (!(Character.isLetterOrDigit(c) || c == '_')) {
                return i;
            }
            j++;
        }
        if (j >= n) {
            return i;
        }
        int tagLength = j - i + 1; // "$tag$"
        for (int k = j + 1; k + tagLength <= n; k++) {
            if (sql.charAt(k) == '$' && regionMatches(sql, k, sql, i, tagLength)) {
                return k + tagLength;
            }
        }
        return n;
    }

    private static boolean regionMatches(CharSequence a, int aFrom, CharSequence b, int bFrom, int length) {
        for (int k = 0; k < length; k++) {
            if (a.charAt(aFrom + k) != b.charAt(bFrom + k)) {
                return false;
            }
        }
        return true;
    }
}
