package io.sluice.mysql;

import io.sluice.ConnectionConfig;
import io.sluice.TransactionContract;

/** Nested transactions and savepoints against the real MariaDB server. */
class MysqlTransactionContractTest extends TransactionContract {
    @Override
    protected ConnectionConfig config() {
        return MysqlTestSupport.root().build();
    }

    @Override
    protected String placeholder(int index) {
        return "?";
    }
}
