package io.sluice.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Rewrites one JDBC escape ({@code {keyword body}}) the way pgjdbc and MariaDB Connector/J do:
 * {@code d}, {@code t}, {@code ts} become typed literals, {@code oj} its join, {@code call} a
 * {@code SELECT * FROM f(...)} (PostgreSQL) or {@code CALL} (MySQL), {@code escape} and {@code limit}
 * their clauses, and {@code fn} a function: MySQL runs the ODBC names itself, for PostgreSQL the
 * ODBC names that differ are mapped (see {@link #postgresFunction}); other names pass unchanged.
 */
final class JdbcEscapes {
    private JdbcEscapes() {}

    /** Rewrites the escape whose body is {@code text[from, to)} (between the braces) into {@code out}. */
    static void rewrite(Placeholders p, int from, int to, StringBuilder out) {
        String text = p.text();
        int i = from;
        while (i < to && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        int k = i;
        while (k < to && Character.isLetter(text.charAt(k))) {
            k++;
        }
        String keyword = text.substring(i, k).toLowerCase(Locale.ROOT);
        if (k == i || (k < to && !Character.isWhitespace(text.charAt(k)) && text.charAt(k) != '(')) {
            throw new SqlSyntaxException("unsupported JDBC escape (a return value {? = call f(?)} needs"
                    + " Connection.prepareCall): sql=" + p.excerpt(from - 1));
        }
        String body = p.translate(k, to).strip();
        boolean postgres = p.dialect() == SqlDialect.POSTGRESQL;
        switch (keyword) {
            case "d" -> out.append("DATE ").append(body);
            case "t" -> out.append("TIME ").append(body);
            case "ts" -> out.append("TIMESTAMP ").append(body);
            case "oj" -> out.append(body);
            case "escape" -> out.append("ESCAPE ").append(body);
            case "limit" -> out.append("LIMIT ").append(body);
            case "call" -> {
                out.append(postgres ? "SELECT * FROM " : "CALL ").append(body);
                if (body.indexOf('(') < 0) {
                    out.append("()");
                }
            }
            case "fn" -> out.append(postgres ? postgresFunction(body) : body);
            default ->
                throw new SqlSyntaxException(
                        "unknown JDBC escape: keyword=" + keyword + ", sql=" + p.excerpt(from - 1));
        }
    }

    /**
     * The PostgreSQL spelling of an ODBC scalar function call {@code name(args)} (as pgjdbc's
     * EscapedFunctions2 maps them); a name not listed passes unchanged.
     */
    static String postgresFunction(String call) {
        int open = call.indexOf('(');
        if (open < 0 || !call.endsWith(")")) {
            return call;
        }
        String name = call.substring(0, open).strip().toLowerCase(Locale.ROOT);
        List<String> a = arguments(call.substring(open + 1, call.length() - 1));
        return switch (name) {
            case "ucase" -> "upper(" + join(a) + ")";
            case "lcase" -> "lower(" + join(a) + ")";
            case "concat" -> "(" + String.join("||", a) + ")";
            case "ifnull" -> "coalesce(" + join(a) + ")";
            case "curdate", "current_date" -> "current_date";
            case "curtime", "current_time" -> "current_time";
            case "now", "current_timestamp" -> "current_timestamp";
            case "database" -> "current_database()";
            case "user" -> "user";
            case "length" -> a.size() == 1 ? "length(trim(trailing from " + a.get(0) + "))" : call;
            case "char_length", "character_length" -> "char_length(" + join(a) + ")";
            case "locate" ->
                a.size() == 2
                        ? "position(" + a.get(0) + " in " + a.get(1) + ")"
                        : a.size() == 3
                                ? "(" + a.get(2) + "+position(" + a.get(0) + " in substring(" + a.get(1) + " from "
                                        + a.get(2) + "))-1)"
                                : call;
            case "substring" -> "substr(" + join(a) + ")";
            case "ceiling" -> "ceil(" + join(a) + ")";
            case "log" -> "ln(" + join(a) + ")";
            case "log10" -> "log(" + join(a) + ")";
            case "truncate" -> "trunc(" + join(a) + ")";
            case "space" -> "repeat(' ', " + join(a) + ")";
            case "char" -> "chr(" + join(a) + ")";
            case "rand" -> "random()";
            case "year", "month", "hour", "minute", "quarter", "week" -> extract(name, a, call);
            case "dayofmonth" -> extract("day", a, call);
            case "dayofyear" -> extract("doy", a, call);
            case "dayofweek" -> a.size() == 1 ? "(extract(dow from " + a.get(0) + ")+1)" : call;
            case "second" -> a.size() == 1 ? "trunc(extract(second from " + a.get(0) + "))" : call;
            case "dayname" -> a.size() == 1 ? "to_char(" + a.get(0) + ", 'Day')" : call;
            case "monthname" -> a.size() == 1 ? "to_char(" + a.get(0) + ", 'Month')" : call;
            default -> call;
        };
    }

    private static String extract(String field, List<String> a, String call) {
        return a.size() == 1 ? "extract(" + field + " from " + a.get(0) + ")" : call;
    }

    private static String join(List<String> args) {
        return String.join(",", args);
    }

    /** Splits an argument list at top-level commas, skipping literals and nested parentheses. */
    static List<String> arguments(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < s.length(); ) {
            int j = SqlLexer.skipQuoted(s, i, SqlDialect.POSTGRESQL);
            if (j != i) {
                i = j;
                continue;
            }
            char c = s.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                out.add(s.substring(start, i).strip());
                start = i + 1;
            }
            i++;
        }
        String last = s.substring(start).strip();
        if (!last.isEmpty() || !out.isEmpty()) {
            out.add(last);
        }
        return out;
    }
}
