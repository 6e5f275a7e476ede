package io.sluice.postgres;

import io.sluice.ConnectionConfig;
import io.sluice.TransactionContract;

/** Nested transactions and savepoints against the real PostgreSQL server. */
class PgTransactionContractTest extends TransactionContract {
    @Override
    protected ConnectionConfig config() {
        return PgTestConfig.trust().build();
    }

    @Override
    protected String placeholder(int index) {
        return "$" + index;
    }
}
