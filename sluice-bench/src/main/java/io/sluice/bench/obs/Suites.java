package io.sluice.bench.obs;

import io.sluice.bench.Suite;
import io.sluice.bench.SuiteProvider;
import java.util.List;

/** The observability suite: {@code obs-listener}. */
public final class Suites implements SuiteProvider {
    @Override
    public List<Suite> suites() {
        return List.of(new ListenerSuite());
    }
}
