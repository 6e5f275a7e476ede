package io.sluice.postgres;

import io.sluice.EdgeValueContract;
import io.sluice.ServerUnderTest;

/** The shared edge-value contract against the real PostgreSQL server. */
class PgEdgeValueContractTest extends EdgeValueContract {
    @Override
    protected ServerUnderTest server() {
        return PgServerUnderTest.INSTANCE;
    }
}
