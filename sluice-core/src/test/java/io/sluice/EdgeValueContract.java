package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.ConnectionContract.ColumnKind;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A table of edge values for the types both servers agree on, each written as a parameter and read
 * back through the text path (first executions of literal SQL) and the binary path (later executions,
 * through the statement cache, and an explicit prepared statement): every path on every driver gives
 * back exactly the value written ({@code equals}, so {@code -0.0} differs from {@code 0.0} and a
 * decimal keeps its scale). Only values both servers store: no NaN or infinities (MySQL has none), and
 * {@code -0.0} only as far as both keep it: MariaDB reads it back as {@code 0.0}, so its test asks just
 * that every path of one driver agree.
 */
public abstract class EdgeValueContract {

    /** One column type with the values to round-trip and how to read one back. */
    enum Case {
        INT(ColumnKind.INT, Row::getInt, Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1),
        BIGINT(ColumnKind.BIGINT, Row::getLong, Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L),
        DOUBLE(
                ColumnKind.DOUBLE,
                Row::getDouble,
                0.0,
                Double.MIN_VALUE,
                -Double.MAX_VALUE,
                Double.MAX_VALUE,
                Double.MIN_NORMAL,
                0.1 + 0.2,
                1e-300,
                -123456.789e200),
        DECIMAL(
                ColumnKind.DECIMAL_30_10,
                Row::getBigDecimal,
                new BigDecimal("99999999999999999999.9999999999"),
                new BigDecimal("-99999999999999999999.9999999999"),
                new BigDecimal("0.0000000000"),
                new BigDecimal("0.0000000001"),
                new BigDecimal("-1.5000000000")),
        TEXT(
                ColumnKind.TEXT,
                Row::getString,
                "",
                " ",
                "\u00fcn\u00ef\u00e7\u00f8d\u00e9 \u4e2d\u6587 \uD83D\uDE00\uD83D\uDC4D\uD83C\uDFFD",
                "' \" \\ % _ ; -- /* */ \t\r\n",
                "\u00a0\u2028\u200b",
                "x".repeat(60_000)), // MySQL TEXT holds 65535 bytes
        BOOLEAN(ColumnKind.BOOLEAN, Row::getBoolean, true, false),
        DATE(
                ColumnKind.DATE,
                Row::getLocalDate,
                LocalDate.of(1, 1, 1),
                LocalDate.of(9999, 12, 31),
                LocalDate.of(1970, 1, 1),
                LocalDate.of(1969, 12, 31),
                LocalDate.of(2000, 2, 29),
                LocalDate.of(1582, 10, 4)),
        TIME(
                ColumnKind.TIME,
                Row::getLocalTime,
                LocalTime.MIDNIGHT,
                LocalTime.of(23, 59, 59, 999_999_000),
                LocalTime.of(0, 0, 0, 1_000),
                LocalTime.NOON),
        TIMESTAMP(
                ColumnKind.TIMESTAMP,
                Row::getLocalDateTime,
                LocalDateTime.of(1, 1, 1, 0, 0, 0, 0),
                LocalDateTime.of(1, 1, 1, 0, 0, 0, 1_000),
                LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_000),
                LocalDateTime.of(1970, 1, 1, 0, 0, 0, 0),
                LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000),
                LocalDateTime.of(2038, 1, 19, 3, 14, 8, 123_456_000),
                LocalDateTime.of(2024, 2, 29, 12, 0, 0, 100_000));

        final ColumnKind kind;
        final BiFunction<Row, Integer, Object> read;
        final List<Object> values;

        Case(ColumnKind kind, BiFunction<Row, Integer, Object> read, Object... values) {
            this.kind = kind;
            this.read = read;
            this.values = List.of(values);
        }
    }

    /** The driver and server under test. */
    protected abstract ServerUnderTest server();

    private Connection connection;

    @BeforeEach
    void openConnection() {
        connection = Sluice.connect(server().config());
    }

    @AfterEach
    void closeConnection() {
        connection.close();
    }

    @ParameterizedTest
    @EnumSource(Case.class)
    void shouldReadBackEveryEdgeValueAlikeOnTextAndBinaryPaths(Case c) {
        String table = "sltk_edge_" + c.name().toLowerCase() + "_" + Long.toHexString(System.nanoTime());
        connection.executeScript("CREATE TEMPORARY TABLE " + table + " (id " + server().columnType(ColumnKind.INT)
                + " PRIMARY KEY, v " + server().columnType(c.kind) + ")");
        String insert = "INSERT INTO " + table + " (id, v) VALUES (" + server().placeholder(1) + ", "
                + server().placeholder(2) + ")";
        List<Object[]> sets = new ArrayList<>();
        for (int i = 0; i < c.values.size(); i++) {
            sets.add(new Object[] {i, c.values.get(i)});
        }
        assertThat(connection.executeBatch(insert, sets)).containsOnly(1L);
        connection.execute(insert, c.values.size(), null);
        List<Object> expected = new ArrayList<>(c.values);
        expected.add(null);
        RowMapper<Object> value = r -> r.isNull(1) ? null : c.read.apply(r, 1);

        String select = "SELECT id, v FROM " + table + " ORDER BY id";
        for (int use = 1; use <= 4; use++) { // text on the first uses, then prepared and binary (both drivers)
            assertThat(connection.query(select, value))
                    .as("%s, literal SQL use %d", c, use)
                    .isEqualTo(expected);
        }
        String byId = "SELECT id, v FROM " + table + " WHERE id = " + server().placeholder(1);
        for (int use = 1; use <= 3; use++) {
            for (int i = 0; i < expected.size(); i++) {
                assertThat(connection.query(byId, value, i))
                        .as("%s, parameterised use %d, value %d", c, use, i)
                        .isEqualTo(Collections.singletonList(expected.get(i)));
            }
        }
        try (PreparedStatement ps = connection.prepare(select)) {
            assertThat(ps.query(value)).as("%s, prepared statement", c).isEqualTo(expected);
        }
        List<Object> streamed = new ArrayList<>();
        try (RowStream rows = connection.stream(select, 2)) {
            while (rows.hasNext()) {
                streamed.add(value.map(rows.next()));
            }
        }
        assertThat(streamed).as("%s, stream", c).isEqualTo(expected);
        String byValue = "SELECT COUNT(*) FROM " + table + " WHERE v = " + server().placeholder(1);
        for (Object v : c.values) {
            assertThat(connection.queryFirst(byValue, r -> r.getLong(0), v))
                    .as("%s, compared as parameter: %s", c, v)
                    // at least its own row: MariaDB's PAD SPACE collations find '' = ' '
                    .hasValueSatisfying(n -> assertThat(n).isPositive());
        }
        // the batch above wrote through the binary path; one execute per value writes through the
        // text path on the first uses, then through the statement cache's prepared statement
        for (int i = 0; i < c.values.size(); i++) {
            connection.execute(insert, 1000 + i, c.values.get(i));
        }
        assertThat(connection.query("SELECT id, v FROM " + table + " WHERE id >= 1000 ORDER BY id", value))
                .as("%s, written one execute at a time", c)
                .isEqualTo(c.values);
    }

    @Test
    void shouldReadNegativeZeroAlikeOnEveryPath() {
        String table = "sltk_edge_zero_" + Long.toHexString(System.nanoTime());
        connection.executeScript("CREATE TEMPORARY TABLE " + table + " (id " + server().columnType(ColumnKind.INT)
                + " PRIMARY KEY, v " + server().columnType(ColumnKind.DOUBLE) + ")");
        connection.execute("INSERT INTO " + table + " (id, v) VALUES (1, " + server().placeholder(1) + ")", -0.0);
        String select = "SELECT v FROM " + table;
        List<Double> seen = new ArrayList<>();
        for (int use = 1; use <= 4; use++) {
            seen.add(connection.query(select, r -> r.getDouble(0)).getFirst());
        }
        seen.add(connection
                .query(select + " WHERE id = " + server().placeholder(1), r -> r.getDouble(0), 1)
                .getFirst());
        try (PreparedStatement ps = connection.prepare(select)) {
            seen.add(ps.query(r -> r.getDouble(0)).getFirst());
        }
        assertThat(seen).as("-0.0 on every path").containsOnly(seen.getFirst());
        assertThat(seen.getFirst()).isIn(-0.0, 0.0);
    }
}
