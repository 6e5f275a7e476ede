package io.sluice.postgres;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionContract;

/** The shared connection contract against the real PostgreSQL server. */
class PgConnectionContractTest extends ConnectionContract {
    @Override
    protected ConnectionConfig config() {
        return PgTestConfig.trust().build();
    }

    @Override
    protected String placeholder(int index) {
        return "$" + index;
    }

    @Override
    protected String columnType(ColumnKind kind) {
        return switch (kind) {
            case INT -> "int4";
            case BIGINT -> "int8";
            case TEXT -> "text";
            case DOUBLE -> "float8";
            case DECIMAL_10_2 -> "numeric(10,2)";
            case DECIMAL_30_10 -> "numeric(30,10)";
            case BOOLEAN -> "boolean";
            case DATE -> "date";
            case TIME -> "time";
            case TIMESTAMP -> "timestamp";
        };
    }
}
