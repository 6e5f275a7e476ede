package io.sluice.mysql;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionContract.ColumnKind;
import io.sluice.ServerUnderTest;

/** The real MariaDB server of the test set-up, as the shared contracts see it. */
final class MysqlServerUnderTest implements ServerUnderTest {
    static final MysqlServerUnderTest INSTANCE = new MysqlServerUnderTest();

    private MysqlServerUnderTest() {}

    @Override
    public ConnectionConfig config() {
        return MysqlTestSupport.root().build();
    }

    @Override
    public String placeholder(int index) {
        return "?";
    }

    @Override
    public String columnType(ColumnKind kind) {
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

    @Override
    public String sleep(int seconds) {
        return "SLEEP(" + seconds + ")";
    }

    /** MariaDB warns "Truncated incorrect INTEGER value: 'text'"; the driver reads it with SHOW WARNINGS. */
    @Override
    public String noticeSql(String text) {
        return "SELECT CAST('" + text + "' AS SIGNED)";
    }

    @Override
    public String runningStatementsSql() {
        return "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = ? AND INFO LIKE ?";
    }

    /** The driver's documented behaviour: the JDK closes the interrupted reader's socket. */
    @Override
    public boolean keepsConnectionWhenInterrupted() {
        return false;
    }
}
