package io.sluice.mysql;

import io.sluice.BatchContract;
import io.sluice.ServerUnderTest;

/** The shared batch contract against the real MariaDB server. */
class MysqlBatchContractTest extends BatchContract {
    @Override
    protected ServerUnderTest server() {
        return MysqlServerUnderTest.INSTANCE;
    }
}
