package io.sluice.jdbc;

import io.sluice.sql.SqlDialect;
import io.sluice.sql.SqlLexer;
import java.util.Locale;

/**
 * Which generated keys a statement asked for. PostgreSQL gets them from a {@code RETURNING} clause
 * appended to an INSERT, UPDATE, DELETE or MERGE (every column, as pgjdbc's {@code RETURNING *}, or
 * the named ones); MySQL from the OK packet's last insert id ({@link io.sluice.Connection#lastInsertId()}).
 * Columns by index are not supported by PostgreSQL (as in pgjdbc) and ignored by MySQL, which has one
 * AUTO_INCREMENT column per table.
 *
 * @param wanted  whether keys are wanted at all
 * @param columns the column names, or null for all
 */
record GeneratedKeys(boolean wanted, String[] columns) {
    static final GeneratedKeys NONE = new GeneratedKeys(false, null);
    static final GeneratedKeys ALL = new GeneratedKeys(true, null);

    static GeneratedKeys indexes(int[] indexes) {
        return indexes == null || indexes.length == 0 ? NONE : ALL;
    }

    static GeneratedKeys names(String[] names) {
        return names == null || names.length == 0 ? NONE : new GeneratedKeys(true, names.clone());
    }

    /**
     * The PostgreSQL statement with its RETURNING clause, or the statement unchanged if it is not
     * DML or already returns something.
     */
    String returning(String sql) {
        String head = firstKeyword(sql);
        if (!(head.equals("insert") || head.equals("update") || head.equals("delete") || head.equals("merge"))
                || containsKeyword(sql, "returning")) {
            return sql;
        }
        if (columns == null) {
            return sql + " RETURNING *";
        }
        StringBuilder b = new StringBuilder(sql).append(" RETURNING ");
        for (int i = 0; i < columns.length; i++) {
            b.append(i == 0 ? "" : ", ")
                    .append('"')
                    .append(columns[i].replace("\"", "\"\""))
                    .append('"');
        }
        return b.toString();
    }

    static String firstKeyword(String sql) {
        int i = 0;
        int n = sql.length();
        while (i < n) {
            int j = SqlLexer.skipQuoted(sql, i, SqlDialect.POSTGRESQL);
            if (j != i) {
                i = j;
            } else if (Character.isWhitespace(sql.charAt(i)) || sql.charAt(i) == '(') {
                i++;
            } else {
                break;
            }
        }
        int start = i;
        while (i < n && Character.isLetter(sql.charAt(i))) {
            i++;
        }
        return sql.substring(start, i).toLowerCase(Locale.ROOT);
    }

    /** Whether the keyword appears as a word outside literals and comments. */
    private static boolean containsKeyword(String sql, String keyword) {
        int n = sql.length();
        for (int i = 0; i < n; ) {
            int j = SqlLexer.skipQuoted(sql, i, SqlDialect.POSTGRESQL);
            if (j != i) {
                i = j;
                continue;
            }
            if (sql.regionMatches(true, i, keyword, 0, keyword.length())
                    && (i == 0 || !SqlLexer.isIdentifierPart(sql.charAt(i - 1)))
                    && (i + keyword.length() == n || !SqlLexer.isIdentifierPart(sql.charAt(i + keyword.length())))) {
                return true;
            }
            i++;
        }
        return false;
    }
}
