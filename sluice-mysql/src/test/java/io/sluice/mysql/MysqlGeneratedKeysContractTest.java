package io.sluice.mysql;

import io.sluice.ConnectionConfig;
import io.sluice.GeneratedKeysContract;

/** Generated keys against the real MariaDB server. */
class MysqlGeneratedKeysContractTest extends GeneratedKeysContract {
    @Override
    protected ConnectionConfig config() {
        return MysqlTestSupport.root().build();
    }

    @Override
    protected String placeholder(int index) {
        return "?";
    }

    @Override
    protected String generatedKeyDefinition() {
        return "BIGINT AUTO_INCREMENT";
    }
}
