package io.sluice.jdbc.metadata;

import static io.sluice.jdbc.metadata.MetaDataComparison.assertSameRows;
import static io.sluice.jdbc.metadata.MetaDataComparison.assertSameRowsInAnyOrder;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Sluice;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link SluiceDatabaseMetaData} on MariaDB against MariaDB Connector/J's {@link DatabaseMetaData} on the same
 * schema ({@code mysql-schema.sql}: databases {@code jdbcmeta_my} and {@code jdbcmeta_myx}). Every difference
 * allowed here is listed, with its reason, in sluice-jdbc/README-METADATA.md.
 */
class MysqlMetaDataTest {

    private static final String DATABASE = "jdbcmeta_my";
    private static final String OTHER_DATABASE = "jdbcmeta_myx";
    private static final List<String> TABLES =
            List.of("all_types", "customer", "order_header", "order_line", "customer_names", "invoice_seq");
    private static final List<String> OTHER_TABLES = List.of("a_b", "axb");

    private static io.sluice.Connection nativeConnection;
    private static Connection referenceConnection;
    private static DatabaseMetaData reference;
    private static SluiceDatabaseMetaData ours;

    @BeforeAll
    static void createSchema() throws Exception {
        nativeConnection = Sluice.connect("mysql://root@127.0.0.1:3306/mysql");
        nativeConnection.executeScript(PgMetaDataTest.script("mysql-schema.sql"));
        referenceConnection = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:3306/jdbcmeta_my?user=root");
        reference = referenceConnection.getMetaData();
        ours = new SluiceDatabaseMetaData(null, nativeConnection, "jdbc:sluice:mysql://127.0.0.1:3306/mysql", "root");
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        if (nativeConnection != null) {
            nativeConnection.executeScript("DROP DATABASE IF EXISTS jdbcmeta_my; DROP DATABASE IF EXISTS jdbcmeta_myx;"
                    + " DROP USER IF EXISTS 'jdbcmeta_reader'@'%'");
            nativeConnection.close();
        }
        if (referenceConnection != null) {
            referenceConnection.close();
        }
    }

    @Test
    void shouldListTablesLikeConnectorJ() throws SQLException {
        for (String database : List.of(DATABASE, OTHER_DATABASE)) {
            assertSameRows(
                    "tables " + database,
                    reference.getTables(database, null, "%", null),
                    ours.getTables(database, null, "%", null),
                    MetaLayouts.TABLES,
                    Set.of());
        }
        String[] types = {"TABLE", "VIEW"};
        assertSameRows(
                "tables by type",
                reference.getTables(DATABASE, null, null, types),
                ours.getTables(DATABASE, null, null, types),
                MetaLayouts.TABLES,
                Set.of());
        assertSameRows(
                "tables by pattern",
                reference.getTables(DATABASE, null, "order%", null),
                ours.getTables(DATABASE, null, "order%", null),
                MetaLayouts.TABLES,
                Set.of());
        assertSameRows(
                "tables in every database",
                reference.getTables(null, null, "%", new String[] {"TABLE"}),
                ours.getTables(null, null, "%", new String[] {"TABLE"}),
                MetaLayouts.TABLES,
                Set.of(),
                row -> row.get(0).startsWith("jdbcmeta_"));
    }

    @Test
    void shouldDescribeTheSystemDatabasesLikeConnectorJ() throws SQLException {
        for (String database : List.of("mysql", "sys", "information_schema")) {
            assertSameRows(
                    "system tables " + database,
                    reference.getTables(database, null, "%", null),
                    ours.getTables(database, null, "%", null),
                    MetaLayouts.TABLES,
                    Set.of());
            assertSameRows(
                    "system columns " + database,
                    reference.getColumns(database, null, "%", "%"),
                    ours.getColumns(database, null, "%", "%"),
                    MetaLayouts.COLUMNS,
                    Set.of());
        }
        // Connector/J lists routines in the server's order, Sluice sorted by name: see README-METADATA.md
        assertSameRowsInAnyOrder(
                "system routines",
                reference.getProcedures("sys", null, "%"),
                ours.getProcedures("sys", null, "%"),
                MetaLayouts.PROCEDURES,
                Set.of(),
                row -> true);
        assertSameRowsInAnyOrder(
                "system functions",
                reference.getFunctions("sys", null, "%"),
                ours.getFunctions("sys", null, "%"),
                MetaLayouts.FUNCTIONS,
                Set.of(),
                row -> true);
        assertSameRowsInAnyOrder(
                "system procedure columns",
                reference.getProcedureColumns("sys", null, "%", "%"),
                ours.getProcedureColumns("sys", null, "%", "%"),
                MetaLayouts.PROCEDURE_COLUMNS,
                Set.of(),
                row -> true);
        assertThat(PgMetaDataTest.names(ours.getProcedures("sys", null, "%"), "PROCEDURE_NAME"))
                .isSorted();
        assertSameRows(
                "system indexes",
                reference.getIndexInfo("mysql", null, "user", false, true),
                ours.getIndexInfo("mysql", null, "user", false, true),
                MetaLayouts.INDEX_INFO,
                Set.of());
        assertSameRows(
                "system indexes",
                reference.getIndexInfo("mysql", null, "proc", false, true),
                ours.getIndexInfo("mysql", null, "proc", false, true),
                MetaLayouts.INDEX_INFO,
                Set.of());
    }

    @Test
    void shouldReadAnEmptyCatalogAsTheCurrentDatabaseAndNullAsEveryDatabase() throws Exception {
        try (io.sluice.Connection inDatabase = Sluice.connect("mysql://root@127.0.0.1:3306/jdbcmeta_my")) {
            SluiceDatabaseMetaData current = new SluiceDatabaseMetaData(null, inDatabase, "jdbc:sluice:mysql:", "root");
            for (String catalog : new String[] {"", null}) {
                assertSameRows(
                        "tables in catalog [" + catalog + "]",
                        reference.getTables(catalog, null, "customer%", null),
                        current.getTables(catalog, null, "customer%", null),
                        MetaLayouts.TABLES,
                        Set.of(),
                        row -> row.get(0).startsWith("jdbcmeta_"));
                assertSameRows(
                        "primary keys in catalog [" + catalog + "]",
                        reference.getPrimaryKeys(catalog, null, "customer"),
                        current.getPrimaryKeys(catalog, null, "customer"),
                        MetaLayouts.PRIMARY_KEYS,
                        Set.of(),
                        row -> row.get(0).startsWith("jdbcmeta_"));
            }
        }
        assertThat(PgMetaDataTest.names(ours.getTables("", null, "customer", null), "TABLE_NAME"))
                .as("the current database of a connection to mysql")
                .isEmpty();
    }

    @Test
    void shouldTreatUnderscoreAsWildcardUnlessEscaped() throws SQLException {
        // information_schema's collation puts "axb" first
        assertThat(PgMetaDataTest.names(ours.getTables(OTHER_DATABASE, null, "a_b", null), "TABLE_NAME"))
                .containsExactlyInAnyOrder("a_b", "axb");
        assertThat(PgMetaDataTest.names(ours.getTables(OTHER_DATABASE, null, "a\\_b", null), "TABLE_NAME"))
                .containsExactly("a_b");
    }

    @Test
    void shouldDescribeColumnsLikeConnectorJ() throws SQLException {
        for (String database : List.of(DATABASE, OTHER_DATABASE)) {
            assertSameRows(
                    "columns " + database,
                    reference.getColumns(database, null, "%", "%"),
                    ours.getColumns(database, null, "%", "%"),
                    MetaLayouts.COLUMNS,
                    Set.of());
        }
        assertSameRows(
                "columns by pattern",
                reference.getColumns(DATABASE, null, "all\\_types", "c\\_time%"),
                ours.getColumns(DATABASE, null, "all\\_types", "c\\_time%"),
                MetaLayouts.COLUMNS,
                Set.of());
    }

    @Test
    void shouldFindKeysAndIndexesLikeConnectorJ() throws SQLException {
        for (String database : List.of(DATABASE, OTHER_DATABASE)) {
            for (String table : database.equals(DATABASE) ? TABLES : OTHER_TABLES) {
                String at = database + "." + table;
                assertSameRows(
                        "primary key " + at,
                        reference.getPrimaryKeys(database, null, table),
                        ours.getPrimaryKeys(database, null, table),
                        MetaLayouts.PRIMARY_KEYS,
                        Set.of());
                assertSameRows(
                        "imported keys " + at,
                        reference.getImportedKeys(database, null, table),
                        ours.getImportedKeys(database, null, table),
                        MetaLayouts.KEYS,
                        Set.of());
                assertSameRows(
                        "exported keys " + at,
                        reference.getExportedKeys(database, null, table),
                        ours.getExportedKeys(database, null, table),
                        MetaLayouts.KEYS,
                        Set.of());
                for (boolean unique : new boolean[] {false, true}) {
                    assertSameRows(
                            "indexes " + at + " unique=" + unique,
                            reference.getIndexInfo(database, null, table, unique, true),
                            ours.getIndexInfo(database, null, table, unique, true),
                            MetaLayouts.INDEX_INFO,
                            Set.of());
                }
            }
        }
        for (String table : List.of("order_line", "customer", "all_types")) {
            assertSameRows(
                    "best row identifier " + table,
                    reference.getBestRowIdentifier(DATABASE, null, table, DatabaseMetaData.bestRowSession, true),
                    ours.getBestRowIdentifier(DATABASE, null, table, DatabaseMetaData.bestRowSession, true),
                    MetaLayouts.BEST_ROW_IDENTIFIER,
                    Set.of());
        }
        assertSameRows(
                "cross reference",
                reference.getCrossReference(DATABASE, null, "order_header", DATABASE, null, "order_line"),
                ours.getCrossReference(DATABASE, null, "order_header", DATABASE, null, "order_line"),
                MetaLayouts.KEYS,
                Set.of());
    }

    @Test
    void shouldListCatalogsLikeConnectorJ() throws SQLException {
        assertSameRows(
                "catalogs",
                reference.getCatalogs(),
                ours.getCatalogs(),
                MetaLayouts.CATALOGS,
                Set.of(),
                row -> row.get(0).startsWith("jdbcmeta_")
                        || !row.get(0).contains("_")
                        || row.get(0).endsWith("_schema"));
        assertSameRows("schemas", reference.getSchemas(), ours.getSchemas(), MetaLayouts.SCHEMAS, Set.of());
    }

    @Test
    void shouldListTableTypesLikeConnectorJPlusSequence() throws SQLException {
        List<String> referenceTypes = PgMetaDataTest.names(reference.getTableTypes(), "TABLE_TYPE");
        List<String> ourTypes = PgMetaDataTest.names(ours.getTableTypes(), "TABLE_TYPE");
        assertThat(ourTypes).containsAll(referenceTypes).contains("SEQUENCE").isSorted();
    }

    @Test
    void shouldListPrivilegesLikeConnectorJ() throws SQLException {
        assertSameRows(
                "table privileges",
                reference.getTablePrivileges(DATABASE, null, "%"),
                ours.getTablePrivileges(DATABASE, null, "%"),
                MetaLayouts.TABLE_PRIVILEGES,
                Set.of());
        assertSameRows(
                "column privileges",
                reference.getColumnPrivileges(DATABASE, null, "customer", "%"),
                ours.getColumnPrivileges(DATABASE, null, "customer", "%"),
                MetaLayouts.COLUMN_PRIVILEGES,
                Set.of());
    }

    @Test
    void shouldHaveNoUserDefinedTypes() throws SQLException {
        assertSameRows(
                "user-defined types",
                reference.getUDTs(DATABASE, null, "%", null),
                ours.getUDTs(DATABASE, null, "%", null),
                MetaLayouts.UDTS,
                Set.of());
    }

    @Test
    void shouldReportColumnsUpdatedOnEveryChangeAsVersionColumns() throws SQLException {
        // Connector/J reports none: see README-METADATA.md
        assertThat(PgMetaDataTest.names(ours.getVersionColumns(DATABASE, null, "customer"), "COLUMN_NAME"))
                .containsExactly("updated_at");
        assertThat(PgMetaDataTest.names(ours.getVersionColumns(DATABASE, null, "order_line"), "COLUMN_NAME"))
                .isEmpty();
    }

    @Test
    void shouldListRoutinesLikeConnectorJ() throws SQLException {
        assertSameRows(
                "functions",
                reference.getFunctions(DATABASE, null, "%"),
                ours.getFunctions(DATABASE, null, "%"),
                MetaLayouts.FUNCTIONS,
                Set.of());
        assertSameRows(
                "procedures",
                reference.getProcedures(DATABASE, null, "%"),
                ours.getProcedures(DATABASE, null, "%"),
                MetaLayouts.PROCEDURES,
                Set.of());
        assertSameRows(
                "procedure columns",
                reference.getProcedureColumns(DATABASE, null, "%", "%"),
                ours.getProcedureColumns(DATABASE, null, "%", "%"),
                MetaLayouts.PROCEDURE_COLUMNS,
                Set.of());
        assertSameRows(
                "function columns",
                reference.getFunctionColumns(DATABASE, null, "%", "%"),
                ours.getFunctionColumns(DATABASE, null, "%", "%"),
                MetaLayouts.FUNCTION_COLUMNS,
                Set.of());
    }

    @Test
    void shouldListTheSameTypeNamesAndCodesAsConnectorJ() throws SQLException {
        // the sizes, scales and flags are the servers' documented ones: see README-METADATA.md
        assertSameRows(
                "type info",
                reference.getTypeInfo(),
                ours.getTypeInfo(),
                MetaLayouts.TYPE_INFO,
                Set.of(
                        "PRECISION",
                        "CREATE_PARAMS",
                        "CASE_SENSITIVE",
                        "FIXED_PREC_SCALE",
                        "AUTO_INCREMENT",
                        "MINIMUM_SCALE",
                        "MAXIMUM_SCALE"));
        PgMetaDataTest.assertDataTypeOrder(ours.getTypeInfo());
    }

    @Test
    void shouldAnswerLikeConnectorJ() throws Exception {
        MetaDataAnswers.assertSameAnswers(reference, ours, DOCUMENTED_DIFFERENCES);
        assertThat(ours.getDatabaseProductName()).isEqualTo("MariaDB");
        assertThat(ours.supportsFullOuterJoins()).isFalse();
        assertThat(ours.nullsAreSortedLow()).isTrue();
        assertThat(ours.nullsAreSortedAtEnd()).isFalse();
        assertThat(ours.getSQLKeywords()).contains("auto_increment").doesNotContain("select");
        try (ResultSet limit = referenceConnection.createStatement().executeQuery("SELECT @@max_connections")) {
            limit.next();
            assertThat(ours.getMaxConnections()).isEqualTo(limit.getInt(1));
        }
    }

    /** Answers that differ from Connector/J's on purpose (README-METADATA.md says why). */
    static final Set<String> DOCUMENTED_DIFFERENCES = Set.of(
            "getDriverName",
            "getDriverVersion",
            "getDriverMajorVersion",
            "getDriverMinorVersion",
            "getURL",
            "getJDBCMinorVersion",
            "getNumericFunctions",
            "getStringFunctions",
            "getTimeDateFunctions",
            "supportsConvert",
            "supportsStoredFunctionsUsingCallSyntax",
            "getSQLKeywords",
            "nullsAreSortedAtEnd",
            "supportsFullOuterJoins",
            "supportsANSI92IntermediateSQL",
            "supportsANSI92FullSQL",
            "supportsExtendedSQLGrammar",
            "getMaxCatalogNameLength",
            "getMaxColumnsInTable",
            "getMaxCursorNameLength",
            "getMaxIndexLength",
            "getMaxRowSize",
            "getMaxTablesInSelect",
            "getMaxUserNameLength",
            "locatorsUpdateCopy",
            "getMaxConnections",
            "supportsDataDefinitionAndDataManipulationTransactions");
}
