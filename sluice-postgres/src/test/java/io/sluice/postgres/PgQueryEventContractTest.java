package io.sluice.postgres;

import io.sluice.QueryEventContract;
import io.sluice.ServerUnderTest;

/** The shared JFR query-event contract against the real PostgreSQL server. */
class PgQueryEventContractTest extends QueryEventContract {
    @Override
    protected ServerUnderTest server() {
        return PgServerUnderTest.INSTANCE;
    }
}
