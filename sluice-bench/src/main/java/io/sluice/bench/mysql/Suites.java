package io.sluice.bench.mysql;

import io.sluice.bench.Suite;
import io.sluice.bench.SuiteProvider;
import io.sluice.bench.mapping.MappingSuite;
import java.util.List;

/** The MySQL/MariaDB suites: {@code mysql-fetch}, {@code mysql-point}, {@code mysql-drizzle}, {@code mysql-mapping}. */
public final class Suites implements SuiteProvider {
    @Override
    public List<Suite> suites() {
        return List.of(new MyFetchSuite(), new MyPointSuite(), new MyDrizzleSuite(), MappingSuite.mariadb());
    }
}
