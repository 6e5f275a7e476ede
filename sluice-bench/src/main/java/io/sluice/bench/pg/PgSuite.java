package io.sluice.bench.pg;

import io.sluice.bench.Cell;
import io.sluice.bench.JmhRunner;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import io.sluice.bench.Suite;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/** What the PostgreSQL suites share: the service, the baseline, which systems exist, running JMH. */
abstract class PgSuite implements Suite {
    static final String SLUICE_VIRTUAL = "sluice-virtual";

    @Override
    public Set<String> requiredServices() {
        return Set.of("postgres");
    }

    @Override
    public String baselineSystem() {
        return PgClients.PGJDBC;
    }

    /** True when the Sluice driver is on the class path; says so once per suite when it is not. */
    final boolean sluiceAvailable() {
        boolean available = SluiceClient.available();
        if (!available) {
            System.out.println(name() + ": no Sluice PostgreSQL driver on the class path; measuring the peers only");
        }
        return available;
    }

    /** Runs one JMH configuration and forwards its cells. */
    final void jmh(
            RunContext context,
            ResultSink sink,
            Class<?> benchmark,
            Map<String, List<String>> params,
            int threads,
            boolean virtual,
            String suffix,
            String caseParam,
            int port)
            throws Exception {
        jmh(context, sink, benchmark, params, threads, virtual, suffix, caseParam, port, cell -> true);
    }

    /** As above, forwarding only the cells that {@code keep} accepts. */
    final void jmh(
            RunContext context,
            ResultSink sink,
            Class<?> benchmark,
            Map<String, List<String>> params,
            int threads,
            boolean virtual,
            String suffix,
            String caseParam,
            int port,
            Predicate<Cell> keep)
            throws Exception {
        long start = System.nanoTime();
        List<Cell> cells = JmhRunner.run(
                name(),
                context,
                new JmhRunner.Run(
                        benchmark,
                        params,
                        threads,
                        virtual,
                        suffix,
                        caseParam,
                        Map.of(PgEndpoint.PORT_PROPERTY, Integer.toString(port))));
        System.out.printf(
                "  %s: %s %s threads=%d%s: %.1f s%n",
                name(),
                benchmark.getSimpleName(),
                params,
                threads,
                virtual ? " (virtual)" : "",
                (System.nanoTime() - start) / 1e9);
        cells.stream().filter(keep).forEach(sink::accept);
    }

    /** The systems measured with JMH: the peers, then Sluice if present. */
    static List<String> jmhSystems(boolean sluice, String... peers) {
        List<String> systems = new ArrayList<>(List.of(peers));
        if (sluice) {
            systems.add(PgClients.SLUICE);
        }
        return systems;
    }

    /** An ordered parameter map. */
    static Map<String, List<String>> params(Object... keyValues) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            @SuppressWarnings("unchecked")
            List<String> values = (List<String>) keyValues[i + 1];
            m.put((String) keyValues[i], values);
        }
        return m;
    }

    /** The systems that run against the live server: the peers, Sluice when its driver is built, pgbench when installed. */
    static Set<String> liveServerSystems() {
        Set<String> s = new LinkedHashSet<>(List.of(PgClients.PGJDBC, PgClients.VERTX));
        if (SluiceClient.available()) {
            s.add(PgClients.SLUICE);
            s.add(SLUICE_VIRTUAL);
        }
        if (Pgbench.executable() != null) {
            s.add(Pgbench.SYSTEM);
        }
        return s;
    }
}
