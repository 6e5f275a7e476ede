package io.sluice.bench.jdbc;

import io.sluice.bench.Suite;
import io.sluice.bench.SuiteProvider;
import java.util.List;

/** The JDBC suites: {@code jdbc-fetch} and {@code jdbc-point}. */
public final class Suites implements SuiteProvider {
    @Override
    public List<Suite> suites() {
        return List.of(new JdbcFetchSuite(), new JdbcPointSuite());
    }
}
