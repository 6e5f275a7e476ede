package io.sluice.mysql;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionContract;

/** The shared connection contract against the real MariaDB server. */
class MysqlConnectionContractTest extends ConnectionContract {
    @Override
    protected ConnectionConfig config() {
        return MysqlServerUnderTest.INSTANCE.config();
    }

    @Override
    protected String placeholder(int index) {
        return MysqlServerUnderTest.INSTANCE.placeholder(index);
    }

    @Override
    protected String columnType(ColumnKind kind) {
        return MysqlServerUnderTest.INSTANCE.columnType(kind);
    }
}
