package io.sluice.postgres;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionContract.ColumnKind;
import io.sluice.ServerUnderTest;

/** The real PostgreSQL server of the test set-up, as the shared contracts see it. */
final class PgServerUnderTest implements ServerUnderTest {
    static final PgServerUnderTest INSTANCE = new PgServerUnderTest();

    private PgServerUnderTest() {}

    @Override
    public ConnectionConfig config() {
        return PgTestConfig.trust().build();
    }

    @Override
    public String placeholder(int index) {
        return "$" + index;
    }

    @Override
    public String columnType(ColumnKind kind) {
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

    @Override
    public String sleep(int seconds) {
        return "pg_sleep(" + seconds + ")";
    }

    @Override
    public String noticeSql(String text) {
        return "DO $$ BEGIN RAISE NOTICE '" + text + "'; END $$";
    }

    @Override
    public String runningStatementsSql() {
        return "SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND state = 'active' AND query LIKE $2";
    }

    @Override
    public boolean keepsConnectionWhenInterrupted() {
        return true;
    }
}
