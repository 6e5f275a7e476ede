package io.sluice.sql;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One pass over a native-API SQL text with {@link SqlLexer}: finds its {@code ?}, {@code $n}
 * (PostgreSQL) and, when asked, {@code :name} placeholders outside literals, quoted identifiers and
 * comments, and rewrites them into the dialect's own syntax. Rules are in {@link NativeSql}.
 */
final class ParameterScanner {
    private final String sql;
    private final SqlDialect dialect;
    private final boolean named;
    private final boolean postgres;
    private StringBuilder out; // null until the first rewrite: an unchanged text is returned as is
    private int copied; // sql[0, copied) is already in out
    private int questions;
    private int maxDollar;
    private int firstQuestion = -1;
    private int firstDollar = -1; // only for the error message
    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> postgresIndex = new HashMap<>();

    private ParameterScanner(String sql, SqlDialect dialect, boolean named) {
        this.sql = sql;
        this.dialect = dialect;
        this.named = named;
        this.postgres = dialect == SqlDialect.POSTGRESQL;
    }

    static NativeSql scan(String sql, SqlDialect dialect, boolean named) {
        return new ParameterScanner(sql, dialect, named).run();
    }

    private NativeSql run() {
        int n = sql.length();
        for (int i = 0; i < n; ) {
            int j = SqlLexer.skipQuoted(sql, i, dialect);
            if (j != i) {
                i = j;
                continue;
            }
            char c = sql.charAt(i);
            if (c == '?') {
                i = question(i);
            } else if (c == '$' && postgres) {
                i = dollar(i);
            } else if (c == ':' && named) {
                i = colon(i);
            } else {
                i++;
            }
        }
        String text = out == null ? sql : out.append(sql, copied, n).toString();
        return check(text);
    }

    private int question(int i) {
        if (postgres && i + 1 < sql.length() && sql.charAt(i + 1) == '?') {
            rewrite(i, i + 2, "?"); // JDBC's escape for the jsonb key-exists operator
            return i + 2;
        }
        if (postgres && SqlLexer.isPostgresQuestionOperator(sql, i, sql.length())) {
            return i + 2;
        }
        questions++;
        if (firstQuestion < 0) {
            firstQuestion = i;
        }
        if (postgres) {
            rewrite(i, i + 1, "$" + questions);
        }
        return i + 1;
    }

    /** A {@code $n} parameter, unless the {@code $} continues an identifier ({@code a$1}). */
    private int dollar(int i) {
        int j = i + 1;
        if (i > 0 && SqlLexer.isIdentifierPart(sql.charAt(i - 1))) {
            return j;
        }
        int value = 0;
        while (j < sql.length() && Character.isDigit(sql.charAt(j)) && value < 100_000) {
            value = value * 10 + (sql.charAt(j) - '0');
            j++;
        }
        if (j > i + 1) {
            maxDollar = Math.max(maxDollar, value);
            if (firstDollar < 0) {
                firstDollar = i;
            }
        }
        return j;
    }

    /** A {@code :name} placeholder; {@code ::} (a PostgreSQL cast) and {@code :=} are left alone. */
    private int colon(int i) {
        int n = sql.length();
        if (i + 1 < n && sql.charAt(i + 1) == ':') {
            return i + 2;
        }
        if (i + 1 >= n || !(Character.isLetter(sql.charAt(i + 1)) || sql.charAt(i + 1) == '_')) {
            return i + 1;
        }
        int j = i + 1;
        while (j < n && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
            j++;
        }
        String name = sql.substring(i + 1, j);
        if (postgres) {
            Integer index = postgresIndex.get(name);
            if (index == null) {
                names.add(name);
                index = names.size();
                postgresIndex.put(name, index);
            }
            rewrite(i, j, "$" + index);
        } else {
            names.add(name);
            rewrite(i, j, "?");
        }
        return j;
    }

    private void rewrite(int from, int to, String replacement) {
        if (out == null) {
            out = new StringBuilder(sql.length() + 16);
        }
        out.append(sql, copied, from).append(replacement);
        copied = to;
    }

    private NativeSql check(String text) {
        if (named) {
            if (questions > 0 || maxDollar > 0) {
                int at = questions > 0 ? firstQuestion : firstDollar;
                throw new SqlSyntaxException("SQL mixes :name and positional placeholders: at=" + at
                        + (postgres ? ", fix=write PostgreSQL's jsonb operator ? as ??" : "") + ", sql=" + excerpt());
            }
            return new NativeSql(text, names.size(), names.toArray(String[]::new), false);
        }
        if (postgres && maxDollar > 0) {
            return new NativeSql(sql, maxDollar, null, questions > 0); // native text: a ? is an operator
        }
        return new NativeSql(text, questions, null, false);
    }

    private String excerpt() {
        return sql.length() <= 80 ? sql : sql.substring(0, 80) + "...";
    }
}
