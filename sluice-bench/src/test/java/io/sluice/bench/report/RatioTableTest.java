package io.sluice.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.sluice.bench.Cell;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RatioTableTest {
    private static final Map<String, Object> PARAMS = Map.of("rows", 500);

    @Test
    void shouldGiveRatioAboveOneWhenSluiceHasMoreThroughput() {
        Cell sluice = new Cell("pg-fetch", "prepared", PARAMS, "sluice", "ops/s", 300, 1);
        Cell pgjdbc = new Cell("pg-fetch", "prepared", PARAMS, "pgjdbc", "ops/s", 100, 1);

        assertThat(RatioTable.ratio(sluice, pgjdbc)).isCloseTo(3.0, within(1e-9));
    }

    @Test
    void shouldGiveRatioAboveOneWhenSluiceCostsLess() {
        Cell sluice = new Cell("pg-fetch", "prepared", PARAMS, "sluice", "B/op", 1000, 1);
        Cell pgjdbc = new Cell("pg-fetch", "prepared", PARAMS, "pgjdbc", "B/op", 4000, 1);
        Cell slower = new Cell("kv-read", "get", PARAMS, "sluice", "us/op", 2, 0);
        Cell faster = new Cell("kv-read", "get", PARAMS, "lmdb", "us/op", 1, 0);

        assertThat(RatioTable.ratio(sluice, pgjdbc)).isCloseTo(4.0, within(1e-9));
        assertThat(RatioTable.ratio(slower, faster)).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void shouldGiveNaNWhenAScoreIsMissingOrNotPositive() {
        Cell sluice = new Cell("pg-fetch", "prepared", PARAMS, "sluice", "ops/s", 300, 1);
        Cell zero = new Cell("pg-fetch", "prepared", PARAMS, "pgjdbc", "ops/s", 0, 1);

        assertThat(RatioTable.ratio(sluice, null)).isNaN();
        assertThat(RatioTable.ratio(sluice, zero)).isNaN();
    }

    @Test
    void shouldPutBaselineFirstAndOneRatioColumnPerSluiceSystemWhenTabulating() {
        List<Cell> cells = List.of(
                new Cell("pg-fetch", "prepared", PARAMS, "vertx-pg", "ops/s", 150, 1),
                new Cell("pg-fetch", "prepared", PARAMS, "sluice-virtual", "ops/s", 250, 1),
                new Cell("pg-fetch", "prepared", PARAMS, "pgjdbc", "ops/s", 100, 1),
                new Cell("pg-fetch", "prepared", PARAMS, "sluice", "ops/s", 200, 1),
                new Cell("pg-fetch", "prepared", PARAMS, "pgjdbc", "B/op", 1000, 1),
                new Cell("pg-fetch", "prepared", PARAMS, "sluice", "B/op", 250, 1));

        RatioTable table = RatioTable.of("pg-fetch", "pgjdbc", cells);

        assertThat(table.systems()).containsExactly("pgjdbc", "sluice", "sluice-virtual", "vertx-pg");
        assertThat(table.header())
                .containsExactly(
                        "case",
                        "params",
                        "unit",
                        "pgjdbc",
                        "sluice",
                        "sluice-virtual",
                        "vertx-pg",
                        "sluice/pgjdbc",
                        "sluice-virtual/pgjdbc");
        assertThat(table.body())
                .containsExactly(
                        List.of("prepared", "rows=500", "ops/s", "100", "200", "250", "150", "2.00x", "2.50x"),
                        List.of("prepared", "rows=500", "B/op", "1,000", "250", "-", "-", "4.00x", "-"));
    }

    @Test
    void shouldShowSluiceBaselineOnceWhenSluiceIsComparedWithItself() {
        List<Cell> cells = List.of(
                new Cell("obs-listener", "point", PARAMS, "sluice+otel", "ops/s", 90, 1),
                new Cell("obs-listener", "point", PARAMS, "sluice", "ops/s", 100, 1),
                new Cell("obs-listener", "point", PARAMS, "sluice+micrometer", "ops/s", 95, 1));

        RatioTable table = RatioTable.of("obs-listener", "sluice", cells);

        assertThat(table.systems()).containsExactly("sluice", "sluice+micrometer", "sluice+otel");
        assertThat(table.header())
                .containsExactly(
                        "case",
                        "params",
                        "unit",
                        "sluice",
                        "sluice+micrometer",
                        "sluice+otel",
                        "sluice+micrometer/sluice",
                        "sluice+otel/sluice");
        assertThat(table.body().getFirst()).endsWith("0.95x", "0.90x");
    }
}
