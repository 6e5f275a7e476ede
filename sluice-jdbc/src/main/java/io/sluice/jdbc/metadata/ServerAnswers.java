package io.sluice.jdbc.metadata;

import java.sql.Connection;
import java.sql.DatabaseMetaData;

/**
 * The fixed answers of {@link DatabaseMetaData} about the server: how it runs transactions and how far its limits
 * go (0 where there is no limit or it is not known). Where a reference driver answers differently, the answer
 * here is the true one and the difference is listed in README-METADATA.md.
 */
abstract sealed class ServerAnswers extends DriverAnswers permits DialectAnswers {

    /** True for PostgreSQL, false for MySQL and MariaDB. */
    final boolean postgres;

    /** True for MariaDB (where it differs from MySQL). */
    final boolean mariadb;

    /** Answers for the server whose {@link io.sluice.ServerInfo#product()} is {@code product}. */
    ServerAnswers(String product) {
        this.postgres = "PostgreSQL".equals(product);
        this.mariadb = "MariaDB".equals(product);
    }

    // ---- transactions

    @Override
    public boolean supportsTransactions() {
        return true;
    }

    @Override
    public boolean supportsTransactionIsolationLevel(int level) {
        return level == Connection.TRANSACTION_READ_UNCOMMITTED
                || level == Connection.TRANSACTION_READ_COMMITTED
                || level == Connection.TRANSACTION_REPEATABLE_READ
                || level == Connection.TRANSACTION_SERIALIZABLE;
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
