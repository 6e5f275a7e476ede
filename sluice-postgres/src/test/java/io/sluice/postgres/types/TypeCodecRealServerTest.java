package io.sluice.postgres.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.Sluice;
import io.sluice.postgres.PgCodecs;
import io.sluice.postgres.internal.codec.PgRow;
import io.sluice.types.TypeCodec;
import java.nio.ByteBuffer;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The {@link TypeCodec} SPI through the real server: codecs found by name in {@code pg_type} once
 * per connection, used by {@code getObject} and {@code get(i, Class)} on the text path (statement
 * cache off, and a statement's first executions) and the binary path (cached statements, for binary
 * codecs), and for parameters; types created, or dropped and created again, after the lookup.
 */
class TypeCodecRealServerTest {
    private static final String S = "slpt_codec";
    private static Connection c;
    private static Connection text;
    private static java.sql.Connection jdbc;
    private static boolean hstore;

    enum Mood {
        sad,
        ok,
        happy
    }

    enum Late {
        early,
        late
    }

    record Point(int x, String label, LocalDate d) {}

    /** PostgreSQL's geometric {@code point}: a type the driver does not know, read by a codec of the test's own. */
    record Pt(double x, double y) {}

    static final TypeCodec<Pt> POINT = new TypeCodec<>() {
        @Override
        public String typeName() {
            return "pg_catalog.point";
        }

        @Override
        public Class<Pt> javaType() {
            return Pt.class;
        }

        @Override
        public Pt decodeText(String text) {
            String[] xy = text.substring(1, text.length() - 1).split(",");
            return new Pt(Double.parseDouble(xy[0]), Double.parseDouble(xy[1]));
        }

        @Override
        public String encodeText(Pt p) {
            return "(" + num(p.x()) + "," + num(p.y()) + ")";
        }

        private static String num(double d) {
            return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
        }

        @Override
        public boolean binary() {
            return true;
        }

        @Override
        public Pt decodeBinary(byte[] value) {
            ByteBuffer b = ByteBuffer.wrap(value);
            return new Pt(b.getDouble(), b.getDouble());
        }
    };

    @BeforeAll
    static void open() throws Exception {
        try (Connection admin = Sluice.connect(TypeRoundTripTest.config())) {
            admin.executeScript("DROP SCHEMA IF EXISTS " + S + " CASCADE; CREATE SCHEMA " + S + ";"
                    + "CREATE TYPE " + S + ".mood AS ENUM ('sad', 'ok', 'happy');"
                    + "CREATE TYPE " + S + ".point AS (x int4, label text, d date)");
            hstore = admin.queryFirst(
                                    "SELECT count(*) FROM pg_available_extensions WHERE name = 'hstore'",
                                    r -> r.getLong(0))
                            .orElseThrow()
                    > 0;
            if (hstore) {
                admin.executeScript("CREATE EXTENSION IF NOT EXISTS hstore");
            }
        }
        var codecs = TypeRoundTripTest.builder()
                .typeCodec(PgCodecs.enumType(S + ".mood", Mood.class))
                .typeCodec(PgCodecs.enumType(S + ".late", Late.class))
                .typeCodec(PgCodecs.composite(S + ".point", Point.class))
                .typeCodec(PgCodecs.hstore())
                .typeCodec(POINT);
        c = Sluice.connect(codecs.build());
        text = Sluice.connect(codecs.statementCacheSize(0).build());
        jdbc = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test?sslmode=disable", "postgres", "");
    }

    @AfterAll
    static void close() throws Exception {
        c.executeScript("DROP SCHEMA IF EXISTS " + S + " CASCADE");
        c.close();
        text.close();
        jdbc.close();
    }

    /** The column read on the text connection, then five times on the cached one; also whether the last was binary. */
    private static <T> List<T> everyPath(String sql, Function<Row, T> read, boolean binary, Object... params) {
        List<T> out = new ArrayList<>();
        List<Boolean> formats = new ArrayList<>();
        for (Connection x : List.of(text, c, c, c, c, c)) {
            x.query(
                    sql,
                    r -> {
                        out.add(read.apply(r));
                        formats.add(((PgRow) r).layout().binary(0));
                        return null;
                    },
                    params);
        }
        assertThat(formats.getFirst()).isFalse();
        assertThat(formats.getLast()).as("binary on the cached path").isEqualTo(binary);
        return out;
    }

    private static String pgjdbcText(String sql) throws Exception {
        try (ResultSet rs = jdbc.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void shouldReadAnEnumThroughItsCodecOnEveryPath() throws Exception {
        String sql = "SELECT 'happy'::" + S + ".mood";
        assertThat(everyPath(sql, r -> r.getObject(0), true)).containsOnly(Mood.happy);
        assertThat(everyPath(sql, r -> r.getString(0), true)).containsOnly(pgjdbcText(sql));
        assertThat(everyPath(sql, r -> r.get(0, Mood.class), true)).containsOnly(Mood.happy);
    }

    @Test
    void shouldSendAnEnumDeclaredAsItsType() {
        // No cast: the parameter is declared with the enum's OID, so the result column is the enum.
        assertThat(everyPath("SELECT $1", r -> r.getObject(0), true, Mood.sad)).containsOnly(Mood.sad);
    }

    @Test
    void shouldReadACompositeAsARecord() throws Exception {
        String sql = "SELECT ROW(3, 'a \"b\", c', '2024-02-29')::" + S + ".point";
        Point expected = new Point(3, "a \"b\", c", LocalDate.of(2024, 2, 29));
        assertThat(everyPath(sql, r -> r.getObject(0), false)).containsOnly(expected);
        assertThat(everyPath(sql, r -> r.getString(0), false)).containsOnly(pgjdbcText(sql));
        assertThat(everyPath("SELECT $1", r -> r.getObject(0), false, expected)).containsOnly(expected);
    }

    @Test
    void shouldReadHstoreAsAMapInBothFormats() throws Exception {
        assumeTrue(hstore, "the hstore extension is not available on this server (postgresql-contrib)");
        String sql = "SELECT 'a=>1, \"b c\"=>NULL, \"q\\\"\"=>\"x,y\"'::hstore";
        Map<?, ?> expected;
        try (ResultSet rs = jdbc.createStatement().executeQuery(sql)) {
            rs.next();
            expected = (Map<?, ?>) rs.getObject(1);
        }
        assertThat(everyPath(sql, r -> r.getObject(0), true)).containsOnly(expected);
        assertThat(everyPath(sql, r -> r.getString(0), true)).containsOnly(pgjdbcText(sql));
        Map<String, String> sent = new java.util.LinkedHashMap<>();
        sent.put("k", "v \\ \"q\"");
        sent.put("n", null);
        assertThat(everyPath("SELECT $1", r -> r.getObject(0), true, sent)).containsOnly(sent);
    }

    @Test
    void shouldReadATypeOfTheApplicationsOwnInBinary() throws Exception {
        String sql = "SELECT point(1.5, -2)";
        assertThat(everyPath(sql, r -> r.getObject(0), true)).containsOnly(new Pt(1.5, -2));
        assertThat(everyPath(sql, r -> r.getString(0), true)).containsOnly(pgjdbcText(sql));
        assertThat(everyPath("SELECT $1", r -> r.get(0, Pt.class), true, new Pt(0.25, 7)))
                .containsOnly(new Pt(0.25, 7));
    }

    @Test
    void shouldFindATypeCreatedAfterTheLookupAndAgainAfterItIsRecreated() {
        String sql = "SELECT 'late'::" + S + ".late";
        // Created on this connection: its CREATE TYPE makes the next request look the names up first.
        c.executeScript("DROP TYPE IF EXISTS " + S + ".late; CREATE TYPE " + S + ".late AS ENUM ('early', 'late')");
        assertThat(c.queryFirst(sql, r -> r.getObject(0)).orElseThrow()).isEqualTo(Late.late);
        // Recreated by another connection (a new OID): by class at once, by OID from the next request on.
        try (Connection other = Sluice.connect(TypeRoundTripTest.config())) {
            other.executeScript("DROP TYPE " + S + ".late; CREATE TYPE " + S + ".late AS ENUM ('late', 'early')");
        }
        assertThat(c.queryFirst(sql, r -> r.get(0, Late.class)).orElseThrow()).isEqualTo(Late.late);
        assertThat(c.queryFirst(sql, r -> r.getObject(0)).orElseThrow()).isEqualTo(Late.late);
        // After a pool's reset the OIDs met are forgotten and found again.
        c.reset();
        assertThat(c.queryFirst(sql, r -> r.getObject(0)).orElseThrow()).isEqualTo(Late.late);
    }

    /** A WAL position, read through a text codec made of two functions. */
    record Lsn(long value) {
        static Lsn parse(String s) {
            int slash = s.indexOf('/');
            return new Lsn(
                    Long.parseLong(s.substring(0, slash), 16) << 32 | Long.parseLong(s.substring(slash + 1), 16));
        }

        String text() {
            return Long.toHexString(value >>> 32).toUpperCase() + "/"
                    + Long.toHexString(value & 0xFFFFFFFFL).toUpperCase();
        }
    }

    @Test
    void shouldReadAndSendThroughATextCodecOfTwoFunctions() {
        TypeCodec<Lsn> lsn = TypeCodec.ofText("pg_lsn", Lsn.class, Lsn::parse, Lsn::text);
        try (Connection x =
                Sluice.connect(TypeRoundTripTest.builder().typeCodec(lsn).build())) {
            for (int i = 0; i < 5; i++) {
                assertThat(x.queryFirst("SELECT '16/B374D848'::pg_lsn", r -> r.getObject(0))
                                .orElseThrow())
                        .isEqualTo(new Lsn(0x16L << 32 | 0xB374D848L));
                assertThat(x.queryFirst("SELECT $1", r -> r.getString(0), new Lsn(0x1L << 32 | 0xAL))
                                .orElseThrow())
                        .isEqualTo("1/A");
            }
        }
    }

    @Test
    void shouldUseCodecsInStreamsBatchesAndPreparedStatements() {
        c.executeScript("CREATE TABLE " + S + ".moods (id int4, m " + S + ".mood, p " + S + ".point)");
        Point p = new Point(1, "x", LocalDate.of(2024, 1, 1));
        c.executeBatch(
                "INSERT INTO " + S + ".moods VALUES ($1, $2, $3)",
                List.of(new Object[] {1, Mood.sad, p}, new Object[] {2, Mood.happy, null}));
        for (int round = 0; round < 3; round++) {
            List<Object> moods = new ArrayList<>();
            try (var stream = c.stream("SELECT m, p FROM " + S + ".moods ORDER BY id", 1)) {
                while (stream.hasNext()) {
                    Row r = stream.next();
                    moods.add(r.getObject(0));
                    moods.add(r.getObject(1));
                }
            }
            assertThat(moods).containsExactly(Mood.sad, p, Mood.happy, null);
            try (var ps = c.prepare("SELECT id FROM " + S + ".moods WHERE m = $1")) {
                assertThat(ps.query(r -> r.getInt(0), Mood.happy)).containsExactly(2);
            }
        }
    }

    @Test
    void shouldAttachNothingToConnectionsWithoutCodecs() {
        try (Connection plain = Sluice.connect(TypeRoundTripTest.config())) {
            plain.query("SELECT 'ok'::" + S + ".mood", r -> {
                assertThat(((PgRow) r).layout().codecs()).isNull();
                assertThat(r.getObject(0)).isEqualTo("ok");
                assertThat(r.get(0, Mood.class)).isEqualTo(Mood.ok);
                return null;
            });
        }
    }
}
