package io.sluice.bench.pg;

import io.sluice.bench.Suite;
import io.sluice.bench.SuiteProvider;
import io.sluice.bench.mapping.MappingSuite;
import java.util.List;

/** The PostgreSQL suites: {@code pg-fetch}, {@code pg-point}, {@code pg-replay}, {@code pg-pipeline}, {@code pg-mapping}. */
public final class Suites implements SuiteProvider {
    @Override
    public List<Suite> suites() {
        return List.of(
                new PgFetchSuite(),
                new PgPointSuite(),
                new PgReplaySuite(),
                new PgPipelineSuite(),
                MappingSuite.postgres());
    }
}
