package io.sluice.postgres;

import io.sluice.ConnectionConfig;
import io.sluice.MappingContract;

/** Row mapping against the real PostgreSQL server. */
class PgMappingTest extends MappingContract {
    @Override
    protected ConnectionConfig config() {
        return PgTestConfig.trust().build();
    }

    @Override
    protected String createTable(String name) {
        return "CREATE TEMPORARY TABLE " + name + " (user_id int4 PRIMARY KEY, full_name text, balance numeric(10,2),"
                + " born date, seen timestamp, visits int8, active boolean, note text)";
    }
}
