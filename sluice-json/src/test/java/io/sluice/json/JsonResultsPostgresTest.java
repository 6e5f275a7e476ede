package io.sluice.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.Connection;
import io.sluice.Sluice;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** JSON written from real PostgreSQL results, parsed back and compared with what the rows hold. */
class JsonResultsPostgresTest {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);

    static final String TEXT = "caf\u00e9 \"quoted\" \\ back\nline\ttab \u0001 \u2603 \uD83D\uDE00 </script>";

    private static final String EVERY_TYPE = """
            SELECT true AS b, 32767::int2 AS s, (-2147483648)::int4 AS i, 9223372036854775807::int8 AS l,
                   1.5::float4 AS f, 'NaN'::float8 AS dnan, '-Infinity'::float8 AS dinf, '-0'::float8 AS dneg,
                   123456789012345678901234567890.123456789::numeric AS n, 'NaN'::numeric AS nnan,
                   $1::text AS t, '\\xdeadbeef'::bytea AS bin, date '2024-02-29' AS d, date '0044-03-15 BC' AS dbc,
                   'infinity'::date AS dinfd, time '24:00:00' AS t24, time '13:45:00.5' AS tm,
                   timetz '13:45:00+02' AS ttz, timestamp '2024-02-29 13:45:00.123456' AS ts,
                   timestamptz '2024-02-29 13:45:00+02' AS tstz, interval '1 year 2 mons 3 days 04:05:06.5' AS iv,
                   'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid AS u, '{"a": [1, 2, {"b": null}]}'::jsonb AS jb,
                   '{"x":  1}'::json AS j, ARRAY[1, NULL, 3] AS arr, ARRAY['a"b', NULL] AS tarr, NULL::int4 AS nul""";

    private static Connection connection;

    @BeforeAll
    static void connect() {
        connection = Sluice.connect("postgresql://postgres@127.0.0.1:5432/test?sslmode=disable");
    }

    @AfterAll
    static void close() {
        connection.close();
    }

    @Test
    void shouldWriteEveryTypeByTheDocumentedRuleWhenParsedBack() throws Exception {
        String json = write(EVERY_TYPE, JsonOptions.DEFAULT, TEXT);
        JsonNode row = MAPPER.readTree(json).get(0);

        assertThat(row.get("b").booleanValue()).isTrue();
        assertThat(row.get("s").intValue()).isEqualTo(32767);
        assertThat(row.get("i").intValue()).isEqualTo(Integer.MIN_VALUE);
        assertThat(row.get("l").longValue()).isEqualTo(Long.MAX_VALUE);
        assertThat(row.get("f").decimalValue()).isEqualByComparingTo("1.5");
        assertThat(row.get("dnan").textValue()).isEqualTo("NaN");
        assertThat(row.get("dinf").textValue()).isEqualTo("-Infinity");
        assertThat(json).contains("\"dneg\":-0.0");
        assertThat(row.get("n").decimalValue()).isEqualTo(new BigDecimal("123456789012345678901234567890.123456789"));
        assertThat(json).contains("\"n\":123456789012345678901234567890.123456789");
        assertThat(row.get("nnan").textValue()).isEqualTo("NaN");
        assertThat(row.get("t").textValue()).isEqualTo(TEXT);
        assertThat(row.get("bin").textValue()).isEqualTo("3q2+7w==");
        assertThat(row.get("d").textValue()).isEqualTo("2024-02-29");
        assertThat(row.get("dbc").textValue()).as("44 BC is ISO year -43").isEqualTo("-0043-03-15");
        assertThat(row.get("dinfd").textValue()).isEqualTo("infinity");
        assertThat(row.get("t24").textValue()).isEqualTo("24:00:00");
        assertThat(row.get("tm").textValue()).isEqualTo("13:45:00.5");
        assertThat(row.get("ttz").textValue()).isEqualTo("13:45:00+02:00");
        assertThat(row.get("ts").textValue()).isEqualTo("2024-02-29T13:45:00.123456");
        assertThat(row.get("tstz").textValue()).isEqualTo("2024-02-29T11:45:00Z");
        assertThat(row.get("iv").textValue()).isEqualTo("P1Y2M3DT4H5M6.5S");
        assertThat(row.get("u").textValue()).isEqualTo("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11");
        assertThat(row.get("jb")).isEqualTo(MAPPER.readTree("{\"a\":[1,2,{\"b\":null}]}"));
        assertThat(json).as("json is spliced verbatim, not re-serialised").contains("\"j\":{\"x\":  1}");
        assertThat(row.get("arr").toString()).isEqualTo("[1,null,3]");
        assertThat(row.get("tarr").toString()).isEqualTo("[\"a\\\"b\",null]");
        assertThat(row.get("nul").isNull()).isTrue();
    }

    @Test
    void shouldWriteTheSameBytesWhenResultCameThroughCachedOrPreparedPath() {
        String first = write(EVERY_TYPE, JsonOptions.DEFAULT, TEXT);
        String cached = write(EVERY_TYPE, JsonOptions.DEFAULT, TEXT);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (var statement = connection.prepare(EVERY_TYPE)) {
            JsonResults.write(statement, out, JsonOptions.DEFAULT, TEXT);
        }
        assertThat(cached).isEqualTo(first);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(first);
    }

    @Test
    void shouldEmbedRowsInACallersGeneratorAsJsonResultsWritesThem() throws Exception {
        JsonNode expected =
                MAPPER.readTree(write(EVERY_TYPE, JsonOptions.DEFAULT, TEXT)).get(0);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        java.io.StringWriter chars = new java.io.StringWriter(); // a character generator takes the other paths
        try (var g = MAPPER.getFactory().createGenerator(bytes)) {
            writeEnvelope(g);
        }
        try (var g = MAPPER.getFactory().createGenerator(chars)) {
            writeEnvelope(g);
        }
        List<JsonNode> values = new java.util.ArrayList<>();
        expected.elements().forEachRemaining(values::add);
        for (JsonNode rows : List.of(
                MAPPER.readTree(bytes.toByteArray()).get("rows"),
                MAPPER.readTree(chars.toString()).get("rows"))) {
            assertThat(rows.get(0)).isEqualTo(expected);
            assertThat(rows.get(1)).isEqualTo(MAPPER.valueToTree(values));
        }
    }

    @Test
    void shouldHonourTheCallersGeneratorSettingsWhenEmbedding() throws Exception {
        var factory = com.fasterxml.jackson.core.JsonFactory.builder()
                .enable(com.fasterxml.jackson.core.json.JsonWriteFeature.WRITE_NUMBERS_AS_STRINGS)
                .build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int use = 0; use < 3; use++) { // text format first, binary once the statement is cached
            out.reset();
            try (var rows = connection.stream("SELECT 1.50::numeric AS n, 2.5::float8 AS d, 7 AS i", 10);
                    var g = factory.createGenerator(out)) {
                RowJsonWriter.forColumns(rows.columns(), NonFinite.STRING).writeObject(rows.next(), g);
            }
            assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("{\"n\":\"1.50\",\"d\":\"2.5\",\"i\":\"7\"}");
        }
    }

    private static void writeEnvelope(com.fasterxml.jackson.core.JsonGenerator g) throws java.io.IOException {
        try (var rows = connection.stream(EVERY_TYPE, 10, TEXT)) {
            RowJsonWriter writer = RowJsonWriter.forColumns(rows.columns(), NonFinite.STRING);
            g.writeStartObject();
            g.writeFieldName("rows");
            g.writeStartArray();
            while (rows.hasNext()) {
                var row = rows.next();
                writer.writeObject(row, g);
                writer.writeArray(row, g);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    @Test
    void shouldWriteNullForNonFiniteWhenPolicyIsNull() throws Exception {
        String json = write(
                "SELECT 'NaN'::float8 AS a, 'Infinity'::numeric AS b, 2.5::float8 AS c",
                JsonOptions.DEFAULT.withNonFinite(NonFinite.NULL));
        assertThat(json).isEqualTo("[{\"a\":null,\"b\":null,\"c\":2.5}]");
    }

    @Test
    void shouldWriteEachShapeWhenAsked() {
        String sql = "SELECT x AS id, 'n' || x AS name FROM generate_series(1, 2) AS x";
        assertThat(write(sql, JsonOptions.DEFAULT))
                .isEqualTo("[{\"id\":1,\"name\":\"n1\"},{\"id\":2,\"name\":\"n2\"}]");
        assertThat(write(sql, JsonOptions.DEFAULT.withShape(JsonShape.ARRAYS))).isEqualTo("[[1,\"n1\"],[2,\"n2\"]]");
        assertThat(write(sql, JsonOptions.DEFAULT.withShape(JsonShape.NDJSON)))
                .isEqualTo("{\"id\":1,\"name\":\"n1\"}\n{\"id\":2,\"name\":\"n2\"}\n");
    }

    @Test
    void shouldWriteEmptyDocumentWhenResultHasNoRows() {
        String sql = "SELECT 1 AS x WHERE false";
        assertThat(write(sql, JsonOptions.DEFAULT)).isEqualTo("[]");
        assertThat(write(sql, JsonOptions.DEFAULT.withShape(JsonShape.ARRAYS))).isEqualTo("[]");
        assertThat(write(sql, JsonOptions.DEFAULT.withShape(JsonShape.NDJSON))).isEmpty();
    }

    @Test
    void shouldStreamInBoundedMemoryWhenResultIsLargerThanTheHeap() throws Exception {
        // The module's tests run with -Xmx128m (see pom.xml); this result is about 190 MB of JSON,
        // so any code path that held the rows or the document would run out of memory.
        long max = Runtime.getRuntime().maxMemory();
        CountingOutputStream out = new CountingOutputStream();
        long rows = JsonResults.write(
                connection,
                "SELECT x AS id, repeat('x', 150) AS pad, x * 0.5 AS half FROM generate_series(1, $1) AS x",
                out,
                JsonOptions.DEFAULT.withFetchSize(500),
                1_000_000);
        assertThat(rows).isEqualTo(1_000_000);
        assertThat(out.count).isGreaterThan(max);
        assertThat(out.last).isEqualTo((byte) ']');
        // The connection is usable afterwards: the stream was consumed and closed.
        assertThat(connection.query("SELECT 1", r -> r.getInt(0))).containsExactly(1);
    }

    @Test
    void shouldMatchRowGettersWhenReadingTheSameRows() throws Exception {
        String sql = "SELECT x AS id, x / 3.0 AS ratio, 'row ' || x AS label FROM generate_series(1, 50) AS x";
        List<String> expected = connection.query(
                sql, r -> r.getLong(0) + "|" + r.getBigDecimal(1).toPlainString() + "|" + r.getString(2));
        String json = write(sql, JsonOptions.DEFAULT);
        assertThat(json).as("numeric keeps its display scale").contains("\"ratio\":1.00000000000000000000,");
        JsonNode array = MAPPER.readTree(json);
        assertThat(array).hasSize(50);
        for (int i = 0; i < 50; i++) {
            JsonNode node = array.get(i);
            String[] want = expected.get(i).split("\\|");
            assertThat(node.get("id").asText()).isEqualTo(want[0]);
            assertThat(node.get("ratio").decimalValue()).isEqualByComparingTo(want[1]);
            assertThat(node.get("label").textValue()).isEqualTo(want[2]);
        }
    }

    private static String write(String sql, JsonOptions options, Object... params) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonResults.write(connection, sql, out, options, params);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static final class CountingOutputStream extends OutputStream {
        long count;
        byte last;

        @Override
        public void write(int b) {
            count++;
            last = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
            if (len > 0) {
                last = b[off + len - 1];
            }
        }
    }
}
