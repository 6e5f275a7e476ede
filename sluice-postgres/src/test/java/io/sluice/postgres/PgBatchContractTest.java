package io.sluice.postgres;

import io.sluice.BatchContract;
import io.sluice.ServerUnderTest;

/** The shared batch contract against the real PostgreSQL server. */
class PgBatchContractTest extends BatchContract {
    @Override
    protected ServerUnderTest server() {
        return PgServerUnderTest.INSTANCE;
    }
}
