package io.sluice.postgres.internal;

import io.sluice.GeneratedKeys;
import io.sluice.sql.SqlDialect;
import io.sluice.sql.SqlLexer;

/**
 * The statement that {@link PgConnection#executeReturningKeys} runs: the caller's SQL with
 * {@code RETURNING keyColumn} appended after its last token (a trailing semicolon or comment is
 * dropped), or the SQL unchanged when it already has a top-level RETURNING of its own. Only a plain or a
 * double-quoted identifier is accepted as the key column, so nothing the caller passes can end up as SQL.
 *
 * @param sql      the statement to run
 * @param appended true when the key is the statement's only result column
 * @param column   the key column's name as a result column names it (quotes removed)
 */
record ReturningClause(String sql, boolean appended, String column) {
    static ReturningClause of(String sql, String keyColumn) {
        GeneratedKeys.requireKeyColumn(keyColumn);
        String column = keyColumn.startsWith("\"")
                ? keyColumn.substring(1, keyColumn.length() - 1).replace("\"\"", "\"")
                : keyColumn;
        int depth = 0;
        int end = 0; // just after the last token that is neither a comment nor a semicolon
        int i = 0;
        while (i < sql.length()) {
            char ch = sql.charAt(i);
            int skipped = SqlLexer.skipQuoted(sql, i, SqlDialect.POSTGRESQL);
            if (skipped > i) {
                if (!(ch == '-' || ch == '/')) {
                    end = skipped; // a literal or quoted identifier, not a comment
                }
                i = skipped;
            } else if (Character.isLetter(ch) || ch == '_') {
                int from = i;
                while (i < sql.length() && SqlLexer.isIdentifierPart(sql.charAt(i))) {
                    i++;
                }
                if (depth == 0 && sql.regionMatches(true, from, "RETURNING", 0, i - from) && i - from == 9) {
                    return new ReturningClause(sql, false, column);
                }
                end = i;
            } else {
                depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
                if (!Character.isWhitespace(ch) && ch != ';') {
                    end = i + 1;
                }
                i++;
            }
        }
        return new ReturningClause(sql.substring(0, end) + " RETURNING " + keyColumn, true, column);
    }
}
