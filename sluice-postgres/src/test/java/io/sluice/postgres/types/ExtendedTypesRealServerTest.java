package io.sluice.postgres.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.Connection;
import io.sluice.Sluice;
import io.sluice.postgres.internal.codec.PgRow;
import io.sluice.types.BitString;
import io.sluice.types.InetPrefix;
import io.sluice.types.Range;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The extended types (network, money, bit strings, tsvector, ranges, multiranges, multi-dimensional
 * arrays, enums, domains, composites, hstore, citext) through the real server: each value read with the
 * statement cache off (text results), and five times through the statement cache (unprepared text,
 * prepared text, then binary for the fixed-OID types), equal every time, equal to the expected Java
 * value, and with {@code getString} equal to pgjdbc's.
 */
class ExtendedTypesRealServerTest {
    private static final String S = "slpt_ext";
    private static Connection c;
    private static Connection text;
    private static java.sql.Connection jdbc;
    private static String hstore; // the schema-qualified type name, or null when the extension is not available
    private static String citext;

    enum Mood {
        sad,
        ok,
        happy
    }

    record Point(int x, String label, LocalDate d) {}

    record Outer(Point p, Mood m, List<Integer> tags) {}

    @BeforeAll
    static void open() throws Exception {
        c = Sluice.connect(TypeRoundTripTest.config());
        text = Sluice.connect(TypeRoundTripTest.builder().statementCacheSize(0).build());
        for (Connection x : List.of(c, text)) {
            x.executeScript("SET TimeZone = 'UTC'");
        }
        c.executeScript("DROP SCHEMA IF EXISTS " + S + " CASCADE; CREATE SCHEMA " + S + ";"
                + "CREATE TYPE " + S + ".mood AS ENUM ('sad', 'ok', 'happy');"
                + "CREATE DOMAIN " + S + ".posint AS int4 CHECK (VALUE > 0);"
                + "CREATE TYPE " + S + ".point AS (x int4, label text, d date);"
                + "CREATE TYPE " + S + ".outer AS (p " + S + ".point, m " + S + ".mood, tags int4[])");
        hstore = extension("hstore");
        citext = extension("citext");
        jdbc = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test?sslmode=disable", "postgres", "");
        jdbc.createStatement().execute("SET TimeZone = 'UTC'");
    }

    /** Creates the extension if the server has it (shared by everyone: never dropped); its qualified type name. */
    private static String extension(String name) {
        boolean available =
                c.queryFirst("SELECT count(*) FROM pg_available_extensions WHERE name = $1", r -> r.getLong(0), name)
                                .orElseThrow()
                        > 0;
        if (!available) {
            return null;
        }
        c.executeScript("CREATE EXTENSION IF NOT EXISTS " + name);
        return c.queryFirst(
                        "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace"
                                + " WHERE e.extname = $1",
                        r -> r.getString(0),
                        name)
                .map(schema -> schema + "." + name)
                .orElseThrow();
    }

    @AfterAll
    static void close() throws Exception {
        c.executeScript("DROP SCHEMA IF EXISTS " + S + " CASCADE");
        c.close();
        text.close();
        jdbc.close();
    }

    static LinkedHashMap<String, String> map(String... kv) {
        LinkedHashMap<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    static Stream<Arguments> cases() throws Exception {
        return Stream.of(
                Arguments.of("'192.168.1.5/24'::inet", Object.class, prefix("192.168.1.5", 24), true),
                Arguments.of("'10.1.2.3'::inet", InetAddress.class, InetAddress.ofLiteral("10.1.2.3"), true),
                Arguments.of("'2001:db8::/32'::cidr", Object.class, prefix("2001:db8::", 32), true),
                Arguments.of("'::ffff:1.2.3.4'::inet", InetPrefix.class, mapped(), true),
                Arguments.of("'fe80::1:0:0:0:1/64'::inet", Object.class, prefix("fe80::1:0:0:0:1", 64), true),
                Arguments.of("'08:00:2b:01:02:03'::macaddr", Object.class, "08:00:2b:01:02:03", true),
                Arguments.of(
                        "'08:00:2b:01:02:03:04:05'::macaddr8",
                        byte[].class,
                        new byte[] {8, 0, 0x2b, 1, 2, 3, 4, 5},
                        true),
                Arguments.of("(-1234567.5)::money", Object.class, new BigDecimal("-1234567.50"), true),
                Arguments.of("0::money", BigDecimal.class, new BigDecimal("0.00"), true),
                Arguments.of("B'1010'::bit(4)", Object.class, BitString.parse("1010"), true),
                Arguments.of(
                        "B'100000001'::varbit",
                        BitSet.class,
                        BitString.parse("100000001").toBitSet(),
                        true),
                Arguments.of("B''::varbit", Object.class, BitString.parse(""), true),
                Arguments.of(
                        "'a:1A fat:2B,4C cat:5 ''x y'' b\\\\c'::tsvector",
                        Object.class,
                        "'a':1A 'b\\\\c' 'cat':5 'fat':2B,4C 'x y'",
                        true),
                Arguments.of("int4range(1, 10)", Object.class, Range.closedOpen(1, 10), true),
                Arguments.of("'empty'::int4range", Range.class, Range.empty(), true),
                Arguments.of("'(,)'::int8range", Object.class, Range.unbounded(), true),
                Arguments.of(
                        "numrange(1.50, NULL, '(]')",
                        Object.class,
                        Range.of(new BigDecimal("1.50"), false, null, false),
                        true),
                Arguments.of(
                        "'[2024-01-01,infinity)'::daterange",
                        Object.class,
                        Range.closedOpen(LocalDate.of(2024, 1, 1), LocalDate.MAX),
                        true),
                Arguments.of(
                        "tsrange('2024-01-01 10:00', '2024-01-02', '[]')",
                        Object.class,
                        Range.closed(LocalDateTime.of(2024, 1, 1, 10, 0), LocalDateTime.of(2024, 1, 2, 0, 0)),
                        true),
                Arguments.of(
                        "tstzrange('2024-01-01 10:00+02', NULL)",
                        Object.class,
                        Range.closedOpen(OffsetDateTime.of(2024, 1, 1, 8, 0, 0, 0, ZoneOffset.UTC), null),
                        true),
                Arguments.of(
                        "'{[1,3), [5,7)}'::int4multirange",
                        Object.class,
                        List.of(Range.closedOpen(1, 3), Range.closedOpen(5, 7)),
                        true),
                Arguments.of("'{}'::datemultirange", Object.class, List.of(), true),
                Arguments.of(
                        "ARRAY[int4range(1,2), 'empty']",
                        Object.class,
                        Arrays.asList(Range.closedOpen(1, 2), Range.empty()),
                        true),
                Arguments.of(
                        "ARRAY['10.0.0.1'::inet, NULL]",
                        Object.class,
                        Arrays.asList(prefix("10.0.0.1", 32), null),
                        true),
                Arguments.of(
                        "ARRAY[[1,2],[3,NULL]]::int4[]",
                        Object.class,
                        List.of(List.of(1, 2), Arrays.asList(3, null)),
                        true),
                Arguments.of("ARRAY[[1,2],[3,4]]::int8[]", long[][].class, new long[][] {{1, 2}, {3, 4}}, true),
                Arguments.of(
                        "ARRAY[[['a b','\"']]]::text[]", String[][][].class, new String[][][] {{{"a b", "\""}}}, true),
                Arguments.of(
                        "'[0:1][1:1]={{7},{8}}'::int2[]",
                        Object.class, List.of(List.of((short) 7), List.of((short) 8)), true),
                Arguments.of("'happy'::" + S + ".mood", Mood.class, Mood.happy, false),
                Arguments.of("'ok'::" + S + ".mood", Object.class, "ok", false),
                Arguments.of("ARRAY['sad','ok']::" + S + ".mood[]", String.class, "{sad,ok}", false),
                Arguments.of("5::" + S + ".posint", Object.class, 5, true),
                Arguments.of(
                        "ROW(3, 'a \"b\", c', '2024-02-29')::" + S + ".point",
                        Point.class,
                        new Point(3, "a \"b\", c", LocalDate.of(2024, 2, 29)),
                        false),
                Arguments.of(
                        "ROW(ROW(1, NULL, NULL)::" + S + ".point, 'sad', ARRAY[1,2])::" + S + ".outer",
                        Outer.class,
                        new Outer(new Point(1, null, null), Mood.sad, List.of(1, 2)),
                        false),
                Arguments.of("ROW(7, 'x', NULL::date)", Point.class, new Point(7, "x", null), false));
    }

    private static InetPrefix prefix(String address, int bits) {
        return new InetPrefix(InetAddress.ofLiteral(address), bits);
    }

    private static InetPrefix mapped() throws Exception {
        byte[] a = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff, 1, 2, 3, 4};
        return new InetPrefix(java.net.Inet6Address.getByAddress(null, a, -1), 128);
    }

    @ParameterizedTest(name = "{0} as {1}")
    @MethodSource("cases")
    void shouldReadTheSameValueOnEveryPathAndAgreeWithPgjdbc(
            String expr, Class<?> type, Object expected, boolean binary) throws Exception {
        String sql = "SELECT " + expr + " AS v";
        String pgjdbcText;
        try (ResultSet rs = jdbc.createStatement().executeQuery(sql)) {
            rs.next();
            pgjdbcText = rs.getString(1);
        }
        List<Object> values = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        List<Boolean> formats = new ArrayList<>();
        for (Connection x : List.of(text, c, c, c, c, c)) {
            x.query(sql, r -> {
                values.add(r.get(0, type));
                texts.add(r.getString(0));
                formats.add(((PgRow) r).layout().binary(0));
                return null;
            });
        }
        for (Object v : values) {
            assertEqual(v, expected);
        }
        assertThat(texts).as("getString on every path, as pgjdbc reads it").containsOnly(pgjdbcText);
        assertThat(formats.getFirst()).isFalse();
        assertThat(formats.getLast()).as("binary on the cached path").isEqualTo(binary);
    }

    private static void assertEqual(Object actual, Object expected) {
        if (expected != null && expected.getClass().isArray()) {
            assertThat(Objects.deepEquals(actual, expected))
                    .as(Arrays.deepToString(new Object[] {actual}))
                    .isTrue();
        } else {
            assertThat(actual).isEqualTo(expected);
        }
    }

    @Test
    void shouldAgreeWithPgjdbcOnTypedValues() throws Exception {
        String sql = "SELECT (-1234.5)::money, ARRAY[[1,2],[3,4]]::int4[], B'1'::bit(1), 'ok'::" + S + ".mood";
        try (ResultSet rs = jdbc.createStatement().executeQuery(sql)) {
            rs.next();
            // pgjdbc refuses the money text it reads (its money trimming keeps the group separator): see TYPES.md
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> rs.getBigDecimal(1))
                    .isInstanceOf(java.sql.SQLException.class);
            BigDecimal money = new BigDecimal("-1234.50");
            Object[] array = (Object[]) rs.getArray(2).getArray();
            boolean bit = rs.getBoolean(3);
            String mood = rs.getString(4);
            for (Connection x : List.of(text, c, c, c, c)) {
                x.query(sql, r -> {
                    assertThat(r.getBigDecimal(0)).isEqualByComparingTo(money);
                    assertThat(Objects.deepEquals(r.get(1, Integer[][].class), array))
                            .isTrue();
                    assertThat(r.get(2, BitString.class).get(0)).isEqualTo(bit);
                    assertThat(r.getBoolean(2)).isEqualTo(bit);
                    assertThat(r.get(3, Mood.class).name()).isEqualTo(mood);
                    return null;
                });
            }
        }
    }

    @Test
    void shouldReadArraysOfEnumsAsPgjdbcDoes() throws Exception {
        String sql = "SELECT ARRAY['sad', NULL, 'happy']::" + S + ".mood[], ARRAY[['ok'],['sad']]::" + S + ".mood[]";
        Object[] flat;
        Object[] nested;
        try (ResultSet rs = jdbc.createStatement().executeQuery(sql)) {
            rs.next();
            flat = (Object[]) rs.getArray(1).getArray();
            nested = (Object[]) rs.getArray(2).getArray();
        }
        for (Connection x : List.of(text, c, c, c, c)) {
            x.query(sql, r -> {
                assertThat(r.getList(0, Mood.class)).containsExactly(Mood.sad, null, Mood.happy);
                assertThat(r.getList(0, String.class).toArray()).containsExactly(flat);
                assertThat(r.get(1, Mood[][].class)).isEqualTo(new Mood[][] {{Mood.ok}, {Mood.sad}});
                assertThat(Objects.deepEquals(r.get(1, String[][].class), nested))
                        .isTrue();
                return null;
            });
        }
    }

    @Test
    void shouldReadHstoreAsAMapAsPgjdbcDoes() throws Exception {
        assumeTrue(hstore != null, "the hstore extension is not available on this server (postgresql-contrib)");
        String sql = "SELECT 'a=>1, \"b c\"=>NULL, \"q\\\"\"=>\"x,y\"'::" + hstore;
        Map<Object, Object> expected;
        try (ResultSet rs = jdbc.createStatement().executeQuery(sql)) {
            rs.next();
            expected = new LinkedHashMap<>((Map<?, ?>) rs.getObject(1));
        }
        assertThat(expected).containsEntry("b c", null).containsEntry("q\"", "x,y");
        for (Connection x : List.of(text, c, c, c, c)) {
            x.query(sql, r -> assertThat(r.get(0, Map.class)).isEqualTo(expected));
        }
        Map<String, String> sent = map("k", "v \"quoted\"", "n", null, "", "empty key");
        assertThat(c.queryFirst("SELECT $1::" + hstore, r -> r.get(0, Map.class), sent)
                        .orElseThrow())
                .isEqualTo(sent);
    }

    @Test
    void shouldReadCitextAsString() throws Exception {
        assumeTrue(citext != null, "the citext extension is not available on this server (postgresql-contrib)");
        String sql = "SELECT 'MiXeD'::" + citext + " AS v, 'mixed'::" + citext + " = 'MIXED' AS eq";
        for (Connection x : List.of(text, c, c, c, c)) {
            x.query(sql, r -> {
                assertThat(r.getObject(0)).isEqualTo("MiXeD");
                assertThat(r.getBoolean(1)).isTrue();
                return null;
            });
        }
        assertThat(c.queryFirst("SELECT $1::" + citext + " = 'abc'", r -> r.getBoolean(0), "ABC")
                        .orElseThrow())
                .isTrue();
    }

    static Stream<Arguments> parameters() throws Exception {
        return Stream.of(
                Arguments.of("int4range", Range.closedOpen(1, 5)),
                Arguments.of("int8range", Range.closedOpen(2L, null)),
                Arguments.of("daterange", Range.closedOpen(LocalDate.of(2024, 1, 1), LocalDate.MAX)),
                Arguments.of(
                        "tstzrange", Range.closedOpen(OffsetDateTime.of(2024, 1, 1, 8, 0, 0, 0, ZoneOffset.UTC), null)),
                Arguments.of("numrange", Range.empty()),
                Arguments.of("inet", prefix("10.1.2.3", 8)),
                Arguments.of("cidr", prefix("10.0.0.0", 8)),
                Arguments.of("varbit", BitString.parse("0110")),
                Arguments.of("int4[]", List.of(List.of(1, 2), List.of(3, 4))),
                Arguments.of(S + ".mood", Mood.happy),
                Arguments.of(S + ".point", new Point(1, "a,\"b\" (c)", LocalDate.of(2024, 1, 2))),
                Arguments.of(S + ".outer", new Outer(new Point(1, null, null), Mood.ok, List.of(5))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("parameters")
    void shouldSendParametersOfTheExtendedTypes(String type, Object value) {
        Class<?> read = value instanceof List<?> ? int[][].class : value.getClass();
        for (int i = 0; i < 4; i++) {
            Object back = c.queryFirst("SELECT $1::" + type, r -> r.get(0, read), value)
                    .orElseThrow();
            if (value instanceof List<?> l) {
                assertThat(Objects.deepEquals(back, new int[][] {{1, 2}, {3, 4}}))
                        .isTrue();
            } else {
                assertThat(back).isEqualTo(value);
            }
        }
        Object viaText = text.queryFirst("SELECT $1::" + type, r -> r.get(0, read), value)
                .orElseThrow();
        if (!(value instanceof List<?>)) {
            assertThat(viaText).isEqualTo(value);
        }
    }
}
