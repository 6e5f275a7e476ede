package io.sluice.postgres;

import io.sluice.ServerUnderTest;
import io.sluice.StreamContract;

/** The shared stream contract against the real PostgreSQL server. */
class PgStreamContractTest extends StreamContract {
    @Override
    protected ServerUnderTest server() {
        return PgServerUnderTest.INSTANCE;
    }
}
