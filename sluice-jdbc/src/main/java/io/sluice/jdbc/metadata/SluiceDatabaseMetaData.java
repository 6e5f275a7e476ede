package io.sluice.jdbc.metadata;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link java.sql.DatabaseMetaData} for the Sluice JDBC driver, read from the server's own catalog over the
 * native connection: {@code pg_catalog} on PostgreSQL (the catalog is the current database, schemas are
 * namespaces), {@code information_schema} on MySQL and MariaDB (catalogs are databases, there are no schemas).
 * Results match pgjdbc's and MariaDB Connector/J's on the same schema, column by column, except for the
 * differences README-METADATA.md lists.
 *
 * <p>Costs: every method returning a {@link ResultSet} runs one catalog query on the native connection and
 * holds its rows in memory (the empty results of reads with no meaning here run none); the other methods
 * answer from constants, except {@link #getSQLKeywords}, {@link #getDefaultTransactionIsolation},
 * {@link #getMaxConnections} and the MySQL identifier-case answers, which ask the server (the last once per
 * instance). Not thread-safe beyond what the native connection allows.
 *
 * <p>Errors: a failing catalog query throws {@link SQLException} with the server's SQLSTATE and the
 * {@link io.sluice.SluiceException} as its cause.
 */
public final class SluiceDatabaseMetaData extends DialectAnswers implements SelfWrapper {

    /** The driver's version when the module or jar carries none (a build from the source tree). */
    static final String FALLBACK_DRIVER_VERSION = "0.1.0";

    private static final Pattern VERSION = Pattern.compile("(\\d+)(?:\\.(\\d+))?");

    private final Connection owner;
    private final io.sluice.Connection nativeConnection;
    private final String jdbcUrl;
    private final String userName;
    private final CatalogQueries queries;
    private int lowerCaseTableNames = -1;

    /**
     * Metadata for {@code nativeConnection}, which {@code owner} wraps.
     *
     * @param owner            the JDBC connection {@link #getConnection()} returns (may be null)
     * @param nativeConnection the connection the catalog queries run on
     * @param jdbcUrl          the URL {@link #getURL()} returns
     * @param userName         the user name {@link #getUserName()} returns
     */
    public SluiceDatabaseMetaData(
            Connection owner, io.sluice.Connection nativeConnection, String jdbcUrl, String userName) {
        super(Objects.requireNonNull(nativeConnection, "nativeConnection")
                .serverInfo()
                .product());
        this.owner = owner;
        this.nativeConnection = nativeConnection;
        this.jdbcUrl = jdbcUrl;
        this.userName = userName;
        this.queries = postgres ? new PgCatalogQueries(nativeConnection) : new MysqlCatalogQueries(nativeConnection);
    }

    @Override
    int lowerCaseTableNames() throws SQLException {
        if (lowerCaseTableNames < 0) {
            lowerCaseTableNames = ((MysqlCatalogQueries) queries).lowerCaseTableNames();
        }
        return lowerCaseTableNames;
    }

    // ---- identity

    @Override
    public Connection getConnection() {
        return owner;
    }

    @Override
    public String getURL() {
        return jdbcUrl;
    }

    @Override
    public String getUserName() {
        return userName;
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        return owner != null && owner.isReadOnly();
    }

    /** {@code PostgreSQL}, {@code MariaDB} or {@code MySQL}, as the server announced itself. */
    @Override
    public String getDatabaseProductName() {
        return nativeConnection.serverInfo().product();
    }

    @Override
    public String getDatabaseProductVersion() {
        return nativeConnection.serverInfo().version();
    }

    @Override
    public int getDatabaseMajorVersion() {
        return versionPart(getDatabaseProductVersion(), 1);
    }

    @Override
    public int getDatabaseMinorVersion() {
        return versionPart(getDatabaseProductVersion(), 2);
    }

    /** Always {@code Sluice}. */
    @Override
    public String getDriverName() {
        return "Sluice";
    }

    /** The sluice-jdbc module's version, from the module descriptor or the jar manifest when it has one. */
    @Override
    public String getDriverVersion() {
        Module module = SluiceDatabaseMetaData.class.getModule();
        if (module.isNamed() && module.getDescriptor().rawVersion().isPresent()) {
            return module.getDescriptor().rawVersion().get();
        }
        String manifest = SluiceDatabaseMetaData.class.getPackage().getImplementationVersion();
        return manifest != null ? manifest : FALLBACK_DRIVER_VERSION;
    }

    @Override
    public int getDriverMajorVersion() {
        return versionPart(getDriverVersion(), 1);
    }

    @Override
    public int getDriverMinorVersion() {
        return versionPart(getDriverVersion(), 2);
    }

    /** The {@code group}th number (1 major, 2 minor) at the start of {@code version}, 0 if absent. */
    static int versionPart(String version, int group) {
        Matcher matcher = VERSION.matcher(version == null ? "" : version);
        if (!matcher.lookingAt() || matcher.group(group) == null) {
            return 0;
        }
        return Integer.parseInt(matcher.group(group));
    }

    @Override
    public String getSQLKeywords() throws SQLException {
        return queries.keywords();
    }

    /** The server's {@code max_connections} setting. */
    @Override
    public int getMaxConnections() throws SQLException {
        return queries.maxConnections();
    }

    @Override
    public int getDefaultTransactionIsolation() throws SQLException {
        return queries.defaultTransactionIsolation();
    }

    // ---- catalog reads

    @Override
    public ResultSet getProcedures(String catalog, String schemaPattern, String procedureNamePattern)
            throws SQLException {
        return queries.procedures(catalog, schemaPattern, procedureNamePattern);
    }

    @Override
    public ResultSet getFunctions(String catalog, String schemaPattern, String functionNamePattern)
            throws SQLException {
        return queries.functions(catalog, schemaPattern, functionNamePattern);
    }

    @Override
    public ResultSet getProcedureColumns(
            String catalog, String schemaPattern, String procedureNamePattern, String columnNamePattern)
            throws SQLException {
        return queries.routineColumns(catalog, schemaPattern, procedureNamePattern, columnNamePattern, false);
    }

    @Override
    public ResultSet getFunctionColumns(
            String catalog, String schemaPattern, String functionNamePattern, String columnNamePattern)
            throws SQLException {
        return queries.routineColumns(catalog, schemaPattern, functionNamePattern, columnNamePattern, true);
    }

    @Override
    public ResultSet getTables(String catalog, String schemaPattern, String tableNamePattern, String[] types)
            throws SQLException {
        return queries.tables(catalog, schemaPattern, tableNamePattern, types);
    }

    @Override
    public ResultSet getSchemas() throws SQLException {
        return queries.schemas(null, null);
    }

    @Override
    public ResultSet getSchemas(String catalog, String schemaPattern) throws SQLException {
        return queries.schemas(catalog, schemaPattern);
    }

    @Override
    public ResultSet getCatalogs() throws SQLException {
        return queries.catalogs();
    }

    @Override
    public ResultSet getTableTypes() throws SQLException {
        return queries.tableTypes();
    }

    @Override
    public ResultSet getColumns(String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern)
            throws SQLException {
        return queries.columns(catalog, schemaPattern, tableNamePattern, columnNamePattern);
    }

    @Override
    public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
        return queries.primaryKeys(catalog, schema, table);
    }

    @Override
    public ResultSet getImportedKeys(String catalog, String schema, String table) throws SQLException {
        return queries.keys(null, null, null, catalog, schema, table, false);
    }

    @Override
    public ResultSet getExportedKeys(String catalog, String schema, String table) throws SQLException {
        return queries.keys(catalog, schema, table, null, null, null, true);
    }

    @Override
    public ResultSet getCrossReference(
            String parentCatalog,
            String parentSchema,
            String parentTable,
            String foreignCatalog,
            String foreignSchema,
            String foreignTable)
            throws SQLException {
        return queries.keys(
                parentCatalog, parentSchema, parentTable, foreignCatalog, foreignSchema, foreignTable, true);
    }

    @Override
    public ResultSet getIndexInfo(String catalog, String schema, String table, boolean unique, boolean approximate)
            throws SQLException {
        return queries.indexInfo(catalog, schema, table, unique, approximate);
    }

    @Override
    public ResultSet getBestRowIdentifier(String catalog, String schema, String table, int scope, boolean nullable)
            throws SQLException {
        // a primary key's columns are never null, so "nullable" excludes nothing
        return queries.bestRowIdentifier(catalog, schema, table, scope);
    }

    @Override
    public ResultSet getVersionColumns(String catalog, String schema, String table) throws SQLException {
        return queries.versionColumns(catalog, schema, table);
    }

    @Override
    public ResultSet getTablePrivileges(String catalog, String schemaPattern, String tableNamePattern)
            throws SQLException {
        return queries.tablePrivileges(catalog, schemaPattern, tableNamePattern);
    }

    @Override
    public ResultSet getColumnPrivileges(String catalog, String schema, String table, String columnNamePattern)
            throws SQLException {
        return queries.columnPrivileges(catalog, schema, table, columnNamePattern);
    }

    /** PostgreSQL domains (DISTINCT) and composite types (STRUCT); empty on MySQL and MariaDB. */
    @Override
    public ResultSet getUDTs(String catalog, String schemaPattern, String typeNamePattern, int[] types)
            throws SQLException {
        return queries.udts(catalog, schemaPattern, typeNamePattern, types);
    }

    @Override
    public ResultSet getTypeInfo() throws SQLException {
        return queries.typeInfo();
    }

    // ---- reads with no meaning for these servers: empty results in the specified layout

    /** Empty: no type hierarchies. */
    @Override
    public ResultSet getSuperTypes(String catalog, String schemaPattern, String typeNamePattern) {
        return MetaResultSet.empty(MetaLayouts.SUPER_TYPES);
    }

    /** Empty: no table hierarchies are reported. */
    @Override
    public ResultSet getSuperTables(String catalog, String schemaPattern, String tableNamePattern) {
        return MetaResultSet.empty(MetaLayouts.SUPER_TABLES);
    }

    /** Empty: no user-defined JDBC types, hence no attributes. */
    @Override
    public ResultSet getAttributes(
            String catalog, String schemaPattern, String typeNamePattern, String attributeNamePattern) {
        return MetaResultSet.empty(MetaLayouts.ATTRIBUTES);
    }

    /** Empty: the driver has no client info properties. */
    @Override
    public ResultSet getClientInfoProperties() {
        return MetaResultSet.empty(MetaLayouts.CLIENT_INFO_PROPERTIES);
    }

    /** Empty: no pseudo columns are reported. */
    @Override
    public ResultSet getPseudoColumns(
            String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern) {
        return MetaResultSet.empty(MetaLayouts.PSEUDO_COLUMNS);
    }
}
