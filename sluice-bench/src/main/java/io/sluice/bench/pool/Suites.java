package io.sluice.bench.pool;

import io.sluice.bench.Suite;
import io.sluice.bench.SuiteProvider;
import java.util.List;

/** The connection pool suites: {@code pool-connect}, {@code pool-cycle}, {@code pool-spike}. */
public final class Suites implements SuiteProvider {
    @Override
    public List<Suite> suites() {
        return List.of(new ConnectSuite(), new CycleSuite(), new SpikeSuite());
    }
}
