package io.sluice.mysql;

import io.sluice.ConnectionConfig;
import io.sluice.MappingContract;

/** Row mapping against the real MariaDB server. */
class MysqlMappingTest extends MappingContract {
    @Override
    protected ConnectionConfig config() {
        return MysqlTestSupport.root().build();
    }

    @Override
    protected String createTable(String name) {
        return "CREATE TEMPORARY TABLE " + name + " (user_id INT PRIMARY KEY, full_name TEXT, balance DECIMAL(10,2),"
                + " born DATE, seen DATETIME(6), visits BIGINT, active BOOLEAN, note TEXT)";
    }
}
