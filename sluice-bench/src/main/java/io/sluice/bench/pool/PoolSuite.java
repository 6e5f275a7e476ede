package io.sluice.bench.pool;

import io.sluice.bench.Cell;
import io.sluice.bench.Suite;
import io.sluice.bench.report.RatioTable;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What the pool suites share: the PostgreSQL service, HikariCP (over pgjdbc) as the baseline,
 * sluice-pool when the Sluice driver is present, and reading the targets off the cells.
 */
abstract class PoolSuite implements Suite {
    static final String SLUICE_POOL = "sluice-pool";

    private final String name;
    private final String hikari;

    /** {@code hikari} is the suite's name for HikariCP over pgjdbc, its baseline. */
    PoolSuite(String name, String hikari) {
        this.name = name;
        this.hikari = hikari;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Set<String> requiredServices() {
        return Set.of("postgres");
    }

    @Override
    public final String baselineSystem() {
        return hikari;
    }

    /** The two pools, HikariCP first; sluice-pool only when a Sluice PostgreSQL driver is present. */
    final List<String> pools() {
        return PoolEndpoint.sluiceAvailable() ? List.of(hikari, SLUICE_POOL) : List.of(hikari);
    }

    @Override
    public Set<String> systems() {
        return new LinkedHashSet<>(pools());
    }

    /**
     * A target line: the worst ratio of sluice-pool over HikariCP among the {@code unit} cells that
     * {@code where} accepts ({@code >= 1} favours sluice-pool), or nothing if there are none.
     */
    final List<String> target(List<Cell> cells, String label, String unit, Predicate<Cell> where, double target) {
        double worst = Double.NaN;
        Object worstAt = null;
        int pairs = 0;
        for (Cell s : cells) {
            if (!s.system().equals(SLUICE_POOL) || !s.unit().equals(unit) || !where.test(s)) {
                continue;
            }
            for (Cell h : cells) {
                if (h.system().equals(hikari)
                        && h.unit().equals(unit)
                        && h.name().equals(s.name())
                        && h.params().equals(s.params())) {
                    double r = RatioTable.ratio(s, h);
                    if (!Double.isNaN(r)) {
                        pairs++;
                        if (Double.isNaN(worst) || r < worst) {
                            worst = r;
                            worstAt = s.name() + " " + s.params();
                        }
                    }
                }
            }
        }
        if (pairs == 0) {
            return List.of();
        }
        return List.of(String.format(
                Locale.ROOT,
                "%s: worst %.2fx HikariCP at %s over %d cells (target >= %.2fx): %s",
                label,
                worst,
                worstAt,
                pairs,
                target,
                worst >= target ? "met" : "MISSED"));
    }

    /** Whether a cell's parameter {@code key} equals {@code value}. */
    static Predicate<Cell> param(String key, Object value) {
        return c -> value.equals(c.params().get(key));
    }
}
