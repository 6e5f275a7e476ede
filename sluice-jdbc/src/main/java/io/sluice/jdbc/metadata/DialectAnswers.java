package io.sluice.jdbc.metadata;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;

/**
 * The fixed answers of {@link DatabaseMetaData} about the SQL dialect (PostgreSQL or MySQL/MariaDB): identifier
 * rules, catalogs and schemas, the SQL the server accepts. Where a reference driver answers differently, the
 * answer here is the true one and the difference is listed in README-METADATA.md.
 *
 * <p>The function lists name the {@code {fn ...}} functions that work through {@link io.sluice.sql.Placeholders}'
 * escape rewriting: on PostgreSQL the ODBC names it maps (as pgjdbc does) and those PostgreSQL runs under the
 * same name; on MySQL/MariaDB, where {@code {fn}} passes through unchanged, the server's own functions.
 */
abstract sealed class DialectAnswers extends ServerAnswers permits SluiceDatabaseMetaData {

    /** Answers for the server whose {@link io.sluice.ServerInfo#product()} is {@code product}. */
    DialectAnswers(String product) {
        super(product);
    }

    /** MySQL's {@code lower_case_table_names}: 0 stored and compared as given, 1 lower case, 2 stored as given
     * but compared in lower case. Only asked on MySQL/MariaDB. */
    abstract int lowerCaseTableNames() throws SQLException;

    // ---- identifiers

    @Override
    public boolean supportsMixedCaseIdentifiers() throws SQLException {
        return !postgres && lowerCaseTableNames() == 0;
    }

    @Override
    public boolean storesUpperCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean storesLowerCaseIdentifiers() throws SQLException {
        return postgres || lowerCaseTableNames() == 1;
    }

    @Override
    public boolean storesMixedCaseIdentifiers() throws SQLException {
        return !postgres && lowerCaseTableNames() == 2;
    }

    @Override
    public boolean supportsMixedCaseQuotedIdentifiers() throws SQLException {
        return postgres || lowerCaseTableNames() == 0;
    }

    @Override
    public boolean storesUpperCaseQuotedIdentifiers() {
        return false;
    }

    @Override
    public boolean storesLowerCaseQuotedIdentifiers() throws SQLException {
        return !postgres && lowerCaseTableNames() == 1;
    }

    @Override
    public boolean storesMixedCaseQuotedIdentifiers() throws SQLException {
        return !postgres && lowerCaseTableNames() == 2;
    }

    @Override
    public String getIdentifierQuoteString() {
        return postgres ? "\"" : "`";
    }

    @Override
    public String getSearchStringEscape() {
        return "\\";
    }

    @Override
    public String getExtraNameCharacters() {
        return postgres ? "" : "#@";
    }

    @Override
    public String getSchemaTerm() {
        return "schema";
    }

    @Override
    public String getProcedureTerm() {
        return postgres ? "function" : "procedure";
    }

    @Override
    public String getCatalogTerm() {
        return "database";
    }

    @Override
    public boolean isCatalogAtStart() {
        return true;
    }

    @Override
    public String getCatalogSeparator() {
        return ".";
    }

    @Override
    public boolean supportsSchemasInDataManipulation() {
        return postgres;
    }

    @Override
    public boolean supportsSchemasInProcedureCalls() {
        return postgres;
    }

    @Override
    public boolean supportsSchemasInTableDefinitions() {
        return postgres;
    }

    @Override
    public boolean supportsSchemasInIndexDefinitions() {
        return postgres;
    }

    @Override
    public boolean supportsSchemasInPrivilegeDefinitions() {
        return postgres;
    }

    @Override
    public boolean supportsCatalogsInDataManipulation() {
        return !postgres;
    }

    @Override
    public boolean supportsCatalogsInProcedureCalls() {
        return !postgres;
    }

    @Override
    public boolean supportsCatalogsInTableDefinitions() {
        return !postgres;
    }

    @Override
    public boolean supportsCatalogsInIndexDefinitions() {
        return !postgres;
    }

    @Override
    public boolean supportsCatalogsInPrivilegeDefinitions() {
        return !postgres;
    }

    // ---- functions: what {fn ...} and {call ...} become (io.sluice.sql.JdbcEscapes)

    @Override
    public String getNumericFunctions() {
        return postgres ? EscapeFunctions.PG_NUMERIC : EscapeFunctions.MY_NUMERIC;
    }

    @Override
    public String getStringFunctions() {
        return postgres ? EscapeFunctions.PG_STRING : EscapeFunctions.MY_STRING;
    }

    @Override
    public String getSystemFunctions() {
        return postgres ? EscapeFunctions.PG_SYSTEM : EscapeFunctions.MY_SYSTEM;
    }

    @Override
    public String getTimeDateFunctions() {
        return postgres ? EscapeFunctions.PG_TIME_DATE : EscapeFunctions.MY_TIME_DATE;
    }

    /**
     * False on both servers: {@code {fn convert(value, type)}} passes through with the JDBC type name, which
     * neither PostgreSQL nor MySQL takes as a conversion target ({@code VARCHAR}, {@code SQL_VARCHAR}).
     */
    @Override
    public boolean supportsConvert() {
        return false;
    }

    @Override
    public boolean supportsConvert(int fromType, int toType) {
        return false;
    }

    /**
     * PostgreSQL: {@code {call f(...)}} becomes {@code SELECT * FROM f(...)}, which runs a function. MySQL:
     * it becomes {@code CALL f(...)}, which runs procedures only (a function runs through
     * {@code prepareCall("{? = call f(?)}")}, sent as {@code SELECT f(?)}).
     */
    @Override
    public boolean supportsStoredFunctionsUsingCallSyntax() {
        return postgres;
    }

    // ---- SQL the server accepts

    @Override
    public boolean allProceduresAreCallable() {
        return true;
    }

    @Override
    public boolean allTablesAreSelectable() {
        return true;
    }

    @Override
    public boolean nullsAreSortedHigh() {
        return postgres;
    }

    @Override
    public boolean nullsAreSortedLow() {
        return !postgres;
    }

    @Override
    public boolean nullsAreSortedAtStart() {
        return false;
    }

    @Override
    public boolean nullsAreSortedAtEnd() {
        return false;
    }

    @Override
    public boolean usesLocalFiles() {
        return false;
    }

    @Override
    public boolean usesLocalFilePerTable() {
        return false;
    }

    @Override
    public boolean supportsAlterTableWithAddColumn() {
        return true;
    }

    @Override
    public boolean supportsAlterTableWithDropColumn() {
        return true;
    }

    @Override
    public boolean supportsColumnAliasing() {
        return true;
    }

    @Override
    public boolean nullPlusNonNullIsNull() {
        return true;
    }

    @Override
    public boolean supportsTableCorrelationNames() {
        return true;
    }

    @Override
    public boolean supportsDifferentTableCorrelationNames() {
        return !postgres;
    }

    @Override
    public boolean supportsExpressionsInOrderBy() {
        return true;
    }

    @Override
    public boolean supportsOrderByUnrelated() {
        return true;
    }

    @Override
    public boolean supportsGroupBy() {
        return true;
    }

    @Override
    public boolean supportsGroupByUnrelated() {
        return true;
    }

    @Override
    public boolean supportsGroupByBeyondSelect() {
        return true;
    }

    @Override
    public boolean supportsLikeEscapeClause() {
        return true;
    }

    @Override
    public boolean supportsMultipleResultSets() {
        return true;
    }

    @Override
    public boolean supportsMultipleTransactions() {
        return true;
    }

    @Override
    public boolean supportsNonNullableColumns() {
        return true;
    }

    @Override
    public boolean supportsMinimumSQLGrammar() {
        return true;
    }

    @Override
    public boolean supportsCoreSQLGrammar() {
        return !postgres;
    }

    @Override
    public boolean supportsExtendedSQLGrammar() {
        return false;
    }

    @Override
    public boolean supportsANSI92EntryLevelSQL() {
        return true;
    }

    @Override
    public boolean supportsANSI92IntermediateSQL() {
        return false;
    }

    @Override
    public boolean supportsANSI92FullSQL() {
        return false;
    }

    @Override
    public boolean supportsIntegrityEnhancementFacility() {
        return true;
    }

    @Override
    public boolean supportsOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsFullOuterJoins() {
        // MariaDB and MySQL have no FULL OUTER JOIN
        return postgres;
    }

    @Override
    public boolean supportsLimitedOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsPositionedDelete() {
        return false;
    }

    @Override
    public boolean supportsPositionedUpdate() {
        return false;
    }

    @Override
    public boolean supportsSelectForUpdate() {
        return true;
    }

    @Override
    public boolean supportsStoredProcedures() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInComparisons() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInExists() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInIns() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInQuantifieds() {
        return true;
    }

    @Override
    public boolean supportsCorrelatedSubqueries() {
        return true;
    }

    @Override
    public boolean supportsUnion() {
        return true;
    }

    @Override
    public boolean supportsUnionAll() {
        return true;
    }
}
