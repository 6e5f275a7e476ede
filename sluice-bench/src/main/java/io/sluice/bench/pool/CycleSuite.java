package io.sluice.bench.pool;

import io.sluice.bench.JmhRunner;
import io.sluice.bench.Mode;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import io.sluice.bench.Suite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code pool-cycle}: {@link PoolCycleBenchmark} in JMH at 1, 6 and 1,000 virtual threads (cell
 * parameter {@code vthreads}; JMH itself drives them from one thread) against a pool of 10,
 * HikariCP 7.1.0 over pgjdbc (baseline) and sluice-pool. Smoke mode runs only the 1,000-thread cells.
 */
final class CycleSuite implements Suite {
    static final String NAME = "pool-cycle";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> requiredServices() {
        return Set.of("postgres");
    }

    @Override
    public String baselineSystem() {
        return "hikaricp";
    }

    @Override
    public Set<String> systems() {
        return PoolEndpoint.sluiceAvailable() ? Set.of("hikaricp", "sluice-pool") : Set.of("hikaricp");
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        List<String> vthreads = context.mode() == Mode.SMOKE ? List.of("1000") : List.of("1", "6", "1000");
        JmhRunner.Run run = new JmhRunner.Run(PoolCycleBenchmark.class,
                Map.of("system", new ArrayList<>(systems()), "vthreads", vthreads), 1, false, "", null, Map.of());
        JmhRunner.run(NAME, context, run).forEach(sink::accept);
    }
}
