package io.sluice.mysql;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionContract;

/** The shared connection contract against the real MariaDB server. */
class MysqlConnectionContractTest extends ConnectionContract {
    @Override
    protected ConnectionConfig config() {
        return MysqlTestSupport.root().build();
    }

    @Override
    protected String placeholder(int index) {
        return "?";
    }

    @Override
    protected String columnType(ColumnKind kind) {
        return switch (kind) {
            case INT -> "INT";
            case BIGINT -> "BIGINT";
            case TEXT -> "TEXT";
            case DOUBLE -> "DOUBLE";
            case DECIMAL_10_2 -> "DECIMAL(10,2)";
            case DECIMAL_30_10 -> "DECIMAL(30,10)";
            case BOOLEAN -> "BOOLEAN";
            case DATE -> "DATE";
            case TIME -> "TIME(6)";
            case TIMESTAMP -> "DATETIME(6)";
        };
    }
}
