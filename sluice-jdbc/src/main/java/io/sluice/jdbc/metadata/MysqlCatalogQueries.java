package io.sluice.jdbc.metadata;

import io.sluice.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.StringJoiner;

/**
 * The MySQL and MariaDB catalog reads, from {@code information_schema} as MariaDB Connector/J reads it by
 * default: catalogs are databases, schemas do not exist (TABLE_SCHEM is always null and
 * {@link java.sql.DatabaseMetaData#getSchemas} is empty). A null catalog argument means every database, an empty
 * one the current database ({@code DATABASE()}); schema arguments are ignored. Name comparisons follow the server's {@code information_schema} collation
 * (case-insensitive on MariaDB).
 *
 * @see <a href="https://mariadb.com/kb/en/information-schema-tables/">MariaDB information_schema</a>
 */
final class MysqlCatalogQueries implements CatalogQueries {

    /** The table types in {@link java.sql.DatabaseMetaData#getTableTypes} order (alphabetical). */
    static final List<String> TABLE_TYPES =
            List.of("LOCAL TEMPORARY", "SEQUENCE", "SYSTEM TABLE", "SYSTEM VIEW", "TABLE", "VIEW");

    /** A table's JDBC type from its database and information_schema TABLE_TYPE. */
    private static final String TABLE_TYPE = """
            CASE WHEN TABLE_SCHEMA IN ('mysql', 'performance_schema', 'sys') AND TABLE_TYPE = 'BASE TABLE'
                THEN 'SYSTEM TABLE'
              WHEN TABLE_SCHEMA IN ('mysql', 'performance_schema', 'sys') AND TABLE_TYPE = 'VIEW' THEN 'SYSTEM VIEW'
              WHEN TABLE_TYPE IN ('BASE TABLE', 'SYSTEM VERSIONED') THEN 'TABLE'
              WHEN TABLE_TYPE = 'TEMPORARY' THEN 'LOCAL TEMPORARY'
              ELSE TABLE_TYPE END""";

    /** Rule codes: DatabaseMetaData.importedKeyCascade 0, Restrict 1, SetNull 2, NoAction 3, SetDefault 4. */
    private static final String RULE = "CASE %s WHEN 'CASCADE' THEN 0 WHEN 'RESTRICT' THEN 1 WHEN 'SET NULL' THEN 2"
            + " WHEN 'NO ACTION' THEN 3 WHEN 'SET DEFAULT' THEN 4 END";

    private final Connection connection;

    MysqlCatalogQueries(Connection connection) {
        this.connection = connection;
    }

    @Override
    public MetaResultSet procedures(String catalog, String schemaPattern, String namePattern) throws SQLException {
        // procedureNoResult 1 for procedures, procedureReturnsResult 2 for functions
        CatalogSql sql = CatalogSql.mysql("""
                SELECT ROUTINE_SCHEMA, NULL, ROUTINE_NAME, NULL, NULL, NULL, ROUTINE_COMMENT,
                  IF(ROUTINE_TYPE = 'PROCEDURE', 1, 2), SPECIFIC_NAME
                FROM information_schema.ROUTINES WHERE 1 = 1""")
                .equalOrCurrent("ROUTINE_SCHEMA", catalog, "DATABASE()")
                .like("ROUTINE_NAME", namePattern)
                .append(" ORDER BY ROUTINE_SCHEMA, ROUTINE_NAME, SPECIFIC_NAME");
        return new MetaResultSet(MetaLayouts.PROCEDURES, sql.rows(connection));
    }

    @Override
    public MetaResultSet functions(String catalog, String schemaPattern, String namePattern) throws SQLException {
        // functionNoTable 1: a MySQL function returns one value
        CatalogSql sql = CatalogSql.mysql("""
                SELECT ROUTINE_SCHEMA, NULL, ROUTINE_NAME, ROUTINE_COMMENT, 1, SPECIFIC_NAME
                FROM information_schema.ROUTINES WHERE ROUTINE_TYPE = 'FUNCTION'""")
                .equalOrCurrent("ROUTINE_SCHEMA", catalog, "DATABASE()")
                .like("ROUTINE_NAME", namePattern)
                .append(" ORDER BY ROUTINE_SCHEMA, ROUTINE_NAME, SPECIFIC_NAME");
        return new MetaResultSet(MetaLayouts.FUNCTIONS, sql.rows(connection));
    }

    @Override
    public MetaResultSet routineColumns(
            String catalog, String schemaPattern, String namePattern, String columnPattern, boolean functions)
            throws SQLException {
        // the return value is the row with ordinal 0 and no name; IN 1, INOUT 2, OUT procedureColumnOut 4 or
        // functionColumnOut 3, return procedureColumnReturn 5 or functionReturn 4
        CatalogSql sql = CatalogSql.mysql("""
                SELECT SPECIFIC_SCHEMA, SPECIFIC_NAME, PARAMETER_NAME, PARAMETER_MODE, DATA_TYPE,
                  COALESCE(NUMERIC_PRECISION, CHARACTER_MAXIMUM_LENGTH), NUMERIC_SCALE, CHARACTER_OCTET_LENGTH,
                  ORDINAL_POSITION, DTD_IDENTIFIER
                FROM information_schema.PARAMETERS WHERE 1 = 1""")
                .append(functions ? " AND ROUTINE_TYPE = 'FUNCTION'" : "")
                .equalOrCurrent("SPECIFIC_SCHEMA", catalog, "DATABASE()")
                .like("SPECIFIC_NAME", namePattern)
                .like("COALESCE(PARAMETER_NAME, '')", columnPattern)
                .append(" ORDER BY SPECIFIC_SCHEMA, SPECIFIC_NAME, ORDINAL_POSITION");
        List<Object[]> rows = new ArrayList<>();
        for (Object[] raw : sql.rows(connection)) {
            String mode = raw[3] == null ? "RETURN" : (String) raw[3];
            // tinyint(1) is BOOLEAN, as for columns
            int dataType =
                    raw[9] != null && ((String) raw[9]).toLowerCase(Locale.ROOT).startsWith("tinyint(1)")
                            ? java.sql.Types.BOOLEAN
                            : MysqlColumns.jdbcType(((String) raw[4]).toLowerCase(Locale.ROOT));
            Long size = raw[5] == null ? null : Math.min(((Number) raw[5]).longValue(), Integer.MAX_VALUE);
            Long octets = raw[7] == null ? null : Math.min(((Number) raw[7]).longValue(), Integer.MAX_VALUE);
            if (functions) {
                int type =
                        switch (mode) {
                            case "IN" -> java.sql.DatabaseMetaData.functionColumnIn;
                            case "INOUT" -> java.sql.DatabaseMetaData.functionColumnInOut;
                            case "OUT" -> java.sql.DatabaseMetaData.functionColumnOut;
                            default -> java.sql.DatabaseMetaData.functionReturn;
                        };
                rows.add(new Object[] {
                    raw[0],
                    null,
                    raw[1],
                    raw[2],
                    type,
                    dataType,
                    raw[4],
                    size,
                    null,
                    raw[6],
                    10,
                    java.sql.DatabaseMetaData.functionNullableUnknown,
                    null,
                    octets,
                    raw[8],
                    "",
                    raw[1]
                });
            } else {
                int type =
                        switch (mode) {
                            case "IN" -> java.sql.DatabaseMetaData.procedureColumnIn;
                            case "INOUT" -> java.sql.DatabaseMetaData.procedureColumnInOut;
                            case "OUT" -> java.sql.DatabaseMetaData.procedureColumnOut;
                            default -> java.sql.DatabaseMetaData.procedureColumnReturn;
                        };
                rows.add(new Object[] {
                    raw[0],
                    null,
                    raw[1],
                    raw[2],
                    type,
                    dataType,
                    raw[4],
                    size,
                    size,
                    raw[6],
                    10,
                    java.sql.DatabaseMetaData.procedureNullableUnknown,
                    null,
                    null,
                    0,
                    0,
                    octets,
                    raw[8],
                    "",
                    raw[1]
                });
            }
        }
        return new MetaResultSet(functions ? MetaLayouts.FUNCTION_COLUMNS : MetaLayouts.PROCEDURE_COLUMNS, rows);
    }

    @Override
    public MetaResultSet tables(String catalog, String schemaPattern, String tablePattern, String[] types)
            throws SQLException {
        CatalogSql sql = CatalogSql.mysql("SELECT * FROM (SELECT TABLE_SCHEMA AS cat, NULL AS s, TABLE_NAME AS name, "
                        + TABLE_TYPE
                        + " AS table_type, TABLE_COMMENT, NULL AS a, NULL AS b, NULL AS c, NULL AS d, NULL AS e"
                        + " FROM information_schema.TABLES WHERE 1 = 1")
                .equalOrCurrent("TABLE_SCHEMA", catalog, "DATABASE()")
                .like("TABLE_NAME", tablePattern)
                .append(") t WHERE 1 = 1");
        if (types != null) {
            sql.append(" AND table_type IN (");
            for (int i = 0; i < types.length; i++) {
                sql.append(i == 0 ? "" : ", ").param(types[i]);
            }
            sql.append(types.length == 0 ? "NULL)" : ")");
        }
        sql.append(" ORDER BY table_type, cat, name");
        return new MetaResultSet(MetaLayouts.TABLES, sql.rows(connection));
    }

    @Override
    public MetaResultSet schemas(String catalog, String schemaPattern) {
        return MetaResultSet.empty(MetaLayouts.SCHEMAS);
    }

    @Override
    public MetaResultSet catalogs() throws SQLException {
        return new MetaResultSet(
                MetaLayouts.CATALOGS,
                CatalogSql.run(connection, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA ORDER BY SCHEMA_NAME"));
    }

    @Override
    public MetaResultSet tableTypes() {
        List<Object[]> rows = new ArrayList<>();
        TABLE_TYPES.forEach(type -> rows.add(new Object[] {type}));
        return new MetaResultSet(MetaLayouts.TABLE_TYPES, rows);
    }

    @Override
    public MetaResultSet columns(String catalog, String schemaPattern, String tablePattern, String columnPattern)
            throws SQLException {
        return MysqlColumns.read(
                connection,
                CatalogSql.mysql(MysqlColumns.SELECT)
                        .equalOrCurrent("TABLE_SCHEMA", catalog, "DATABASE()")
                        .like("TABLE_NAME", tablePattern)
                        .like("COLUMN_NAME", columnPattern));
    }

    @Override
    public MetaResultSet primaryKeys(String catalog, String schema, String table) throws SQLException {
        CatalogSql sql = CatalogSql.mysql("""
                SELECT TABLE_SCHEMA, NULL, TABLE_NAME, COLUMN_NAME, SEQ_IN_INDEX, INDEX_NAME
                FROM information_schema.STATISTICS WHERE INDEX_NAME = 'PRIMARY'""")
                .equalOrCurrent("TABLE_SCHEMA", catalog, "DATABASE()")
                .equal("TABLE_NAME", table)
                .append(" ORDER BY COLUMN_NAME");
        return new MetaResultSet(MetaLayouts.PRIMARY_KEYS, sql.rows(connection));
    }

    @Override
    public MetaResultSet keys(
            String pkCatalog,
            String pkSchema,
            String pkTable,
            String fkCatalog,
            String fkSchema,
            String fkTable,
            boolean orderByForeignTable)
            throws SQLException {
        CatalogSql sql = CatalogSql.mysql("SELECT k.REFERENCED_TABLE_SCHEMA, NULL, k.REFERENCED_TABLE_NAME,"
                        + " k.REFERENCED_COLUMN_NAME, k.TABLE_SCHEMA, NULL, k.TABLE_NAME, k.COLUMN_NAME, k.ORDINAL_POSITION, "
                        + RULE.formatted("r.UPDATE_RULE") + ", " + RULE.formatted("r.DELETE_RULE")
                        + ", k.CONSTRAINT_NAME, r.UNIQUE_CONSTRAINT_NAME, 7"
                        + """
                 FROM information_schema.KEY_COLUMN_USAGE k
                JOIN information_schema.REFERENTIAL_CONSTRAINTS r ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA
                  AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME AND r.TABLE_NAME = k.TABLE_NAME
                WHERE k.REFERENCED_TABLE_NAME IS NOT NULL""")
                .equalOrCurrent("k.REFERENCED_TABLE_SCHEMA", pkCatalog, "DATABASE()")
                .equal("k.REFERENCED_TABLE_NAME", pkTable)
                .equalOrCurrent("k.TABLE_SCHEMA", fkCatalog, "DATABASE()")
                .equal("k.TABLE_NAME", fkTable)
                .append(
                        orderByForeignTable
                                ? " ORDER BY BINARY k.TABLE_SCHEMA, BINARY k.TABLE_NAME, 12, 9"
                                : " ORDER BY BINARY k.REFERENCED_TABLE_SCHEMA, BINARY k.REFERENCED_TABLE_NAME, 12, 9");
        return new MetaResultSet(MetaLayouts.KEYS, sql.rows(connection));
    }

    @Override
    public MetaResultSet indexInfo(String catalog, String schema, String table, boolean unique, boolean approximate)
            throws SQLException {
        // CARDINALITY is the server's estimate whatever "approximate" asks; PAGES is not known
        CatalogSql sql = CatalogSql.mysql("""
                SELECT TABLE_SCHEMA, NULL, TABLE_NAME, NON_UNIQUE, TABLE_SCHEMA, INDEX_NAME,
                  IF(INDEX_TYPE = 'HASH', 2, 3) AS type, SEQ_IN_INDEX, COLUMN_NAME, COLLATION, CARDINALITY, NULL, NULL
                FROM information_schema.STATISTICS WHERE 1 = 1""")
                .equalOrCurrent("TABLE_SCHEMA", catalog, "DATABASE()")
                .equal("TABLE_NAME", table)
                .append(unique ? " AND NON_UNIQUE = 0" : "")
                .append(" ORDER BY NON_UNIQUE, type, INDEX_NAME, SEQ_IN_INDEX");
        return new MetaResultSet(MetaLayouts.INDEX_INFO, sql.rows(connection));
    }

    @Override
    public MetaResultSet bestRowIdentifier(String catalog, String schema, String table, int scope) throws SQLException {
        return MysqlRowIdentifiers.bestRow(
                connection,
                CatalogSql.mysql(MysqlRowIdentifiers.SELECT)
                        .equalOrCurrent("TABLE_SCHEMA", catalog, "DATABASE()")
                        .equal("TABLE_NAME", table));
    }

    @Override
    public MetaResultSet versionColumns(String catalog, String schema, String table) throws SQLException {
        return MysqlRowIdentifiers.versionColumns(
                connection,
                CatalogSql.mysql(MysqlRowIdentifiers.SELECT)
                        .equalOrCurrent("TABLE_SCHEMA", catalog, "DATABASE()")
                        .equal("TABLE_NAME", table));
    }

    @Override
    public MetaResultSet tablePrivileges(String catalog, String schemaPattern, String tablePattern)
            throws SQLException {
        return MysqlPrivileges.tables(
                connection,
                CatalogSql.mysql(MysqlPrivileges.TABLES)
                        .equalOrCurrent("TABLE_SCHEMA", catalog, "DATABASE()")
                        .like("TABLE_NAME", tablePattern));
    }

    @Override
    public MetaResultSet columnPrivileges(String catalog, String schema, String table, String columnPattern)
            throws SQLException {
        return MysqlPrivileges.columns(
                connection,
                CatalogSql.mysql(MysqlPrivileges.COLUMNS)
                        .equalOrCurrent("TABLE_SCHEMA", catalog, "DATABASE()")
                        .equal("TABLE_NAME", table)
                        .like("COLUMN_NAME", columnPattern));
    }

    /** Always empty: MySQL and MariaDB have no user-defined types. */
    @Override
    public MetaResultSet udts(String catalog, String schemaPattern, String typePattern, int[] types) {
        return MetaResultSet.empty(MetaLayouts.UDTS);
    }

    @Override
    public MetaResultSet typeInfo() {
        return MysqlTypeInfo.read(connection.serverInfo());
    }

    /** The server's keywords ({@code information_schema.KEYWORDS}, MariaDB 10.6+ and MySQL 8) not in SQL:2003. */
    @Override
    public String keywords() throws SQLException {
        Set<String> standard = new HashSet<>(Arrays.asList(Sql2003Keywords.WORDS));
        StringJoiner joined = new StringJoiner(",");
        for (Object[] row : CatalogSql.run(connection, "SELECT WORD FROM information_schema.KEYWORDS ORDER BY WORD")) {
            String word = ((String) row[0]).toLowerCase(Locale.ROOT);
            if (!standard.contains(word)) {
                joined.add(word);
            }
        }
        return joined.toString();
    }

    @Override
    public int maxConnections() throws SQLException {
        return ((Number) CatalogSql.run(connection, "SELECT @@max_connections").getFirst()[0]).intValue();
    }

    @Override
    public int defaultTransactionIsolation() throws SQLException {
        String variable = "transaction_isolation";
        List<Object[]> rows;
        try {
            rows = CatalogSql.run(connection, "SELECT @@GLOBAL.transaction_isolation");
        } catch (SQLException e) {
            // MariaDB before 11.1 and MySQL before 5.7.20 name it tx_isolation
            rows = CatalogSql.run(connection, "SELECT @@GLOBAL.tx_isolation");
        }
        return CatalogQueries.isolationLevel(String.valueOf(rows.getFirst()[0]));
    }

    /** {@code @@lower_case_table_names}: 0, 1 or 2. */
    int lowerCaseTableNames() throws SQLException {
        return ((Number) CatalogSql.run(connection, "SELECT @@lower_case_table_names")
                        .getFirst()[0])
                .intValue();
    }
}
