package io.sluice.sql;

import java.util.Locale;
import java.util.Set;

/**
 * Finds stored-program bodies, whose own {@code ;} must not split the text into statements.
 *
 * <p>MySQL/MariaDB: a statement that starts (after whitespace and comments) with {@code CREATE [OR
 * REPLACE] [DEFINER = ...] [AGGREGATE] PROCEDURE | FUNCTION | TRIGGER | EVENT | PACKAGE}, or with
 * MariaDB's anonymous {@code BEGIN NOT ATOMIC}, runs to the end of the text unsplit. Its body
 * ({@code BEGIN ... END}, {@code IF ... END IF}, {@code LOOP}, {@code CASE}, ...) cannot be delimited
 * lexically with certainty ({@code IF} and {@code REPEAT} are also functions), and the server parses
 * it itself: this is what MariaDB Connector/J and MySQL Connector/J do too, sending such a text as one
 * {@code COM_QUERY}. Text after the body's final {@code END} is therefore rejected by the server.
 *
 * <p>PostgreSQL: bodies in dollar quotes are skipped by {@link SqlLexer}. A SQL-standard body
 * ({@code CREATE FUNCTION | PROCEDURE ... BEGIN ATOMIC ...; END}) holds only SQL statements, so it is
 * delimited by counting: {@code BEGIN ATOMIC} opens it, {@code CASE} opens a nested expression and each
 * {@code END} closes one level.
 */
final class RoutineBodies {
    private static final Set<String> MYSQL_ROUTINES = Set.of("PROCEDURE", "FUNCTION", "TRIGGER", "EVENT", "PACKAGE");
    private static final Set<String> MYSQL_MODIFIERS = Set.of("OR", "REPLACE", "DEFINER", "AGGREGATE", "CURRENT_USER");
    private static final Set<String> POSTGRES_ROUTINES = Set.of("FUNCTION", "PROCEDURE");

    private final String sql;
    private final SqlDialect dialect;

    RoutineBodies(String sql, SqlDialect dialect) {
        this.sql = sql;
        this.dialect = dialect;
    }

    /** Whether the MySQL statement starting at {@code from} runs to the end of the text. */
    boolean isUnsplitMysql(int from) {
        if (dialect != SqlDialect.MYSQL) {
            return false;
        }
        int i = skipBlank(from);
        String first = word(i);
        if (first.equals("BEGIN")) {
            int j = skipBlank(i + first.length());
            String second = word(j);
            return second.equals("NOT") && word(skipBlank(j + second.length())).equals("ATOMIC");
        }
        if (!first.equals("CREATE")) {
            return false;
        }
        boolean value = false; // the previous token was '=' or '@': this word is a definer's name
        for (i = skipBlank(i + first.length()); i < sql.length(); i = skipBlank(i)) {
            int j = SqlLexer.skipQuoted(sql, i, dialect);
            if (j != i) {
                i = j;
                value = false;
                continue;
            }
            char c = sql.charAt(i);
            if (c == '=' || c == '@' || c == '(' || c == ')' || c == '.' || c == '%') {
                value = c == '=' || c == '@' || c == '.';
                i++;
                continue;
            }
            String w = word(i);
            if (w.isEmpty()) {
                return false;
            }
            if (MYSQL_ROUTINES.contains(w)) {
                return true;
            }
            if (!value && !MYSQL_MODIFIERS.contains(w)) {
                return false;
            }
            value = false;
            i += w.length();
        }
        return false;
    }

    /** Whether the PostgreSQL statement starting at {@code from} creates a function or procedure. */
    boolean isPostgresRoutine(int from) {
        if (dialect != SqlDialect.POSTGRESQL) {
            return false;
        }
        int i = skipBlank(from);
        if (!word(i).equals("CREATE")) {
            return false;
        }
        i = skipBlank(i + "CREATE".length());
        if (word(i).equals("OR")) {
            i = skipBlank(i + 2);
            if (!word(i).equals("REPLACE")) {
                return false;
            }
            i = skipBlank(i + "REPLACE".length());
        }
        return POSTGRES_ROUTINES.contains(word(i));
    }

    /**
     * The new nesting depth of a {@code BEGIN ATOMIC} body after the word at {@code i}, given the depth
     * before it (0 outside the body).
     */
    int atomicDepth(int i, String word, int depth) {
        if (depth == 0) {
            return word.equals("BEGIN") && word(skipBlank(i + word.length())).equals("ATOMIC") ? 1 : 0;
        }
        return switch (word) {
            case "CASE" -> depth + 1;
            case "END" -> depth - 1;
            default -> depth;
        };
    }

    /** The unquoted word (upper case) starting at {@code i}, or "" if none starts there. */
    String word(int i) {
        int n = sql.length();
        if (i >= n
                || !Character.isLetter(sql.charAt(i)) && sql.charAt(i) != '_'
                || i > 0 && SqlLexer.isIdentifierPart(sql.charAt(i - 1))) {
            return "";
        }
        int j = i;
        while (j < n && SqlLexer.isIdentifierPart(sql.charAt(j))) {
            j++;
        }
        return sql.substring(i, j).toUpperCase(Locale.ROOT);
    }

    /** The index of the next character that is neither whitespace nor inside a comment. */
    private int skipBlank(int i) {
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' || c == '/' || c == '#') {
                int j = SqlLexer.skipQuoted(sql, i, dialect);
                if (j == i) {
                    return i;
                }
                i = j;
            } else {
                return i;
            }
        }
        return n;
    }
}
