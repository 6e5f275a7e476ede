package io.sluice.jdbc.metadata;

import static io.sluice.jdbc.metadata.MetaDataComparison.assertSameRows;
import static io.sluice.jdbc.metadata.MetaDataComparison.assertSameRowsInAnyOrder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Sluice;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link SluiceDatabaseMetaData} on PostgreSQL against pgjdbc's {@link DatabaseMetaData} on the same schema
 * ({@code pg-schema.sql}: schemas {@code jdbcmeta_pg} and {@code jdbcmeta_pgx}). Every difference allowed here is
 * listed, with its reason, in sluice-jdbc/README-METADATA.md.
 */
class PgMetaDataTest {

    private static final String SCHEMA = "jdbcmeta_pg";
    private static final String OTHER_SCHEMA = "jdbcmeta_pgx";
    private static final List<String> TABLES =
            List.of("all_types", "customer", "order_header", "order_line", "customer_names", "order_count");
    private static final List<String> OTHER_TABLES = List.of("a_b", "axb", "MixedCase");

    private static io.sluice.Connection nativeConnection;
    private static Connection referenceConnection;
    private static DatabaseMetaData reference;
    private static SluiceDatabaseMetaData ours;

    @BeforeAll
    static void createSchema() throws Exception {
        nativeConnection = Sluice.connect("postgresql://postgres@127.0.0.1:5432/test?sslmode=disable");
        nativeConnection.executeScript(script("pg-schema.sql"));
        referenceConnection =
                DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test?user=postgres&sslmode=disable");
        reference = referenceConnection.getMetaData();
        ours = new SluiceDatabaseMetaData(
                null, nativeConnection, "jdbc:sluice:postgresql://127.0.0.1:5432/test?sslmode=disable", "postgres");
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        if (nativeConnection != null) {
            nativeConnection.executeScript("DROP SCHEMA IF EXISTS jdbcmeta_pg CASCADE;"
                    + " DROP SCHEMA IF EXISTS jdbcmeta_pgx CASCADE; DROP ROLE IF EXISTS jdbcmeta_reader");
            nativeConnection.close();
        }
        if (referenceConnection != null) {
            referenceConnection.close();
        }
    }

    static String script(String name) throws IOException {
        try (InputStream in = PgMetaDataTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void shouldListTablesLikePgjdbc() throws SQLException {
        for (String schema : List.of(SCHEMA, OTHER_SCHEMA)) {
            assertSameRows(
                    "tables " + schema,
                    reference.getTables(null, schema, "%", null),
                    ours.getTables(null, schema, "%", null),
                    MetaLayouts.TABLES,
                    Set.of());
        }
        String[] types = {"TABLE", "VIEW", "MATERIALIZED VIEW"};
        assertSameRows(
                "tables by type",
                reference.getTables("test", SCHEMA, null, types),
                ours.getTables("test", SCHEMA, null, types),
                MetaLayouts.TABLES,
                Set.of());
        assertSameRows(
                "tables by pattern",
                reference.getTables(null, "jdbcmeta\\_pg%", "order%", null),
                ours.getTables(null, "jdbcmeta\\_pg%", "order%", null),
                MetaLayouts.TABLES,
                Set.of());
    }

    @Test
    void shouldDescribeTheSystemCatalogsLikePgjdbc() throws SQLException {
        // pg_catalog and information_schema hold every kind of type: names, "char", vectors, arrays, domains
        for (String schema : List.of("pg_catalog", "information_schema")) {
            assertSameRows(
                    "system tables " + schema,
                    reference.getTables(null, schema, "%", null),
                    ours.getTables(null, schema, "%", null),
                    MetaLayouts.TABLES,
                    Set.of());
            // pgjdbc reports a domain's raw type modifier as its size (yes_or_no, a varchar(3), as 7): see
            // README-METADATA.md
            assertSameRows(
                    "system columns " + schema,
                    reference.getColumns(null, schema, "%", "%"),
                    ours.getColumns(null, schema, "%", "%"),
                    MetaLayouts.COLUMNS,
                    Set.of(),
                    row -> !row.get(5).contains("yes_or_no") && !row.get(5).contains("time_stamp"));
        }
        try (ResultSet column = ours.getColumns(null, "information_schema", "columns", "is_nullable")) {
            assertThat(column.next()).isTrue();
            assertThat(column.getInt("DATA_TYPE")).isEqualTo(Types.DISTINCT);
            assertThat(column.getInt("SOURCE_DATA_TYPE")).isEqualTo(Types.VARCHAR);
            assertThat(column.getInt("COLUMN_SIZE")).isEqualTo(3);
        }
        assertSameRows(
                "system functions",
                reference.getFunctions(null, "pg_catalog", "array%"),
                ours.getFunctions(null, "pg_catalog", "array%"),
                MetaLayouts.FUNCTIONS,
                Set.of());
        assertSameRows(
                "system function columns",
                reference.getFunctionColumns(null, "pg_catalog", "array%", "%"),
                ours.getFunctionColumns(null, "pg_catalog", "array%", "%"),
                MetaLayouts.FUNCTION_COLUMNS,
                Set.of());
        assertSameRows(
                "system procedure columns",
                reference.getProcedureColumns(null, "pg_catalog", "json%", "%"),
                ours.getProcedureColumns(null, "pg_catalog", "json%", "%"),
                MetaLayouts.PROCEDURE_COLUMNS,
                Set.of());
        assertSameRows(
                "system indexes",
                reference.getIndexInfo(null, "pg_catalog", "pg_class", false, true),
                ours.getIndexInfo(null, "pg_catalog", "pg_class", false, true),
                MetaLayouts.INDEX_INFO,
                Set.of());
    }

    @Test
    void shouldReadNullAndEmptySchemasAsAnySchemaLikePgjdbc() throws SQLException {
        for (String schema : new String[] {null, ""}) {
            assertSameRows(
                    "tables in schema [" + schema + "]",
                    reference.getTables(null, schema, "order\\_line", null),
                    ours.getTables(null, schema, "order\\_line", null),
                    MetaLayouts.TABLES,
                    Set.of(),
                    row -> row.get(1).startsWith("jdbcmeta_"));
            assertSameRows(
                    "columns in schema [" + schema + "]",
                    reference.getColumns("test", schema, "order\\_line", null),
                    ours.getColumns("test", schema, "order\\_line", null),
                    MetaLayouts.COLUMNS,
                    Set.of(),
                    row -> row.get(1).startsWith("jdbcmeta_"));
        }
    }

    @Test
    void shouldThrowSqlExceptionsWhenTheNativeConnectionFails() {
        io.sluice.Connection closed = Sluice.connect("postgresql://postgres@127.0.0.1:5432/test?sslmode=disable");
        SluiceDatabaseMetaData metaData = new SluiceDatabaseMetaData(null, closed, "jdbc:sluice:postgresql:", "x");
        closed.close();
        assertThatThrownBy(() -> metaData.getTables(null, null, "%", null))
                .isInstanceOf(SQLException.class)
                .hasCauseInstanceOf(io.sluice.SluiceException.class);
    }

    @Test
    void shouldReportItsOwnerAndVersions() throws SQLException {
        assertThat(ours.getConnection()).isNull();
        assertThat(ours.isReadOnly()).isFalse();
        assertThat(ours.getURL()).isEqualTo("jdbc:sluice:postgresql://127.0.0.1:5432/test?sslmode=disable");
        assertThat(ours.getUserName()).isEqualTo("postgres");
        assertThat(ours.getDatabaseProductVersion()).isEqualTo(reference.getDatabaseProductVersion());
        assertThat(SluiceDatabaseMetaData.versionPart("10.11.19-MariaDB-0+deb12u1", 1))
                .isEqualTo(10);
        assertThat(SluiceDatabaseMetaData.versionPart("10.11.19-MariaDB-0+deb12u1", 2))
                .isEqualTo(11);
        assertThat(SluiceDatabaseMetaData.versionPart("16beta1", 2)).isZero();
        assertThat(SluiceDatabaseMetaData.versionPart("", 1)).isZero();
        assertThat(ours.getDriverVersion()).isNotBlank();
        assertThat(ours.getDriverMajorVersion())
                .isEqualTo(SluiceDatabaseMetaData.versionPart(ours.getDriverVersion(), 1));
        assertThat(ours.unwrap(SluiceDatabaseMetaData.class)).isSameAs(ours);
        assertThatThrownBy(() -> ours.unwrap(String.class)).isInstanceOf(SQLException.class);
    }

    @Test
    void shouldTreatUnderscoreAsWildcardUnlessEscaped() throws SQLException {
        assertThat(names(ours.getTables(null, OTHER_SCHEMA, "a_b", null), "TABLE_NAME"))
                .containsExactly("a_b", "axb");
        assertThat(names(
                        ours.getTables(null, OTHER_SCHEMA, "a" + ours.getSearchStringEscape() + "_b", null),
                        "TABLE_NAME"))
                .containsExactly("a_b");
        assertThat(names(ours.getTables("no_such_database", OTHER_SCHEMA, "%", null), "TABLE_NAME"))
                .isEmpty();
    }

    @Test
    void shouldDescribeColumnsLikePgjdbc() throws SQLException {
        for (String schema : List.of(SCHEMA, OTHER_SCHEMA)) {
            assertSameRows(
                    "columns " + schema,
                    reference.getColumns(null, schema, "%", "%"),
                    ours.getColumns(null, schema, "%", "%"),
                    MetaLayouts.COLUMNS,
                    Set.of());
        }
        assertSameRows(
                "columns by pattern",
                reference.getColumns(null, SCHEMA, "all\\_types", "c\\_time%"),
                ours.getColumns(null, SCHEMA, "all\\_types", "c\\_time%"),
                MetaLayouts.COLUMNS,
                Set.of());
    }

    @Test
    void shouldFindKeysAndIndexesLikePgjdbc() throws SQLException {
        for (String schema : List.of(SCHEMA, OTHER_SCHEMA)) {
            for (String table : schema.equals(SCHEMA) ? TABLES : OTHER_TABLES) {
                String at = schema + "." + table;
                assertSameRows(
                        "primary key " + at,
                        reference.getPrimaryKeys(null, schema, table),
                        ours.getPrimaryKeys(null, schema, table),
                        MetaLayouts.PRIMARY_KEYS,
                        Set.of());
                assertSameRows(
                        "imported keys " + at,
                        reference.getImportedKeys(null, schema, table),
                        ours.getImportedKeys(null, schema, table),
                        MetaLayouts.KEYS,
                        Set.of());
                assertSameRows(
                        "exported keys " + at,
                        reference.getExportedKeys(null, schema, table),
                        ours.getExportedKeys(null, schema, table),
                        MetaLayouts.KEYS,
                        Set.of());
                for (boolean unique : new boolean[] {false, true}) {
                    assertSameRows(
                            "indexes " + at + " unique=" + unique,
                            reference.getIndexInfo(null, schema, table, unique, true),
                            ours.getIndexInfo(null, schema, table, unique, true),
                            MetaLayouts.INDEX_INFO,
                            Set.of());
                }
            }
        }
        for (String table : List.of("order_line", "customer", "all_types", "no_such_table")) {
            assertSameRows(
                    "best row identifier " + table,
                    reference.getBestRowIdentifier(null, SCHEMA, table, DatabaseMetaData.bestRowSession, true),
                    ours.getBestRowIdentifier(null, SCHEMA, table, DatabaseMetaData.bestRowSession, true),
                    MetaLayouts.BEST_ROW_IDENTIFIER,
                    Set.of());
        }
        assertSameRows(
                "version columns",
                reference.getVersionColumns(null, SCHEMA, "customer"),
                ours.getVersionColumns(null, SCHEMA, "customer"),
                MetaLayouts.VERSION_COLUMNS,
                Set.of());
        assertSameRows(
                "cross reference",
                reference.getCrossReference(null, SCHEMA, "order_header", null, SCHEMA, "order_line"),
                ours.getCrossReference(null, SCHEMA, "order_header", null, SCHEMA, "order_line"),
                MetaLayouts.KEYS,
                Set.of());
    }

    @Test
    void shouldListSchemasCatalogsAndTableTypesLikePgjdbc() throws SQLException {
        assertSameRows(
                "schemas",
                reference.getSchemas(),
                ours.getSchemas(),
                MetaLayouts.SCHEMAS,
                Set.of(),
                row -> row.get(0).startsWith("jdbcmeta_")
                        || !row.get(0).contains("_")
                        || row.get(0).equals("information_schema")
                        || row.get(0).equals("pg_catalog"));
        assertSameRows(
                "schemas by pattern",
                reference.getSchemas(null, "jdbcmeta%"),
                ours.getSchemas(null, "jdbcmeta%"),
                MetaLayouts.SCHEMAS,
                Set.of());
        assertSameRows("catalogs", reference.getCatalogs(), ours.getCatalogs(), MetaLayouts.CATALOGS, Set.of());
        assertSameRows(
                "table types", reference.getTableTypes(), ours.getTableTypes(), MetaLayouts.TABLE_TYPES, Set.of());
    }

    @Test
    void shouldListPrivilegesLikePgjdbc() throws SQLException {
        assertSameRows(
                "table privileges",
                reference.getTablePrivileges(null, SCHEMA, "%"),
                ours.getTablePrivileges(null, SCHEMA, "%"),
                MetaLayouts.TABLE_PRIVILEGES,
                Set.of());
        // pgjdbc leaves out what a table-level grant to another role gives each column, and lets a column grant
        // hide the table-level grant of the same privilege (here: column "name"): see README-METADATA.md
        assertSameRows(
                "column privileges",
                reference.getColumnPrivileges(null, SCHEMA, "customer", "%"),
                ours.getColumnPrivileges(null, SCHEMA, "customer", "%"),
                MetaLayouts.COLUMN_PRIVILEGES,
                Set.of(),
                row -> !row.get(3).equals("name") && !row.get(5).equals("jdbcmeta_reader"));
        assertThat(names(ours.getColumnPrivileges(null, SCHEMA, "customer", "code"), "GRANTEE"))
                .containsOnlyOnce("jdbcmeta_reader");
        assertThat(names(ours.getColumnPrivileges(null, SCHEMA, "customer", "name"), "PRIVILEGE"))
                .containsExactly(
                        "DELETE",
                        "INSERT",
                        "REFERENCES",
                        "SELECT",
                        "SELECT",
                        "TRIGGER",
                        "TRUNCATE",
                        "UPDATE",
                        "UPDATE");
    }

    @Test
    void shouldListRoutinesLikePgjdbc() throws SQLException {
        assertSameRows(
                "functions",
                reference.getFunctions(null, SCHEMA, "%"),
                ours.getFunctions(null, SCHEMA, "%"),
                MetaLayouts.FUNCTIONS,
                Set.of());
        // pgjdbc reports procedureReturnsResult for procedures, which return nothing: see README-METADATA.md
        assertSameRows(
                "procedures",
                reference.getProcedures(null, SCHEMA, "%"),
                ours.getProcedures(null, SCHEMA, "%"),
                MetaLayouts.PROCEDURES,
                Set.of("PROCEDURE_TYPE"));
        assertSameRows(
                "procedure columns",
                reference.getProcedureColumns(null, SCHEMA, "%", "%"),
                ours.getProcedureColumns(null, SCHEMA, "%", "%"),
                MetaLayouts.PROCEDURE_COLUMNS,
                Set.of());
        assertSameRows(
                "function columns",
                reference.getFunctionColumns(null, SCHEMA, "%", "%"),
                ours.getFunctionColumns(null, SCHEMA, "%", "%"),
                MetaLayouts.FUNCTION_COLUMNS,
                Set.of());
        // pgjdbc ignores the column pattern of getFunctionColumns: see README-METADATA.md
        assertThat(names(ours.getFunctionColumns(null, SCHEMA, "order%", "s%"), "COLUMN_NAME"))
                .containsExactly("sku");
        assertThat(names(ours.getProcedureColumns(null, SCHEMA, "add\\_one", "returnValue"), "COLUMN_NAME"))
                .containsExactly("returnValue");
        try (ResultSet procedures = ours.getProcedures(null, SCHEMA, "touch")) {
            assertThat(procedures.next()).isTrue();
            assertThat(procedures.getShort("PROCEDURE_TYPE")).isEqualTo((short) DatabaseMetaData.procedureNoResult);
        }
    }

    @Test
    void shouldListTypesLikePgjdbc() throws SQLException {
        // the order within one DATA_TYPE is pgjdbc's internal one, and pgjdbc answers two types by their name's
        // other meaning (an interval array, a name two types share): see README-METADATA.md
        assertSameRowsInAnyOrder(
                "type info",
                reference.getTypeInfo(),
                ours.getTypeInfo(),
                MetaLayouts.TYPE_INFO,
                Set.of(),
                row -> !Set.of("_interval", "_pg_user_mappings").contains(row.get(0)));
        assertDataTypeOrder(ours.getTypeInfo());
    }

    @Test
    void shouldListUserDefinedTypesLikePgjdbc() throws SQLException {
        for (int[] types : new int[][] {null, {Types.DISTINCT}, {Types.STRUCT, Types.JAVA_OBJECT}}) {
            assertSameRows(
                    "user-defined types",
                    reference.getUDTs(null, SCHEMA, "%", types),
                    ours.getUDTs(null, SCHEMA, "%", types),
                    MetaLayouts.UDTS,
                    Set.of());
        }
    }

    @Test
    void shouldAnswerLikePgjdbc() throws Exception {
        MetaDataAnswers.assertSameAnswers(reference, ours, PgMetaDataTest.DOCUMENTED_DIFFERENCES);
        assertThat(ours.getDatabaseProductName()).isEqualTo("PostgreSQL");
        assertThat(ours.storesLowerCaseIdentifiers()).isTrue();
        assertThat(ours.getDriverName()).isEqualTo("Sluice");
        try (ResultSet limit = referenceConnection.createStatement().executeQuery("SHOW max_connections")) {
            limit.next();
            assertThat(ours.getMaxConnections()).isEqualTo(limit.getInt(1));
        }
        assertThat(ours.getJDBCMajorVersion()).isEqualTo(4);
        assertThat(ours.getJDBCMinorVersion()).isEqualTo(3);
    }

    /** Answers that differ from pgjdbc's on purpose (README-METADATA.md says why). */
    static final Set<String> DOCUMENTED_DIFFERENCES = Set.of(
            "getDriverName",
            "getDriverVersion",
            "getDriverMajorVersion",
            "getDriverMinorVersion",
            "getURL",
            "getJDBCMinorVersion",
            "getStringFunctions",
            "getTimeDateFunctions",
            "supportsRefCursors",
            "getMaxConnections");

    @ParameterizedTest
    @ValueSource(
            strings = {"getSuperTypes", "getSuperTables", "getAttributes", "getClientInfoProperties", "getPseudoColumns"
            })
    void shouldAnswerUnprovidedReadsWithEmptyResultsInTheSpecifiedLayout(String method) throws Exception {
        try (ResultSet result = MetaDataAnswers.callWithNulls(ours, method)) {
            assertThat(result.next()).isFalse();
            assertThat(result.getMetaData().getColumnCount()).isPositive();
        }
    }

    static void assertDataTypeOrder(ResultSet types) throws SQLException {
        try (types) {
            int previous = Integer.MIN_VALUE;
            while (types.next()) {
                assertThat(types.getInt("DATA_TYPE"))
                        .as(types.getString("TYPE_NAME"))
                        .isGreaterThanOrEqualTo(previous);
                previous = types.getInt("DATA_TYPE");
            }
        }
    }

    static List<String> names(ResultSet result, String column) throws SQLException {
        try (result) {
            List<String> names = new java.util.ArrayList<>();
            while (result.next()) {
                names.add(result.getString(column));
            }
            return names;
        }
    }
}
