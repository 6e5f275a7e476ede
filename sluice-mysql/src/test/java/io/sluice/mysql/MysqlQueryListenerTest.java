package io.sluice.mysql;

import io.sluice.ConnectionConfig;
import io.sluice.QueryListenerContract;
import io.sluice.ServerUnderTest;

/** The query listener contract against the real MariaDB server. */
class MysqlQueryListenerTest extends QueryListenerContract {
    @Override
    protected ServerUnderTest server() {
        return MysqlServerUnderTest.INSTANCE;
    }

    @Override
    protected ConnectionConfig config() {
        return MysqlTestSupport.root().build();
    }

    @Override
    protected String placeholder(int index) {
        return "?";
    }

    @Override
    protected String missingTableState() {
        return "42S02";
    }
}
