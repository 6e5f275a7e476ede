package io.sluice.bench.kv;

import io.sluice.bench.Suite;
import io.sluice.bench.SuiteProvider;
import java.util.List;

/** The key-value store suites: {@code kv-seed}. */
public final class Suites implements SuiteProvider {
    @Override
    public List<Suite> suites() {
        return List.of(new KvSeedSuite());
    }
}
