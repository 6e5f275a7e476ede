package io.sluice.mysql;

import io.sluice.ConnectionConfig;
import io.sluice.QueryListenerContract;

/** The query listener contract against the real MariaDB server. */
class MysqlQueryListenerTest extends QueryListenerContract {
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
