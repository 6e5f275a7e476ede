package io.sluice.bench.pg;

import io.sluice.bench.Cell;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Reads issue 6's targets off a suite's cells: for each pair of systems (or cases) it finds the cells
 * that share case and params, takes the worst ratio, and says whether the target holds.
 */
public final class Targets {
    private final List<Cell> cells;
    private final List<String> lines = new ArrayList<>();

    public Targets(List<Cell> cells) {
        this.cells = cells;
    }

    /**
     * The worst over matching cells of {@code a}'s score over {@code b}'s, oriented so above 1 favours
     * {@code a} (throughput: a/b; costs: b/a).
     */
    public Targets systems(String label, String unit, String caseName, String a, String b, double target) {
        return pairs(
                label,
                unit,
                c -> c.system().equals(a) && (caseName == null || c.name().equals(caseName)),
                c -> c.system().equals(b),
                target,
                false);
    }

    /** The worst ratio of {@code system}'s {@code caseA} over its {@code caseB} in the same params. */
    public Targets cases(String label, String system, String caseA, String caseB, double target) {
        return pairs(
                label,
                "ops/s",
                c -> c.system().equals(system) && c.name().equals(caseA),
                c -> c.system().equals(system) && c.name().equals(caseB),
                target,
                true);
    }

    public List<String> lines() {
        return lines;
    }

    private Targets pairs(
            String label, String unit, Predicate<Cell> isA, Predicate<Cell> isB, double target, boolean acrossCases) {
        double worst = Double.NaN;
        Map<String, Object> worstAt = null;
        int pairs = 0;
        for (Cell a : cells) {
            if (!a.unit().equals(unit) || !isA.test(a)) {
                continue;
            }
            for (Cell b : cells) {
                if (b == a
                        || !b.unit().equals(unit)
                        || !isB.test(b)
                        || !b.params().equals(a.params())
                        || (!acrossCases && !b.name().equals(a.name()))) {
                    continue;
                }
                if (!(a.score() > 0) || !(b.score() > 0)) {
                    continue;
                }
                double r = a.higherIsBetter() ? a.score() / b.score() : b.score() / a.score();
                pairs++;
                if (Double.isNaN(worst) || r < worst) {
                    worst = r;
                    worstAt = a.params();
                }
            }
        }
        if (pairs == 0) {
            return this;
        }
        lines.add(String.format(
                Locale.ROOT,
                "%s: worst %.2fx at %s over %d cells (target >= %.2fx): %s",
                label,
                worst,
                worstAt,
                pairs,
                target,
                worst >= target ? "met" : "MISSED"));
        return this;
    }
}
