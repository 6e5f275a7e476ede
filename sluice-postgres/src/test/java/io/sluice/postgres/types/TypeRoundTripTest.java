package io.sluice.postgres.types;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Interval;
import io.sluice.Json;
import io.sluice.PreparedStatement;
import io.sluice.Row;
import io.sluice.Sluice;
import io.sluice.SslMode;
import io.sluice.postgres.internal.codec.ParamEncoder;
import io.sluice.postgres.internal.codec.PgRow;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every type and edge value through the real server, on the ad-hoc path (statement cache: text results
 * on a statement's first run, binary after), the explicit prepared path and with no statement cache
 * (text results only): the parameter goes out binary (or as text for Strings), the server casts it
 * and returns it binary next to its own text form ({@code format('%s', $1::T)}, the type's output function). Checked: the binary result
 * equals the expected Java value, the driver's rendering of the binary value equals the server's text,
 * the server's text parses to the same value (text/binary agreement), and the bytes the driver encodes
 * equal the server's {@code T_send} of the value.
 */
class TypeRoundTripTest {
    private static Connection c;
    /** No statement cache: every query is Parse("") + Bind with text results. */
    private static Connection text;

    static ConnectionConfig.Builder builder() {
        return ConnectionConfig.builder("postgresql")
                .host("127.0.0.1")
                .port(5432)
                .database("test")
                .user("postgres")
                .sslMode(SslMode.DISABLE)
                .applicationName("sluice-pgt-test");
    }

    static ConnectionConfig config() {
        return builder().build();
    }

    @BeforeAll
    static void open() {
        c = Sluice.connect(config());
        c.executeScript("SET TimeZone = 'UTC'");
        text = Sluice.connect(builder().statementCacheSize(0).build());
        text.executeScript("SET TimeZone = 'UTC'");
    }

    @AfterAll
    static void close() {
        c.close();
        text.close();
    }

    static Stream<Arguments> cases() {
        BigDecimal thousandDigits = new BigDecimal(new BigInteger("9".repeat(1000)), 3).negate();
        return Stream.of(
                Arguments.of("int2", "int2send", (short) -32768, (short) -32768),
                Arguments.of("int2", "int2send", (short) 32767, (short) 32767),
                Arguments.of("int4", "int4send", Integer.MIN_VALUE, Integer.MIN_VALUE),
                Arguments.of("int8", "int8send", Long.MAX_VALUE, Long.MAX_VALUE),
                Arguments.of("float4", "float4send", -0.0f, -0.0f),
                Arguments.of("float4", "float4send", Float.NaN, Float.NaN),
                Arguments.of("float4", "float4send", Float.MIN_VALUE, Float.MIN_VALUE),
                Arguments.of("float4", "float4send", Float.MAX_VALUE, Float.MAX_VALUE),
                Arguments.of("float8", "float8send", -0.0d, -0.0d),
                Arguments.of("float8", "float8send", Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY),
                Arguments.of("float8", "float8send", Double.MIN_VALUE, Double.MIN_VALUE),
                Arguments.of("float8", "float8send", 0.1d, 0.1d),
                Arguments.of("float8", "float8send", 1e15d, 1e15d),
                Arguments.of("numeric", "numeric_send", new BigDecimal("12345678.90"), new BigDecimal("12345678.90")),
                Arguments.of("numeric", "numeric_send", new BigDecimal("0.00"), new BigDecimal("0.00")),
                Arguments.of("numeric", "numeric_send", new BigDecimal("-0.000000001"), new BigDecimal("-0.000000001")),
                Arguments.of(
                        "numeric", "numeric_send", new BigDecimal("1E+20"), new BigDecimal("100000000000000000000")),
                Arguments.of("numeric", "numeric_send", thousandDigits, thousandDigits),
                Arguments.of(
                        "numeric",
                        "numeric_send",
                        BigDecimal.ONE.movePointLeft(16383),
                        BigDecimal.ONE.movePointLeft(16383)),
                Arguments.of("numeric", "numeric_send", BigDecimal.TEN.pow(131071), BigDecimal.TEN.pow(131071)),
                Arguments.of("bool", "boolsend", true, true),
                Arguments.of("text", "textsend", "héllo, wörld €", "héllo, wörld €"),
                Arguments.of("text", "textsend", "", ""),
                Arguments.of("varchar", "varcharsend", "abc", "abc"),
                Arguments.of("bpchar(4)", "bpcharsend", "ab", "ab  "),
                Arguments.of("name", "namesend", "pg_class", "pg_class"),
                Arguments.of("bytea", "byteasend", new byte[] {0, -1, 10, 92}, new byte[] {0, -1, 10, 92}),
                Arguments.of("date", "date_send", LocalDate.of(2024, 2, 29), LocalDate.of(2024, 2, 29)),
                Arguments.of("date", "date_send", LocalDate.of(0, 1, 1), LocalDate.of(0, 1, 1)),
                Arguments.of("date", "date_send", LocalDate.of(-4712, 1, 1), LocalDate.of(-4712, 1, 1)),
                Arguments.of("date", "date_send", LocalDate.of(5874897, 12, 31), LocalDate.of(5874897, 12, 31)),
                Arguments.of("date", "date_send", LocalDate.MAX, LocalDate.MAX),
                Arguments.of("date", "date_send", LocalDate.MIN, LocalDate.MIN),
                Arguments.of(
                        "time",
                        "time_send",
                        LocalTime.of(12, 34, 56, 789_012_000),
                        LocalTime.of(12, 34, 56, 789_012_000)),
                Arguments.of("time", "time_send", LocalTime.MAX, LocalTime.MAX),
                Arguments.of("time", "time_send", LocalTime.MIDNIGHT, LocalTime.MIDNIGHT),
                Arguments.of(
                        "timetz",
                        "timetz_send",
                        OffsetTime.of(1, 2, 3, 500_000_000, ZoneOffset.ofHoursMinutesSeconds(1, 2, 3)),
                        OffsetTime.of(1, 2, 3, 500_000_000, ZoneOffset.ofHoursMinutesSeconds(1, 2, 3))),
                Arguments.of(
                        "timetz",
                        "timetz_send",
                        OffsetTime.of(LocalTime.MAX, ZoneOffset.ofHours(-8)),
                        OffsetTime.of(LocalTime.MAX, ZoneOffset.ofHours(-8))),
                Arguments.of(
                        "timestamp",
                        "timestamp_send",
                        LocalDateTime.of(2024, 5, 6, 7, 8, 9, 123_456_000),
                        LocalDateTime.of(2024, 5, 6, 7, 8, 9, 123_456_000)),
                Arguments.of(
                        "timestamp",
                        "timestamp_send",
                        LocalDateTime.of(-43, 3, 15, 12, 0),
                        LocalDateTime.of(-43, 3, 15, 12, 0)),
                Arguments.of(
                        "timestamp",
                        "timestamp_send",
                        LocalDateTime.of(294276, 12, 31, 23, 59, 59, 999_999_000),
                        LocalDateTime.of(294276, 12, 31, 23, 59, 59, 999_999_000)),
                Arguments.of("timestamp", "timestamp_send", LocalDateTime.MAX, LocalDateTime.MAX),
                Arguments.of("timestamp", "timestamp_send", LocalDateTime.MIN, LocalDateTime.MIN),
                Arguments.of(
                        "timestamptz",
                        "timestamptz_send",
                        OffsetDateTime.of(2024, 5, 6, 7, 8, 9, 500_000_000, ZoneOffset.ofHours(2)),
                        OffsetDateTime.of(2024, 5, 6, 5, 8, 9, 500_000_000, ZoneOffset.UTC)),
                Arguments.of(
                        "timestamptz",
                        "timestamptz_send",
                        Instant.parse("1969-12-31T23:59:59.999999Z"),
                        OffsetDateTime.parse("1969-12-31T23:59:59.999999Z")),
                Arguments.of("timestamptz", "timestamptz_send", OffsetDateTime.MAX, OffsetDateTime.MAX),
                Arguments.of("timestamptz", "timestamptz_send", Instant.MIN, OffsetDateTime.MIN),
                Arguments.of(
                        "interval",
                        "interval_send",
                        new Interval(14, -3, 14_706_500_000L),
                        new Interval(14, -3, 14_706_500_000L)),
                Arguments.of("interval", "interval_send", new Interval(-1, 0, -1), new Interval(-1, 0, -1)),
                Arguments.of(
                        "interval",
                        "interval_send",
                        Duration.ofHours(100).plusNanos(1_000),
                        new Interval(0, 0, 360_000_000_001L)),
                Arguments.of(
                        "interval",
                        "interval_send",
                        new Interval(Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE),
                        new Interval(Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE)),
                Arguments.of(
                        "uuid",
                        "uuid_send",
                        UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"),
                        UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11")),
                Arguments.of("jsonb", "jsonb_send", new Json("{\"a\":[1,2]}"), "{\"a\": [1, 2]}"),
                Arguments.of("json", "json_send", new Json("{\"a\":1}"), "{\"a\": 1}"),
                Arguments.of("int4[]", "array_send", Arrays.asList(1, null, 3), Arrays.asList(1, null, 3)),
                Arguments.of("int8[]", "array_send", new long[] {1, Long.MIN_VALUE}, List.of(1L, Long.MIN_VALUE)),
                Arguments.of(
                        "text[]",
                        "array_send",
                        new String[] {"a", "b c", "NULL", "", "q\"\\", null},
                        Arrays.asList("a", "b c", "NULL", "", "q\"\\", null)),
                Arguments.of(
                        "numeric[]",
                        "array_send",
                        List.of(new BigDecimal("1.50"), new BigDecimal("-2")),
                        List.of(new BigDecimal("1.50"), new BigDecimal("-2"))),
                Arguments.of(
                        "date[]",
                        "array_send",
                        List.of(LocalDate.of(0, 1, 1), LocalDate.MAX),
                        List.of(LocalDate.of(0, 1, 1), LocalDate.MAX)),
                Arguments.of(
                        "timestamptz[]",
                        "array_send",
                        List.of(Instant.EPOCH),
                        List.of(OffsetDateTime.parse("1970-01-01T00:00Z"))),
                Arguments.of(
                        "interval[]", "array_send", List.of(new Interval(1, 2, 3)), List.of(new Interval(1, 2, 3))),
                Arguments.of("uuid[]", "array_send", List.of(new UUID(1, 2)), List.of(new UUID(1, 2))),
                Arguments.of("bytea[]", "array_send", List.of(new byte[] {1, 2}), List.of(new byte[] {1, 2})),
                Arguments.of("bool[]", "array_send", new boolean[] {true, false}, List.of(true, false)),
                Arguments.of("float8[]", "array_send", new double[] {Double.NaN, -0.0}, List.of(Double.NaN, -0.0)),
                Arguments.of("int4[]", "array_send", List.of(), List.of()));
    }

    /** What a row held: read inside the mapper, asserted outside it (a row is only valid during the call). */
    private record Seen(Object value, String rendered, String serverText, Object parsedText, short format) {}

    /** Column 0: the value as the server returns it (binary); column 1: the server's text form of it (its output function). */
    private static Seen read(Row row, Object expected) {
        Object parsed =
                expected instanceof byte[] || expected instanceof List<?> ? null : row.get(1, expected.getClass());
        return new Seen(
                row.getObject(0),
                row.getString(0),
                row.getString(1),
                parsed,
                ((PgRow) row).layout().format(0));
    }

    private static void assertSeen(Seen seen, Object expected) {
        if (expected instanceof List<?>) { // element-wise deep equality: bytea elements are byte[]
            @SuppressWarnings("unchecked")
            List<Object> actual = (List<Object>) seen.value();
            @SuppressWarnings("unchecked")
            List<Object> wanted = (List<Object>) expected;
            assertThat(actual)
                    .usingElementComparator((a, b) -> Objects.deepEquals(a, b) ? 0 : 1)
                    .containsExactlyElementsOf(wanted);
        } else {
            assertThat(seen.value()).isEqualTo(expected);
        }
        assertThat(seen.rendered()).isEqualTo(seen.serverText());
        if (seen.parsedText() != null) {
            assertThat(seen.parsedText()).isEqualTo(expected);
        }
    }

    private static String select(String type) {
        return "SELECT $1::" + type + " AS v, format('%s', $1::" + type + ") AS t";
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("cases")
    void shouldRoundTripWhenSentAsAdHocSql(String type, String send, Object param, Object expected) {
        for (int i = 0; i < 2; i++) { // a statement's first run gets text results with the Parse, later ones binary
            List<Seen> rows = c.query(select(type), r -> read(r, expected), param);
            assertThat(rows).hasSize(1);
            if (i == 1) {
                assertThat(rows.get(0).format()).isEqualTo((short) 1); // described by now: binary
            }
            assertSeen(rows.get(0), expected);
        }
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("cases")
    void shouldDecodeSameValueWhenResultsComeAsText(String type, String send, Object param, Object expected) {
        // Without a statement cache the driver binds for text results (QueryEncoder); the values must not care.
        List<Seen> rows = text.query(select(type), r -> read(r, expected), param);
        assertThat(rows).hasSize(1);
        assertSeen(rows.get(0), expected);
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("cases")
    void shouldRoundTripWhenSentThroughPreparedStatement(String type, String send, Object param, Object expected) {
        try (PreparedStatement ps = c.prepare(select(type))) {
            for (int i = 0; i < 2; i++) { // the first execution may still be text (Describe answer pending)
                List<Seen> rows = ps.query(r -> read(r, expected), param);
                assertThat(rows).hasSize(1);
                if (i == 1) {
                    assertThat(rows.get(0).format()).isEqualTo((short) 1);
                }
                assertSeen(rows.get(0), expected);
            }
        }
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("cases")
    void shouldEncodeSameBytesAsServerSendFunction(String type, String send, Object param, Object expected) {
        if (ParamEncoder.format(param) == 0 || param instanceof Json) {
            return; // text parameters: the server parses them; jsonb: the server normalises the JSON text
        }
        PgWriteBuffer out = new PgWriteBuffer(64);
        ParamEncoder.encode(param, out);
        String mine = HexFormat.of().formatHex(out.array(), 0, out.position());
        String server = c.queryFirst("SELECT encode(" + send + "($1::" + type + "), 'hex')", r -> r.getString(0), param)
                .orElseThrow();
        assertThat(mine).isEqualTo(server);
    }
}
