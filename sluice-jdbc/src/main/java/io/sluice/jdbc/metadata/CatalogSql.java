package io.sluice.jdbc.metadata;

import io.sluice.Connection;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A catalog query under construction: SQL text plus its positional parameters, with the filters the
 * {@link java.sql.DatabaseMetaData} arguments add. Values always travel as parameters, never in the text, so a
 * table name with quotes or backslashes cannot change the query. PostgreSQL numbers its placeholders
 * ({@code $1}), MySQL does not ({@code ?}).
 */
final class CatalogSql {

    private final StringBuilder sql = new StringBuilder(512);
    private final List<Object> params = new ArrayList<>();
    private final boolean numbered;

    private CatalogSql(boolean numbered, String start) {
        this.numbered = numbered;
        sql.append(start);
    }

    /** A PostgreSQL query ({@code $n} placeholders) starting with {@code start}. */
    static CatalogSql postgres(String start) {
        return new CatalogSql(true, start);
    }

    /** A MySQL/MariaDB query ({@code ?} placeholders) starting with {@code start}. */
    static CatalogSql mysql(String start) {
        return new CatalogSql(false, start);
    }

    /** Appends text as is. */
    CatalogSql append(String text) {
        sql.append(text);
        return this;
    }

    /** Appends a placeholder for {@code value}. */
    CatalogSql param(Object value) {
        params.add(value);
        sql.append(numbered ? "$" + params.size() : "?");
        return this;
    }

    /**
     * Adds {@code AND column LIKE pattern} unless the pattern is null (the JDBC "do not filter"). The pattern is
     * passed through: {@code %}, {@code _} and the backslash escape mean on the server what JDBC says they mean.
     */
    CatalogSql like(String column, String pattern) {
        if (pattern == null) {
            return this;
        }
        sql.append(" AND ").append(column).append(" LIKE ");
        return param(pattern);
    }

    /** Adds {@code AND column = value} unless the value is null. */
    CatalogSql equal(String column, String value) {
        if (value == null) {
            return this;
        }
        sql.append(" AND ").append(column).append(" = ");
        return param(value);
    }

    /**
     * Adds {@code AND column = value}, or {@code AND column = current} when the value is empty (the JDBC "the
     * current catalog" as MySQL drivers read it); nothing when it is null.
     */
    CatalogSql equalOrCurrent(String column, String value, String current) {
        if (value != null && value.isEmpty()) {
            sql.append(" AND ").append(column).append(" = ").append(current);
            return this;
        }
        return equal(column, value);
    }

    /** The SQL text. */
    String sql() {
        return sql.toString();
    }

    /** The parameters, in placeholder order. */
    Object[] params() {
        return params.toArray();
    }

    /**
     * Runs the query on {@code connection} and returns every row as an array of {@link io.sluice.Row#getObject}
     * values.
     *
     * @throws SQLException with the server's SQLSTATE (or 08000 for a connection failure) if the query fails
     */
    List<Object[]> rows(Connection connection) throws SQLException {
        return run(connection, sql(), params());
    }

    /** Runs {@code sql} with {@code params}; see {@link #rows(Connection)}. */
    static List<Object[]> run(Connection connection, String sql, Object... params) throws SQLException {
        try {
            return connection.query(
                    sql,
                    row -> {
                        Object[] values = new Object[row.columnCount()];
                        for (int i = 0; i < values.length; i++) {
                            values[i] = row.getObject(i);
                        }
                        return values;
                    },
                    params);
        } catch (ServerException e) {
            throw new SQLException("catalog query failed: " + e.getMessage(), e.sqlState(), e);
        } catch (SluiceException e) {
            throw new SQLException("catalog query failed: " + e.getMessage(), "08000", e);
        }
    }
}
