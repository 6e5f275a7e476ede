package io.sluice.jdbc.metadata;

import io.sluice.Connection;
import java.sql.SQLException;

/**
 * {@link java.sql.DatabaseMetaData#getTablePrivileges} and {@link java.sql.DatabaseMetaData#getColumnPrivileges}
 * on MySQL and MariaDB, from {@code information_schema.TABLE_PRIVILEGES} and {@code COLUMN_PRIVILEGES}: the
 * grants made on a table or column itself (global and database-wide grants are not listed there). The grantor is
 * not recorded, so GRANTOR is null.
 */
final class MysqlPrivileges {

    /** Filtered by the caller on TABLE_SCHEMA and TABLE_NAME. */
    static final String TABLES = """
            SELECT TABLE_SCHEMA, NULL, TABLE_NAME, NULL, GRANTEE, PRIVILEGE_TYPE, IS_GRANTABLE
            FROM information_schema.TABLE_PRIVILEGES WHERE 1 = 1""";

    /** Filtered by the caller on TABLE_SCHEMA, TABLE_NAME and COLUMN_NAME. */
    static final String COLUMNS = """
            SELECT TABLE_SCHEMA, NULL, TABLE_NAME, COLUMN_NAME, NULL, GRANTEE, PRIVILEGE_TYPE, IS_GRANTABLE
            FROM information_schema.COLUMN_PRIVILEGES WHERE 1 = 1""";

    private MysqlPrivileges() {}

    /** Runs a {@link #TABLES} query, ordered as the specification asks. */
    static MetaResultSet tables(Connection connection, CatalogSql sql) throws SQLException {
        sql.append(" ORDER BY TABLE_SCHEMA, TABLE_NAME, PRIVILEGE_TYPE, GRANTEE");
        return new MetaResultSet(MetaLayouts.TABLE_PRIVILEGES, sql.rows(connection));
    }

    /** Runs a {@link #COLUMNS} query, ordered as the specification asks. */
    static MetaResultSet columns(Connection connection, CatalogSql sql) throws SQLException {
        sql.append(" ORDER BY COLUMN_NAME, PRIVILEGE_TYPE, GRANTEE");
        return new MetaResultSet(MetaLayouts.COLUMN_PRIVILEGES, sql.rows(connection));
    }
}
