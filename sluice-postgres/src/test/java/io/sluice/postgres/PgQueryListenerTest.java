package io.sluice.postgres;

import io.sluice.ConnectionConfig;
import io.sluice.QueryListenerContract;
import io.sluice.ServerUnderTest;

/** The query listener contract against the real PostgreSQL server. */
class PgQueryListenerTest extends QueryListenerContract {
    @Override
    protected ServerUnderTest server() {
        return PgServerUnderTest.INSTANCE;
    }

    @Override
    protected ConnectionConfig config() {
        return PgTestConfig.trust().build();
    }

    @Override
    protected String placeholder(int index) {
        return "$" + index;
    }

    @Override
    protected String missingTableState() {
        return "42P01";
    }
}
