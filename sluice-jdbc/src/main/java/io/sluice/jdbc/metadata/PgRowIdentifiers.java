package io.sluice.jdbc.metadata;

import io.sluice.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link DatabaseMetaData#getBestRowIdentifier} and {@link DatabaseMetaData#getVersionColumns} on PostgreSQL, as
 * pgjdbc reports them: the best row identifier is the primary key (valid for any scope: a key outlives
 * transactions and sessions), and the version column is the {@code ctid} pseudo column, which changes whenever
 * a row is updated.
 */
final class PgRowIdentifiers {

    /** Primary-key columns with their types; filtered by the caller on {@code n.nspname} and {@code ct.relname}. */
    static final String KEY_COLUMNS = """
            SELECT a.attname::text, t.typname::text, t.typtype::text,
              t.typinput = 'pg_catalog.array_in'::regproc, tn.nspname = ANY (pg_catalog.current_schemas(true)),
              tn.nspname::text, a.atttypmod, k.n
            FROM pg_catalog.pg_constraint con
            JOIN pg_catalog.pg_class ct ON ct.oid = con.conrelid
            JOIN pg_catalog.pg_namespace n ON n.oid = ct.relnamespace
            CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, n)
            JOIN pg_catalog.pg_attribute a ON a.attrelid = ct.oid AND a.attnum = k.attnum
            JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
            JOIN pg_catalog.pg_namespace tn ON tn.oid = t.typnamespace
            WHERE con.contype = 'p'""";

    /** The table itself; filtered by the caller on {@code n.nspname} and {@code c.relname}. */
    static final String TABLE = """
            SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            WHERE c.relkind IN ('r', 'p', 'm', 'f')""";

    private PgRowIdentifiers() {}

    /** Runs a {@link #KEY_COLUMNS} query and reports its columns with {@code scope}. */
    static MetaResultSet bestRow(Connection connection, CatalogSql sql, int scope) throws SQLException {
        sql.append(" ORDER BY k.n");
        List<Object[]> rows = new ArrayList<>();
        for (Object[] raw : sql.rows(connection)) {
            String typname = (String) raw[1];
            int typmod = ((Number) raw[6]).intValue();
            String typeName = (Boolean) raw[4] ? typname : "\"" + raw[5] + "\".\"" + typname + "\"";
            Integer digits = PgTypes.decimalDigits(typname, typmod);
            rows.add(new Object[] {
                scope,
                raw[0],
                PgTypes.jdbcType(typname, (String) raw[2], (Boolean) raw[3]),
                typeName,
                PgTypes.columnSize(typname, typmod),
                null,
                digits == null ? 0 : digits,
                DatabaseMetaData.bestRowNotPseudo
            });
        }
        return new MetaResultSet(MetaLayouts.BEST_ROW_IDENTIFIER, rows);
    }

    /** Runs a {@link #TABLE} query and reports {@code ctid} if the table exists. */
    static MetaResultSet versionColumns(Connection connection, CatalogSql sql) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        if (!sql.rows(connection).isEmpty()) {
            rows.add(new Object[] {
                null, "ctid", java.sql.Types.OTHER, "tid", null, null, null, DatabaseMetaData.versionColumnPseudo
            });
        }
        return new MetaResultSet(MetaLayouts.VERSION_COLUMNS, rows);
    }
}
