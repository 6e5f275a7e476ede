package io.sluice.bench.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.sluice.bench.Cell;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The derived whole-load-test cells and the notes that read the target off them; no server needed. */
class MyDrizzleSuiteTest {
    private static final Map<String, Object> PARAMS = Map.of("rows", 1000, "variant", "prepared", "threads", 1);

    private static Cell cell(String name, String system, String unit, double score, double error) {
        return new Cell("mysql-drizzle", name, PARAMS, system, unit, score, error);
    }

    @Test
    void shouldAddInsertTimeAndThousandReadTimesPerSystem() {
        List<Cell> measured = List.of(
                cell("insert", "sluice", "ops/s", 20, 2), cell("read", "sluice", "ops/s", 500, 50),
                cell("batch", "sluice", "ops/s", 200, 0), cell("insert", "sluice", "B/op", 100_000, 0),
                cell("read", "sluice", "B/op", 80_000, 0), cell("read", "sluice", "B/row", 80, 0),
                cell("insert", MyEndpoint.MARIADB, "ops/s", 10, 1), cell("read", MyEndpoint.MARIADB, "ops/s", 200, 20));

        List<Cell> whole = MyDrizzleSuite.wholeLoadTests(measured);

        assertThat(whole)
                .extracting(c -> c.name() + " " + c.system() + " " + c.unit())
                .containsExactlyInAnyOrder(
                        "workload sluice ops/s",
                        "workload-batch sluice ops/s",
                        "workload sluice B/op",
                        "workload mariadb-connector-j ops/s");
        Cell sluice = whole.stream()
                .filter(c -> c.name().equals("workload")
                        && c.system().equals("sluice")
                        && c.unit().equals("ops/s"))
                .findFirst()
                .orElseThrow();
        assertThat(sluice.score()).isCloseTo(1 / (1 / 20.0 + 1000 / 500.0), within(1e-9)); // 0.05 s + 2 s
        // errors in seconds: 2/400 = 0.005 and 1000 * 50/250000 = 0.2, added in quadrature, then back to ops/s
        assertThat(sluice.error()).isCloseTo(Math.sqrt(0.005 * 0.005 + 0.2 * 0.2) / (2.05 * 2.05), within(1e-9));
        assertThat(whole)
                .filteredOn(c -> c.unit().equals("B/op"))
                .singleElement()
                .satisfies(c -> assertThat(c.score()).isEqualTo(100_000 + 1000 * 80_000.0));
    }

    @Test
    void shouldReadTargetAgainstBetterPeer() {
        List<Cell> cells = new ArrayList<>(List.of(
                cell("workload", "sluice", "ops/s", 0.6, 0),
                cell("workload", MyEndpoint.MARIADB, "ops/s", 0.3, 0),
                cell("workload", MyEndpoint.MYSQL, "ops/s", 0.5, 0),
                cell("workload-batch", "sluice", "ops/s", 0.6, 0),
                cell("workload-batch", MyEndpoint.MARIADB, "ops/s", 0.2, 0)));

        assertThat(new MyDrizzleSuite().notes(cells))
                .containsExactly(
                        "workload ops/s: sluice 1.20x the better peer (mysql-connector-j) at " + PARAMS
                                + ", target >= 1.50x: missed",
                        "workload-batch ops/s: sluice 3.00x the better peer (mariadb-connector-j) at " + PARAMS
                                + ", target >= 1.50x: met");
    }
}
