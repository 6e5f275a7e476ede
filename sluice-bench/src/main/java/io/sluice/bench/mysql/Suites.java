package io.sluice.bench.mysql;

import io.sluice.bench.Suite;
import io.sluice.bench.SuiteProvider;
import java.util.List;

/** The MySQL/MariaDB suites: {@code mysql-fetch}, {@code mysql-point}, {@code mysql-drizzle}. */
public final class Suites implements SuiteProvider {
    @Override
    public List<Suite> suites() {
        return List.of(new MyFetchSuite(), new MyPointSuite(), new MyDrizzleSuite());
    }
}
