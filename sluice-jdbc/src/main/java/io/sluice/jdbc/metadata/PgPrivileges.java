package io.sluice.jdbc.metadata;

import io.sluice.Connection;
import java.sql.SQLException;

/**
 * {@link java.sql.DatabaseMetaData#getTablePrivileges} and {@link java.sql.DatabaseMetaData#getColumnPrivileges}
 * on PostgreSQL, from the access control lists in {@code pg_class.relacl} and {@code pg_attribute.attacl} (an
 * absent list means the owner's default privileges), as pgjdbc reports them: a column's privileges are those
 * granted on its table plus those granted on the column itself. Grantee 0 is {@code PUBLIC}.
 */
final class PgPrivileges {

    private static final String GRANTEE =
            "CASE WHEN p.grantee = 0 THEN 'PUBLIC' ELSE pg_catalog.pg_get_userbyid(p.grantee)::text END";

    /** The owner may always grant what it holds, whatever the list says. */
    private static final String GRANTABLE =
            "CASE WHEN p.is_grantable OR p.grantee = c.relowner THEN 'YES' ELSE 'NO' END";

    /** Filtered by the caller on {@code n.nspname} and {@code c.relname}. */
    static final String TABLES = "SELECT current_database(), n.nspname::text, c.relname::text,"
            + " pg_catalog.pg_get_userbyid(p.grantor)::text, " + GRANTEE + ", p.privilege_type,"
            + " " + GRANTABLE
            + """
             FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            CROSS JOIN LATERAL pg_catalog.aclexplode(COALESCE(c.relacl, pg_catalog.acldefault('r', c.relowner))) p
            WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f')""";

    /** Filtered by the caller on {@code n.nspname}, {@code c.relname} and {@code a.attname}. */
    static final String COLUMNS = "SELECT DISTINCT current_database(), n.nspname::text, c.relname::text,"
            + " a.attname::text, pg_catalog.pg_get_userbyid(p.grantor)::text, " + GRANTEE + ", p.privilege_type,"
            + " " + GRANTABLE
            + """
             FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
            CROSS JOIN LATERAL pg_catalog.aclexplode(COALESCE(c.relacl, pg_catalog.acldefault('r', c.relowner))
              || COALESCE(a.attacl, '{}')) p
            WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f')""";

    private PgPrivileges() {}

    /** Runs a {@link #TABLES} query, ordered as the specification asks. */
    static MetaResultSet tables(Connection connection, CatalogSql sql) throws SQLException {
        sql.append(" ORDER BY 2, 3, 6, 5");
        return new MetaResultSet(MetaLayouts.TABLE_PRIVILEGES, sql.rows(connection));
    }

    /** Runs a {@link #COLUMNS} query, ordered as the specification asks. */
    static MetaResultSet columns(Connection connection, CatalogSql sql) throws SQLException {
        sql.append(" ORDER BY 4, 7, 6");
        return new MetaResultSet(MetaLayouts.COLUMN_PRIVILEGES, sql.rows(connection));
    }
}
