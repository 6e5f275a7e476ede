package io.sluice.bench.orm;

import io.sluice.bench.Suite;
import io.sluice.bench.SuiteProvider;
import java.util.List;

/** The Hibernate ORM suites: {@code orm} (PostgreSQL) and {@code orm-mariadb}. */
public final class Suites implements SuiteProvider {
    @Override
    public List<Suite> suites() {
        return List.of(new OrmSuite(OrmTarget.POSTGRESQL), new OrmSuite(OrmTarget.MARIADB));
    }
}
