package io.sluice.bench.http;

import io.sluice.bench.Suite;
import io.sluice.bench.SuiteProvider;
import java.util.List;

/** The HTTP service benchmarks (issue: sluice-json and the HTTP service benchmark). */
public final class Suites implements SuiteProvider {
    @Override
    public List<Suite> suites() {
        return List.of(new HttpJsonSuite());
    }
}
