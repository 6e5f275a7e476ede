package io.sluice.postgres;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionContract;

/** The shared connection contract against the real PostgreSQL server. */
class PgConnectionContractTest extends ConnectionContract {
    @Override
    protected ConnectionConfig config() {
        return PgServerUnderTest.INSTANCE.config();
    }

    @Override
    protected String placeholder(int index) {
        return PgServerUnderTest.INSTANCE.placeholder(index);
    }

    @Override
    protected String columnType(ColumnKind kind) {
        return PgServerUnderTest.INSTANCE.columnType(kind);
    }
}
