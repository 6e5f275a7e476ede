package io.sluice.mysql;

import io.sluice.QueryEventContract;
import io.sluice.ServerUnderTest;

/** The shared JFR query-event contract against the real MariaDB server. */
class MysqlQueryEventContractTest extends QueryEventContract {
    @Override
    protected ServerUnderTest server() {
        return MysqlServerUnderTest.INSTANCE;
    }
}
