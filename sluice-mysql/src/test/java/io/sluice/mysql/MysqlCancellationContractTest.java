package io.sluice.mysql;

import io.sluice.CancellationContract;
import io.sluice.ServerUnderTest;

/** The shared cancellation contract against the real MariaDB server. */
class MysqlCancellationContractTest extends CancellationContract {
    @Override
    protected ServerUnderTest server() {
        return MysqlServerUnderTest.INSTANCE;
    }
}
