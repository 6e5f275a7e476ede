package io.sluice.mysql;

import io.sluice.EdgeValueContract;
import io.sluice.ServerUnderTest;

/** The shared edge-value contract against the real MariaDB server. */
class MysqlEdgeValueContractTest extends EdgeValueContract {
    @Override
    protected ServerUnderTest server() {
        return MysqlServerUnderTest.INSTANCE;
    }
}
