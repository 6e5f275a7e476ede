package io.sluice.postgres.types;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Connection;
import io.sluice.Interval;
import io.sluice.Row;
import io.sluice.Sluice;
import io.sluice.ValueConversionException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The documented special-value rules (TYPES.md) against the real server: nulls, ranges, NaN, infinity, time zones, tables. */
class TypeRulesRealServerTest {
    private static final String[] TYPES = {
        "int2",
        "int4",
        "int8",
        "float4",
        "float8",
        "numeric",
        "bool",
        "text",
        "varchar",
        "bpchar",
        "name",
        "bytea",
        "date",
        "time",
        "timetz",
        "timestamp",
        "timestamptz",
        "interval",
        "uuid",
        "json",
        "jsonb",
        "oid",
        "int4[]",
        "text[]",
        "point"
    };
    private Connection c;

    @BeforeEach
    void open() {
        c = Sluice.connect(TypeRoundTripTest.config());
    }

    @AfterEach
    void close() {
        c.close();
    }

    /** Runs the query and applies {@code read} to its only row inside the callback (rows are views). */
    private Object one(String sql, Function<Row, ?> read, Object... params) {
        List<Object> out = c.query(sql, read::apply, params);
        assertThat(out).hasSize(1);
        return out.get(0);
    }

    /** {@link #one} for a read that returns a list. */
    @SuppressWarnings("unchecked")
    private List<Object> list(String sql, Function<Row, List<?>> read, Object... params) {
        return (List<Object>) one(sql, read, params);
    }

    /** The exception {@code read} throws on the query's only row, or null. */
    private RuntimeException failure(String sql, Function<Row, ?> read) {
        return (RuntimeException) one(sql, r -> {
            try {
                read.apply(r);
                return null;
            } catch (RuntimeException e) {
                return e;
            }
        });
    }

    @Test
    void shouldReturnNullFromObjectGettersAndThrowFromPrimitiveGettersWhenValueIsNull() {
        for (String type : TYPES) {
            String sql = "SELECT NULL::" + type;
            assertThat(list(
                            sql,
                            r -> Arrays.asList(
                                    r.isNull(0),
                                    r.getObject(0),
                                    r.getString(0),
                                    r.getBigDecimal(0),
                                    r.getLocalDate(0),
                                    r.getOffsetDateTime(0),
                                    r.getInterval(0),
                                    r.getBytes(0),
                                    r.getList(0, Object.class))))
                    .as(type)
                    .containsExactly(true, null, null, null, null, null, null, null, null);
            assertThat(failure(sql, r -> r.getInt(0))).as(type).isInstanceOf(ValueConversionException.class);
            assertThat(failure(sql, r -> r.getBoolean(0))).as(type).isInstanceOf(ValueConversionException.class);
            assertThat(failure(sql, r -> r.getDouble(0))).as(type).isInstanceOf(ValueConversionException.class);
        }
    }

    @Test
    void shouldThrowInsteadOfWrappingWhenIntegerGetterIsOutOfRange() {
        assertThat(failure("SELECT 70000", r -> r.getShort(0)))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("value=70000");
        assertThat(failure("SELECT 3000000000::int8", r -> r.getInt(0)))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("value=3000000000");
        assertThat(failure("SELECT 1e30::numeric", r -> r.getLong(0))).isInstanceOf(ValueConversionException.class);
        assertThat(failure("SELECT 2.5::float8", r -> r.getInt(0))).isInstanceOf(ValueConversionException.class);
        assertThat(list(
                        "SELECT 3000000000::int8, 32767::int4, 7.0::float8",
                        r -> List.of(r.getLong(0), r.getShort(1), r.getInt(2))))
                .containsExactly(3000000000L, (short) 32767, 7);
    }

    @Test
    void shouldRefuseBigDecimalButGiveDoubleWhenNumericIsSpecial() {
        for (String special : List.of("NaN", "Infinity", "-Infinity")) {
            String sql = "SELECT '" + special + "'::numeric";
            assertThat(failure(sql, r -> r.getBigDecimal(0)))
                    .isInstanceOf(ValueConversionException.class)
                    .hasMessageContaining("value=" + special);
            assertThat(failure(sql, r -> r.getObject(0))).isInstanceOf(ValueConversionException.class);
            assertThat(one(sql, r -> r.getDouble(0))).isEqualTo(Double.parseDouble(special));
            assertThat(one(sql, r -> r.getString(0))).isEqualTo(special);
        }
        // A double parameter carries NaN into numeric.
        assertThat(one("SELECT $1::numeric::text", r -> r.getString(0), Double.NaN))
                .isEqualTo("NaN");
    }

    @Test
    void shouldParseSessionOffsetWhenTimestamptzTextComesFromAnotherTimeZone() {
        c.executeScript("SET TimeZone = 'Asia/Kolkata'");
        for (String utc : List.of("1900-01-01T00:00:00Z", "2024-06-01T12:00:00.000001Z", "-0043-03-15T10:00:00Z")) {
            OffsetDateTime expected = OffsetDateTime.parse(utc);
            List<Object> both = list(
                    "SELECT $1::timestamptz, format('%s', $1::timestamptz)",
                    r -> List.of(r.getOffsetDateTime(0), r.getOffsetDateTime(1)), expected);
            assertThat(both).containsExactly(expected, expected);
        }
        assertThat(one("SELECT format('%s', '1900-01-01 00:00+00'::timestamptz)", r -> r.getString(0)))
                .isEqualTo("1900-01-01 05:21:10+05:21:10");
        // Results in text format (no statement cache) render in UTC like binary ones.
        try (Connection text =
                Sluice.connect(TypeRoundTripTest.builder().statementCacheSize(0).build())) {
            text.executeScript("SET TimeZone = 'Asia/Kolkata'");
            assertThat(text.query(
                            "SELECT '1900-01-01 00:00+00'::timestamptz, ARRAY['2024-06-01 12:00+00'::timestamptz]",
                            r -> List.of(r.getString(0), r.getString(1))))
                    .containsExactly(List.of("1900-01-01 00:00:00+00", "{\"2024-06-01 12:00:00+00\"}"));
        }
    }

    @Test
    void shouldApplyTimeAndInfinityRulesWhenServerSendsEdgeValues() {
        List<Object> v = list(
                "SELECT '24:00'::time, 'infinity'::date, '-infinity'::timestamptz, '0001-01-01 BC'::date, '1 mon'::interval",
                r -> Arrays.asList(
                        r.getLocalTime(0),
                        r.getDuration(0),
                        r.getLocalDate(1),
                        r.getOffsetDateTime(2),
                        r.getInstant(2),
                        r.getLocalDate(3),
                        r.getInterval(4)));
        assertThat(v)
                .containsExactly(
                        LocalTime.MAX,
                        Duration.ofHours(24),
                        LocalDate.MAX,
                        OffsetDateTime.MIN,
                        java.time.Instant.MIN,
                        LocalDate.of(0, 1, 1),
                        new Interval(1, 0, 0));
        assertThat(failure("SELECT '1 mon'::interval", r -> r.getDuration(0)))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("months=1");
    }

    @Test
    void shouldParseIntervalTextWhenSessionUsesAnyIntervalStyle() {
        List<Interval> values = List.of(
                new Interval(14, -3, 14_706_500_000L),
                new Interval(-14, -3, -14_706_500_000L),
                Interval.ZERO,
                new Interval(0, 0, -1),
                new Interval(0, 3, 0),
                new Interval(12, 0, 0),
                new Interval(-12, 0, 0),
                new Interval(0, 1, -1_000_000),
                new Interval(0, 0, 360_000_000_000L),
                new Interval(0, 0, Long.MIN_VALUE + 775_808),
                new Interval(1, 0, 1_000_000),
                new Interval(-1, 1, 0),
                new Interval(-1, -1, 0),
                new Interval(0, -1, -3_600_000_000L),
                new Interval(Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE));
        for (String style : List.of("postgres", "postgres_verbose", "sql_standard", "iso_8601")) {
            c.executeScript("SET IntervalStyle = " + style + "; SET bytea_output = escape");
            // A new statement text per style: its first execution returns text, in that style.
            assertThat(one("SELECT '\\x5c00'::bytea, '" + style + "'", r -> r.getString(0)))
                    .isEqualTo("\\x5c00");
            for (Interval v : values) {
                List<Object> row = list(
                        "SELECT $1::interval, format('%s', $1::interval)",
                        r -> List.of(r.getInterval(0), r.getString(1), r.getInterval(1), r.getString(0)), v);
                assertThat(row.get(0)).isEqualTo(v);
                assertThat(row.get(3)).isEqualTo(io.sluice.postgres.internal.codec.IntervalTextCodec.format(v));
                assertThat(row.get(2)).as(style + " " + row.get(1)).isEqualTo(v);
            }
        }
    }

    @Test
    void shouldReadUnknownTypesAsServerText() {
        assertThat(list(
                        "SELECT '(1,2)'::point, '10.0.0.1/8'::inet, 'x'::\"char\"",
                        r -> List.of(r.getObject(0), r.getString(1), r.getString(2))))
                .containsExactly("(1,2)", "10.0.0.1/8", "x");
    }

    @Test
    void shouldRenderTextButRefuseListWhenArrayHasSeveralDimensions() {
        String sql = "SELECT '[0:1][1:2]={{1,2},{3,NULL}}'::int4[], '{{a,\"b c\"}}'::text[]";
        assertThat(list(sql, r -> List.of(r.getString(0), r.getString(1))))
                .containsExactly("[0:1][1:2]={{1,2},{3,NULL}}", "{{a,\"b c\"}}");
        assertThat(failure(sql, r -> r.getList(0, Integer.class)))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("ndim=2");
    }

    @Test
    void shouldKeepTypedValuesWhenBatchedAndStreamedBack() {
        c.executeScript("CREATE TEMP TABLE pgt_batch (id int8, n numeric, ts timestamptz, iv interval, a text[])");
        List<Object[]> sets = new ArrayList<>();
        for (long i = 0; i < 50; i++) {
            sets.add(new Object[] {
                i,
                BigDecimal.valueOf(i, 3),
                java.time.Instant.ofEpochSecond(i * 86_400, 1_000),
                new Interval((int) i, 0, -i),
                List.of("x" + i, "y z")
            });
        }
        assertThat(c.executeBatch("INSERT INTO pgt_batch VALUES ($1, $2, $3, $4, $5)", sets))
                .containsOnly(1L);
        List<String> seen = new ArrayList<>();
        try (io.sluice.RowStream rows = c.stream("SELECT * FROM pgt_batch ORDER BY id", 7)) {
            while (rows.hasNext()) {
                Row r = rows.next();
                long i = r.getLong("id");
                assertThat(r.getBigDecimal("n")).isEqualTo(BigDecimal.valueOf(i, 3));
                assertThat(r.getInstant("ts")).isEqualTo(java.time.Instant.ofEpochSecond(i * 86_400, 1_000));
                assertThat(r.getInterval("iv")).isEqualTo(new Interval((int) i, 0, -i));
                assertThat(r.getList("a", String.class)).containsExactly("x" + i, "y z");
                seen.add(r.getString("id"));
            }
        }
        assertThat(seen).hasSize(50).startsWith("0", "1").endsWith("49");
    }

    @Test
    void shouldStoreAndReadBackEveryTypeWhenWrittenToTable() {
        c.executeScript("CREATE TEMP TABLE pgt_all (i2 int2, i4 int4, i8 int8, f4 float4, f8 float8, n numeric(10,2),"
                + " b bool, t text, vc varchar(10), bc char(3), by bytea, d date, tm time, tz timetz, ts timestamp,"
                + " tstz timestamptz, iv interval, u uuid, j json, jb jsonb, ai int4[], at text[])");
        Object[] values = {
            (short) 1,
            2,
            3L,
            4.5f,
            6.25d,
            new BigDecimal("12345678.90"),
            true,
            "t",
            "vc",
            "bc",
            new byte[] {1},
            LocalDate.of(2024, 1, 2),
            LocalTime.of(3, 4, 5),
            java.time.OffsetTime.of(6, 7, 8, 0, ZoneOffset.ofHours(9)),
            java.time.LocalDateTime.of(2024, 1, 2, 3, 4, 5, 6000),
            OffsetDateTime.of(2024, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC),
            new Interval(1, 2, 3),
            new java.util.UUID(1, 2),
            new io.sluice.Json("{}"),
            new io.sluice.Json("[1]"),
            List.of(1, 2),
            List.of("a", "b")
        };
        String placeholders = String.join(
                ", ",
                java.util.stream.IntStream.rangeClosed(1, values.length)
                        .mapToObj(i -> "$" + i)
                        .toList());
        assertThat(c.execute("INSERT INTO pgt_all VALUES (" + placeholders + ")", values))
                .isEqualTo(1);
        Object[] nulls = new Object[values.length];
        assertThat(c.execute("INSERT INTO pgt_all VALUES (" + placeholders + ")", nulls))
                .isEqualTo(1);
        List<List<Object>> rows = c.query("SELECT * FROM pgt_all ORDER BY i2 NULLS LAST", r -> {
            List<Object> row = new ArrayList<>();
            for (int i = 0; i < r.columnCount(); i++) {
                row.add(r.getObject(i));
            }
            return row;
        });
        List<Object> expected = new ArrayList<>(Arrays.asList(values));
        expected.set(9, "bc "); // char(3) pads
        expected.set(18, "{}");
        expected.set(19, "[1]");
        assertThat(rows.get(0))
                .usingElementComparator((a, b) -> java.util.Objects.deepEquals(a, b) ? 0 : 1)
                .containsExactlyElementsOf(expected);
        assertThat(rows.get(1)).containsOnlyNulls();
    }
}
