package io.sluice.bench.orm;

import io.sluice.bench.Cell;
import io.sluice.bench.JmhRunner;
import io.sluice.bench.Mode;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import io.sluice.bench.Suite;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * {@code orm} (PostgreSQL) and {@code orm-mariadb}: {@link OrmBenchmark}'s Hibernate workload (cases
 * {@code load}, {@code find}, {@code insert}) on sluice-jdbc and on the server's reference JDBC driver
 * (the baseline), at 1 and 8 threads. sluice-jdbc is left out, with one line saying so, when no driver
 * on the class path takes its URLs.
 */
final class OrmSuite implements Suite {
    private static final double TARGET = 1.1;

    private final OrmTarget target;

    OrmSuite(OrmTarget target) {
        this.target = target;
    }

    @Override
    public String name() {
        return target == OrmTarget.POSTGRESQL ? "orm" : "orm-mariadb";
    }

    @Override
    public Set<String> requiredServices() {
        return Set.of(target == OrmTarget.POSTGRESQL ? "postgres" : "mariadb");
    }

    @Override
    public String baselineSystem() {
        return target.baseline;
    }

    @Override
    public Set<String> systems() {
        Set<String> systems = new LinkedHashSet<>(List.of(target.baseline));
        if (target.sluiceAvailable()) {
            systems.add(OrmTarget.SLUICE_JDBC);
        }
        return systems;
    }

    @Override
    public List<String> notes(List<Cell> cells) {
        List<String> lines = new ArrayList<>();
        for (Cell sluice : cells) {
            if (!sluice.system().equals(OrmTarget.SLUICE_JDBC) || !sluice.unit().equals("ops/s")) {
                continue;
            }
            cells.stream()
                    .filter(c -> c.system().equals(target.baseline)
                            && c.unit().equals("ops/s")
                            && c.name().equals(sluice.name())
                            && Objects.equals(c.params(), sluice.params()))
                    .findFirst()
                    .ifPresent(base -> {
                        double ratio = sluice.score() / base.score();
                        lines.add(String.format(
                                Locale.ROOT,
                                "sluice-jdbc vs %s, %s, threads=%s: %.2fx, target >= %.1fx%s",
                                target.baseline,
                                sluice.name(),
                                sluice.params().get("threads"),
                                ratio,
                                TARGET,
                                ratio >= TARGET ? "" : " (missed)"));
                    });
        }
        return lines;
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        target.ensureTable();
        Set<String> systems = systems();
        if (!systems.contains(OrmTarget.SLUICE_JDBC)) {
            System.out.println(name() + ": no driver takes jdbc:sluice: URLs on the class path; measuring "
                    + target.baseline + " only");
        }
        Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("system", List.copyOf(systems));
        params.put("server", List.of(target.name().toLowerCase(Locale.ROOT)));
        List<Integer> threads = context.mode() == Mode.SMOKE ? List.of(1) : List.of(1, 8);
        for (int t : threads) {
            long start = System.nanoTime();
            List<Cell> cells = JmhRunner.run(
                    name(), context, new JmhRunner.Run(OrmBenchmark.class, params, t, false, "", null, Map.of()));
            System.out.printf("  %s: threads=%d: %.1f s%n", name(), t, (System.nanoTime() - start) / 1e9);
            cells.forEach(sink::accept);
        }
    }
}
