package io.sluice.jdbc.metadata;

import java.sql.SQLException;

/**
 * The catalog reads behind {@link SluiceDatabaseMetaData}, one implementation per SQL dialect. Each method runs
 * one catalog query (never one per table) and returns a result in the layout {@link MetaLayouts} defines for
 * it. Pattern arguments follow {@link java.sql.DatabaseMetaData}: null means "do not filter", {@code %} and
 * {@code _} are wildcards, a backslash escapes them.
 */
sealed interface CatalogQueries permits PgCatalogQueries, MysqlCatalogQueries {

    /** {@link java.sql.DatabaseMetaData#getProcedures}. */
    MetaResultSet procedures(String catalog, String schemaPattern, String namePattern) throws SQLException;

    /** {@link java.sql.DatabaseMetaData#getFunctions}. */
    MetaResultSet functions(String catalog, String schemaPattern, String namePattern) throws SQLException;

    /**
     * {@link java.sql.DatabaseMetaData#getProcedureColumns} ({@code functions} false) or
     * {@link java.sql.DatabaseMetaData#getFunctionColumns} ({@code functions} true).
     */
    MetaResultSet routineColumns(
            String catalog, String schemaPattern, String namePattern, String columnPattern, boolean functions)
            throws SQLException;

    /** {@link java.sql.DatabaseMetaData#getTables}. */
    MetaResultSet tables(String catalog, String schemaPattern, String tablePattern, String[] types) throws SQLException;

    /** {@link java.sql.DatabaseMetaData#getSchemas(String, String)}. */
    MetaResultSet schemas(String catalog, String schemaPattern) throws SQLException;

    /** {@link java.sql.DatabaseMetaData#getCatalogs}. */
    MetaResultSet catalogs() throws SQLException;

    /** {@link java.sql.DatabaseMetaData#getTableTypes}. */
    MetaResultSet tableTypes() throws SQLException;

    /** {@link java.sql.DatabaseMetaData#getColumns}. */
    MetaResultSet columns(String catalog, String schemaPattern, String tablePattern, String columnPattern)
            throws SQLException;

    /** {@link java.sql.DatabaseMetaData#getPrimaryKeys}. */
    MetaResultSet primaryKeys(String catalog, String schema, String table) throws SQLException;

    /**
     * {@link java.sql.DatabaseMetaData#getCrossReference}, and with the null sides
     * {@link java.sql.DatabaseMetaData#getImportedKeys} (ordered by the primary-key table) and
     * {@link java.sql.DatabaseMetaData#getExportedKeys} (ordered by the foreign-key table).
     */
    MetaResultSet keys(
            String pkCatalog,
            String pkSchema,
            String pkTable,
            String fkCatalog,
            String fkSchema,
            String fkTable,
            boolean orderByForeignTable)
            throws SQLException;

    /** {@link java.sql.DatabaseMetaData#getIndexInfo}. */
    MetaResultSet indexInfo(String catalog, String schema, String table, boolean unique, boolean approximate)
            throws SQLException;

    /** {@link java.sql.DatabaseMetaData#getBestRowIdentifier}. */
    MetaResultSet bestRowIdentifier(String catalog, String schema, String table, int scope) throws SQLException;

    /** {@link java.sql.DatabaseMetaData#getVersionColumns}. */
    MetaResultSet versionColumns(String catalog, String schema, String table) throws SQLException;

    /** {@link java.sql.DatabaseMetaData#getTablePrivileges}. */
    MetaResultSet tablePrivileges(String catalog, String schemaPattern, String tablePattern) throws SQLException;

    /** {@link java.sql.DatabaseMetaData#getColumnPrivileges}. */
    MetaResultSet columnPrivileges(String catalog, String schema, String table, String columnPattern)
            throws SQLException;

    /** {@link java.sql.DatabaseMetaData#getUDTs}. */
    MetaResultSet udts(String catalog, String schemaPattern, String typePattern, int[] types) throws SQLException;

    /** {@link java.sql.DatabaseMetaData#getTypeInfo}. */
    MetaResultSet typeInfo() throws SQLException;

    /** {@link java.sql.DatabaseMetaData#getSQLKeywords}. */
    String keywords() throws SQLException;

    /** The server's connection limit ({@code max_connections}). */
    int maxConnections() throws SQLException;

    /** The server's default isolation level as a {@link java.sql.Connection} TRANSACTION_* constant. */
    int defaultTransactionIsolation() throws SQLException;

    /**
     * The {@link java.sql.Connection} TRANSACTION_* constant for an isolation level as the servers name it
     * ({@code read committed}, {@code REPEATABLE-READ}, ...).
     *
     * @throws SQLException if the name is none of the four levels
     */
    static int isolationLevel(String name) throws SQLException {
        return switch (name.trim().toLowerCase(java.util.Locale.ROOT).replace('-', ' ')) {
            case "read uncommitted" -> java.sql.Connection.TRANSACTION_READ_UNCOMMITTED;
            case "read committed" -> java.sql.Connection.TRANSACTION_READ_COMMITTED;
            case "repeatable read" -> java.sql.Connection.TRANSACTION_REPEATABLE_READ;
            case "serializable" -> java.sql.Connection.TRANSACTION_SERIALIZABLE;
            default -> throw new SQLException("unknown isolation level from the server: level=" + name, "HY000");
        };
    }
}
