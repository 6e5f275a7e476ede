package io.sluice.bench.pg;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.bench.Cell;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TargetsTest {
    private static final Map<String, Object> SMALL = Map.of("rows", 500, "threads", 1);
    private static final Map<String, Object> BIG = Map.of("rows", 2000, "threads", 1);

    private static Cell cell(String name, Map<String, Object> params, String system, String unit, double score) {
        return new Cell("pg-fetch", name, params, system, unit, score, Double.NaN);
    }

    @Test
    void shouldReportTheWorstRatioOverCellsSharingCaseAndParamsWhenComparingSystems() {
        List<Cell> cells = List.of(
                cell("prepared", SMALL, "sluice", "ops/s", 300),
                cell("prepared", SMALL, "pgjdbc", "ops/s", 100),
                cell("prepared", BIG, "sluice", "ops/s", 90),
                cell("prepared", BIG, "pgjdbc", "ops/s", 100),
                cell("statement", BIG, "pgjdbc", "ops/s", 1));

        List<String> lines = new Targets(cells)
                .systems("vs pgjdbc", "ops/s", "prepared", "sluice", "pgjdbc", 1.0)
                .lines();

        assertThat(lines)
                .containsExactly("vs pgjdbc: worst 0.90x at " + BIG + " over 2 cells (target >= 1.00x): MISSED");
    }

    @Test
    void shouldOrientCostsSoThatFewerBytesCountAsBetterWhenComparingAllocation() {
        List<Cell> cells = List.of(
                cell("prepared", SMALL, "sluice", "B/row", 400), cell("prepared", SMALL, "pgjdbc", "B/row", 1600));

        List<String> lines = new Targets(cells)
                .systems("alloc", "B/row", null, "sluice", "pgjdbc", 3.0)
                .lines();

        assertThat(lines).singleElement().asString().contains("worst 4.00x").endsWith(": met");
    }

    @Test
    void shouldCompareCasesOfOneSystemWhenAskedForStatementVersusPrepared() {
        List<Cell> cells = List.of(
                cell("statement", SMALL, "sluice", "ops/s", 97),
                cell("prepared", SMALL, "sluice", "ops/s", 100),
                cell("statement", SMALL, "pgjdbc", "ops/s", 10));

        List<String> lines = new Targets(cells)
                .cases("ad-hoc", "sluice", "statement", "prepared", 0.95)
                .lines();

        assertThat(lines)
                .singleElement()
                .asString()
                .contains("worst 0.97x")
                .contains("over 1 cells")
                .endsWith(": met");
    }

    @Test
    void shouldSayNothingWhenNoCellsPairUp() {
        List<Cell> cells = List.of(cell("prepared", SMALL, "pgjdbc", "ops/s", 100));

        assertThat(new Targets(cells)
                        .systems("x", "ops/s", null, "sluice", "pgjdbc", 1.0)
                        .lines())
                .isEmpty();
    }
}
