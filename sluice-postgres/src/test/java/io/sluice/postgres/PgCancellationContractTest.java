package io.sluice.postgres;

import io.sluice.CancellationContract;
import io.sluice.ServerUnderTest;

/** The shared cancellation contract against the real PostgreSQL server. */
class PgCancellationContractTest extends CancellationContract {
    @Override
    protected ServerUnderTest server() {
        return PgServerUnderTest.INSTANCE;
    }
}
