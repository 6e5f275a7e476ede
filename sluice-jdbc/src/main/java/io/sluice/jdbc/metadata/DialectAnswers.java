package io.sluice.jdbc.metadata;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;

/**
 * The fixed answers of {@link DatabaseMetaData}: what the SQL dialect accepts (PostgreSQL or MySQL/MariaDB),
 * and the server's limits. Where a reference driver answers differently, the answer here is the true one and
 * the difference is listed in README-METADATA.md.
 *
 * <p>{@code io.sluice.jdbc} translates no JDBC escapes ({@code {fn ...}}, {@code {call ...}}), so the function
 * lists are empty and CONVERT and the call syntax are not promised.
 */
abstract sealed class DialectAnswers extends DriverAnswers permits SluiceDatabaseMetaData {

    /** True for PostgreSQL, false for MySQL and MariaDB. */
    final boolean postgres;

    /** True for MariaDB (where it differs from MySQL). */
    final boolean mariadb;

    /** Answers for the server whose {@link io.sluice.ServerInfo#product()} is {@code product}. */
    DialectAnswers(String product) {
        this.postgres = "PostgreSQL".equals(product);
        this.mariadb = "MariaDB".equals(product);
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

    // ---- functions: io.sluice.jdbc translates no {fn ...} escapes, so it promises none

    @Override
    public String getNumericFunctions() {
        return "";
    }

    @Override
    public String getStringFunctions() {
        return "";
    }

    @Override
    public String getSystemFunctions() {
        return "";
    }

    @Override
    public String getTimeDateFunctions() {
        return "";
    }

    @Override
    public boolean supportsConvert() {
        return false;
    }

    @Override
    public boolean supportsConvert(int fromType, int toType) {
        return false;
    }

    @Override
    public boolean supportsStoredFunctionsUsingCallSyntax() {
        return false;
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

    // ---- transactions

    @Override
    public boolean supportsTransactions() {
        return true;
    }

    @Override
    public boolean supportsTransactionIsolationLevel(int level) {
        return level == Connection.TRANSACTION_READ_UNCOMMITTED || level == Connection.TRANSACTION_READ_COMMITTED
                || level == Connection.TRANSACTION_REPEATABLE_READ || level == Connection.TRANSACTION_SERIALIZABLE;
    }

    @Override
    public boolean supportsDataDefinitionAndDataManipulationTransactions() {
        // PostgreSQL runs DDL inside transactions; MySQL commits implicitly before and after DDL
        return postgres;
    }

    @Override
    public boolean supportsDataManipulationTransactionsOnly() {
        return false;
    }

    @Override
    public boolean dataDefinitionCausesTransactionCommit() {
        return !postgres;
    }

    @Override
    public boolean dataDefinitionIgnoredInTransactions() {
        return false;
    }

    @Override
    public boolean supportsOpenCursorsAcrossCommit() {
        return !postgres;
    }

    @Override
    public boolean supportsOpenCursorsAcrossRollback() {
        return !postgres;
    }

    @Override
    public boolean supportsOpenStatementsAcrossCommit() {
        return true;
    }

    @Override
    public boolean supportsOpenStatementsAcrossRollback() {
        return true;
    }

    // ---- limits: 0 means "no limit or unknown"; PostgreSQL's NAMEDATALEN - 1 is 63, MySQL's identifiers 64

    @Override
    public int getMaxBinaryLiteralLength() {
        return postgres ? 0 : Integer.MAX_VALUE;
    }

    @Override
    public int getMaxCharLiteralLength() {
        return postgres ? 0 : Integer.MAX_VALUE;
    }

    @Override
    public int getMaxColumnNameLength() {
        return postgres ? 63 : 64;
    }

    @Override
    public int getMaxColumnsInGroupBy() {
        return postgres ? 0 : 64;
    }

    @Override
    public int getMaxColumnsInIndex() {
        return postgres ? 32 : 16;
    }

    @Override
    public int getMaxColumnsInOrderBy() {
        return postgres ? 0 : 64;
    }

    @Override
    public int getMaxColumnsInSelect() {
        return postgres ? 0 : 32767;
    }

    @Override
    public int getMaxColumnsInTable() {
        return postgres ? 1600 : 4096;
    }

    @Override
    public int getMaxCursorNameLength() {
        return postgres ? 63 : 64;
    }

    @Override
    public int getMaxIndexLength() {
        return 0;
    }

    @Override
    public int getMaxSchemaNameLength() {
        return postgres ? 63 : 0;
    }

    @Override
    public int getMaxProcedureNameLength() {
        return postgres ? 63 : 64;
    }

    @Override
    public int getMaxCatalogNameLength() {
        return postgres ? 63 : 64;
    }

    @Override
    public int getMaxRowSize() {
        return postgres ? 1073741824 : 65535;
    }

    @Override
    public boolean doesMaxRowSizeIncludeBlobs() {
        return false;
    }

    @Override
    public int getMaxStatementLength() {
        return 0;
    }

    @Override
    public int getMaxStatements() {
        return 0;
    }

    @Override
    public int getMaxTableNameLength() {
        return postgres ? 63 : 64;
    }

    @Override
    public int getMaxTablesInSelect() {
        return postgres ? 0 : 61;
    }

    @Override
    public int getMaxUserNameLength() {
        return postgres ? 63 : mariadb ? 80 : 32;
    }

    @Override
    public long getMaxLogicalLobSize() {
        // MySQL's LONGBLOB and LONGTEXT hold up to 4 GiB; PostgreSQL's limit depends on the kind of LOB
        return postgres ? 0 : 4294967295L;
    }
}
