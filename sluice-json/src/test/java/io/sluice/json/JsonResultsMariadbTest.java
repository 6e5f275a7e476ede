package io.sluice.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.Connection;
import io.sluice.Sluice;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The same writer over MariaDB rows: the row interface is shared, so the rules are too. */
class JsonResultsMariadbTest {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);

    private static final String SQL = """
            SELECT CAST(18446744073709551615 AS UNSIGNED) AS u, -9223372036854775808 AS l, ? AS t,
                   CAST(1.50 AS DECIMAL(5,2)) AS n, CAST('2024-02-29' AS DATE) AS d,
                   CAST('-838:59:59' AS TIME) AS tm, CAST('2024-02-29 13:45:00.123456' AS DATETIME(6)) AS ts,
                   X'DEADBEEF' AS bin, NULL AS nul""";

    @Test
    void shouldWriteMariadbRowsByTheSameRulesWhenParsedBack() throws Exception {
        String json;
        try (Connection c = Sluice.connect("mariadb://root@127.0.0.1:3306/test?sslmode=disable")) {
            for (int path = 0; path < 2; path++) { // first: prepared on the way; second: from the statement cache
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                JsonResults.write(c, SQL, out, JsonOptions.DEFAULT, JsonResultsPostgresTest.TEXT);
                json = out.toString(StandardCharsets.UTF_8);
                JsonNode row = MAPPER.readTree(json).get(0);
                assertThat(row.get("u").bigIntegerValue()).isEqualTo(new BigInteger("18446744073709551615"));
                assertThat(row.get("l").longValue()).isEqualTo(Long.MIN_VALUE);
                assertThat(row.get("t").textValue()).isEqualTo(JsonResultsPostgresTest.TEXT);
                assertThat(json).contains("\"n\":1.50");
                assertThat(row.get("d").textValue()).isEqualTo("2024-02-29");
                assertThat(row.get("tm").textValue()).isEqualTo("PT-838H-59M-59S");
                assertThat(row.get("ts").textValue()).isEqualTo("2024-02-29T13:45:00.123456");
                assertThat(row.get("bin").textValue()).isEqualTo("3q2+7w==");
                assertThat(row.get("nul").isNull()).isTrue();
            }
        }
    }

    @Test
    void shouldWriteTimestampColumnsInUtcWhenParsedBack() throws Exception {
        try (Connection c = Sluice.connect("mariadb://root@127.0.0.1:3306/test?sslmode=disable")) {
            c.execute("CREATE TEMPORARY TABLE json_ts (ts TIMESTAMP(6) NULL)");
            c.execute("INSERT INTO json_ts VALUES (?), (NULL)", java.time.LocalDateTime.parse("2024-02-29T13:45:00.5"));
            for (int path = 0; path < 2; path++) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                JsonResults.write(c, "SELECT ts FROM json_ts ORDER BY ts IS NULL", out, JsonOptions.DEFAULT);
                String expected = c.query("SELECT ts FROM json_ts ORDER BY ts IS NULL", r -> r.getOffsetDateTime(0))
                        .get(0)
                        .format(java.time.format.DateTimeFormatter.ISO_OFFSET_DATE_TIME);
                assertThat(out.toString(StandardCharsets.UTF_8))
                        .isEqualTo("[{\"ts\":\"" + expected + "\"},{\"ts\":null}]");
                assertThat(expected).endsWith("Z");
            }
        }
    }
}
