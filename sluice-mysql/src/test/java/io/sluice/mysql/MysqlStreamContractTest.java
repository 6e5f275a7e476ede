package io.sluice.mysql;

import io.sluice.ServerUnderTest;
import io.sluice.StreamContract;

/** The shared stream contract against the real MariaDB server. */
class MysqlStreamContractTest extends StreamContract {
    @Override
    protected ServerUnderTest server() {
        return MysqlServerUnderTest.INSTANCE;
    }
}
