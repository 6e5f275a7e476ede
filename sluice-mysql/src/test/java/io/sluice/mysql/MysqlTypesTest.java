package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.ColumnType;
import io.sluice.Connection;
import io.sluice.Interval;
import io.sluice.Json;
import io.sluice.Row;
import io.sluice.ValueConversionException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every MySQL type through both protocols: statement cache off and no parameters (COM_QUERY, text
 * rows), and on, where a parameterless text runs as COM_QUERY on its first two uses and as
 * COM_STMT_EXECUTE (binary rows) from its third: each check runs on every use. Table prefix my_.
 */
class MysqlTypesTest {

    @BeforeAll
    static void createTable() {
        try (Connection c = MysqlTestSupport.connect()) {
            c.executeScript("""
                    CREATE OR REPLACE TABLE my_types (
                      id INT PRIMARY KEY, ti TINYINT, tu TINYINT UNSIGNED, si SMALLINT, su SMALLINT UNSIGNED, mi MEDIUMINT,
                      i INT, iu INT UNSIGNED, bi BIGINT, bu BIGINT UNSIGNED, f FLOAT, d DOUBLE, dec1 DECIMAL(30,10),
                      b1 BIT(1), b12 BIT(12), bo BOOLEAN, ch CHAR(3), vc VARCHAR(20), tx TEXT, bl BLOB, bn BINARY(2),
                      dt DATE, tm TIME(6), tm2 TIME, dtm DATETIME(6), ts TIMESTAMP(3) NULL, yr YEAR, js JSON,
                      en ENUM('x','y'), st SET('a','b'), nl INT)""");
            c.executeScript("""
                    INSERT INTO my_types VALUES (1, -128, 255, -32768, 65535, -8388608, -2147483648, 4294967295,
                      -9223372036854775808, 18446744073709551615, 1.5, 2.25, 12345678901234567890.0123456789,
                      b'1', b'101010101010', TRUE, 'abc', '€😀', 'long text', x'00ff', x'0102',
                      '2024-02-29', '-25:30:00.5', '100:00:00', '2024-02-29 13:14:15.123456', '2024-02-29 13:14:15.123', 2024,
                      '{"a": 1}', 'y', 'a,b', NULL)""");
            c.executeScript(
                    "SET SESSION sql_mode = ''; INSERT INTO my_types (id, dt, dtm) VALUES (2, '0000-00-00', '0000-00-00 00:00:00')");
        }
    }

    private static void withRow(int cacheSize, int id, Consumer<Row> check) {
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.root().statementCacheSize(cacheSize))) {
            for (int use = 1; use <= 3; use++) { // with the cache on: text rows twice, then binary rows
                List<Boolean> seen = new ArrayList<>();
                c.forEach("SELECT * FROM my_types WHERE id = " + id, row -> {
                    check.accept(row);
                    seen.add(true);
                });
                assertThat(seen).as("use %d", use).hasSize(1);
            }
        }
    }

    @ParameterizedTest(name = "statementCacheSize={0}")
    @ValueSource(ints = {0, 256})
    void shouldDecodeIntegersWithoutOverflowWhenSignedOrUnsigned(int cacheSize) {
        withRow(cacheSize, 1, r -> {
            assertThat(r.getShort("ti")).isEqualTo((short) -128);
            assertThat(r.getInt("tu")).isEqualTo(255);
            assertThat(r.getShort("si")).isEqualTo((short) -32768);
            assertThat(r.getInt("su")).isEqualTo(65535);
            assertThat(r.getInt("mi")).isEqualTo(-8388608);
            assertThat(r.getInt("i")).isEqualTo(Integer.MIN_VALUE);
            assertThat(r.getLong("iu")).isEqualTo(4294967295L);
            assertThat(r.getLong("bi")).isEqualTo(Long.MIN_VALUE);
            assertThat(r.getObject("bu")).isEqualTo(new BigInteger("18446744073709551615"));
            assertThat(r.getString("bu")).isEqualTo("18446744073709551615");
            assertThat(r.getBigDecimal("bu")).isEqualTo(new BigDecimal("18446744073709551615"));
            assertThatThrownBy(() -> r.getLong("bu"))
                    .isInstanceOf(ValueConversionException.class)
                    .hasMessageContaining("column=bu");
            assertThatThrownBy(() -> r.getInt("iu")).isInstanceOf(ValueConversionException.class);
            assertThat(r.column(r.indexOf("bu")).unsigned()).isTrue();
            assertThat(r.getObject("su")).isEqualTo(65535);
            assertThat(r.getObject("iu")).isEqualTo(4294967295L);
        });
    }

    @ParameterizedTest(name = "statementCacheSize={0}")
    @ValueSource(ints = {0, 256})
    void shouldDecodeFloatsDecimalsBitsAndBooleans(int cacheSize) {
        withRow(cacheSize, 1, r -> {
            assertThat(r.getFloat("f")).isEqualTo(1.5f);
            assertThat(r.getDouble("d")).isEqualTo(2.25);
            assertThat(r.getBigDecimal("dec1")).isEqualTo(new BigDecimal("12345678901234567890.0123456789"));
            assertThat(r.getObject("dec1")).isEqualTo(new BigDecimal("12345678901234567890.0123456789"));
            assertThat(r.getBoolean("b1")).isTrue();
            assertThat(r.getObject("b1")).isEqualTo(true);
            assertThat(r.getLong("b12")).isEqualTo(0b101010101010L);
            assertThat(r.getBoolean("bo")).isTrue();
            assertThat(r.column(r.indexOf("bo")).type()).isEqualTo(ColumnType.BOOLEAN);
            assertThat(r.getObject("yr")).isEqualTo((short) 2024);
        });
    }

    @ParameterizedTest(name = "statementCacheSize={0}")
    @ValueSource(ints = {0, 256})
    void shouldDecodeTextAndBytesAsUtf8mb4(int cacheSize) {
        withRow(cacheSize, 1, r -> {
            assertThat(r.getString("ch")).isEqualTo("abc");
            assertThat(r.getString("vc")).isEqualTo("€😀");
            assertThat(r.getString("tx")).isEqualTo("long text");
            assertThat(r.getBytes("bl")).containsExactly(0x00, 0xff);
            assertThat(r.getObject("bn")).isEqualTo(new byte[] {1, 2});
            assertThat(r.column(r.indexOf("bl")).type()).isEqualTo(ColumnType.BYTES);
            assertThat(r.getString("js")).isEqualTo("{\"a\": 1}");
            assertThat(r.getString("en")).isEqualTo("y");
            assertThat(r.getString("st")).isEqualTo("a,b");
            assertThat(r.isNull("nl")).isTrue();
            assertThat(r.getObject("nl")).isNull();
            assertThatThrownBy(() -> r.getInt("nl"))
                    .isInstanceOf(ValueConversionException.class)
                    .hasMessageContaining("NULL");
        });
    }

    @ParameterizedTest(name = "statementCacheSize={0}")
    @ValueSource(ints = {0, 256})
    void shouldDecodeTemporalsWithFractionsAndTimesBeyondOneDay(int cacheSize) {
        withRow(cacheSize, 1, r -> {
            assertThat(r.getLocalDate("dt")).isEqualTo(LocalDate.of(2024, 2, 29));
            assertThat(r.getInterval("tm"))
                    .isEqualTo(new Interval(0, 0, -(25 * 3600 + 30 * 60) * 1_000_000L - 500_000));
            assertThat(r.getDuration("tm"))
                    .isEqualTo(Duration.ofHours(-25).minusMinutes(30).minusMillis(500));
            assertThat(r.getDuration("tm2")).isEqualTo(Duration.ofHours(100));
            assertThat(r.getString("tm")).isEqualTo("-25:30:00.500000");
            assertThatThrownBy(() -> r.getLocalTime("tm2")).isInstanceOf(ValueConversionException.class);
            assertThat(r.getLocalDateTime("dtm")).isEqualTo(LocalDateTime.of(2024, 2, 29, 13, 14, 15, 123_456_000));
            assertThat(r.getString("dtm")).isEqualTo("2024-02-29 13:14:15.123456");
            assertThat(r.getOffsetDateTime("ts"))
                    .isEqualTo(OffsetDateTime.of(2024, 2, 29, 13, 14, 15, 123_000_000, ZoneOffset.UTC));
        });
    }

    @ParameterizedTest(name = "statementCacheSize={0}")
    @ValueSource(ints = {0, 256})
    void shouldRefuseZeroDateUnlessSettingAllowsNull(int cacheSize) {
        withRow(cacheSize, 2, r -> {
            assertThatThrownBy(() -> r.getLocalDate("dt"))
                    .isInstanceOf(ValueConversionException.class)
                    .hasMessageContaining("zero_date=null");
            assertThatThrownBy(() -> r.getObject("dtm")).isInstanceOf(ValueConversionException.class);
        });
        try (Connection c = MysqlTestSupport.connect(
                MysqlTestSupport.root().statementCacheSize(cacheSize).property("zero_date", "null"))) {
            c.forEach("SELECT dt, dtm FROM my_types WHERE id = 2", r -> {
                assertThat(r.getLocalDate(0)).isNull();
                assertThat(r.getObject(1)).isNull();
            });
        }
    }

    @ParameterizedTest(name = "statementCacheSize={0}")
    @ValueSource(ints = {0, 256})
    void shouldReadEachRowsOwnDateWhenConsecutiveRowsShareOrChangeTheirDay(int cacheSize) {
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.root().statementCacheSize(cacheSize))) {
            c.executeScript("CREATE TEMPORARY TABLE my_days (k INT PRIMARY KEY, d DATE, dt DATETIME(1))");
            c.executeScript(
                    "INSERT INTO my_days VALUES (1, '2024-03-01', '2024-03-01 10:00:00'), (2, '2024-03-01', '2024-03-01 23:59:59.5'),"
                            + " (3, '2024-03-02', '2024-03-02 00:00:00'), (4, '2023-03-02', '2023-03-02 10:00:00'),"
                            + " (5, '2023-04-02', '2023-04-02 10:00:00'), (6, '2023-04-01', '2023-04-01 10:00:00')");
            List<String> expected = List.of(
                    "2024-03-01 2024-03-01T10:00",
                    "2024-03-01 2024-03-01T23:59:59.500",
                    "2024-03-02 2024-03-02T00:00",
                    "2023-03-02 2023-03-02T10:00",
                    "2023-04-02 2023-04-02T10:00",
                    "2023-04-01 2023-04-01T10:00");
            for (int use = 1; use <= 4; use++) { // with the cache on: text rows twice, then binary rows twice
                assertThat(c.query(
                                "SELECT d, dt FROM my_days ORDER BY k",
                                r -> r.getLocalDate(0) + " " + r.getLocalDateTime(1)))
                        .as("use %d", use)
                        .isEqualTo(expected);
            }
        }
    }

    @ParameterizedTest(name = "statementCacheSize={0}")
    @ValueSource(ints = {0, 256})
    void shouldRoundTripParametersOfEveryType(int cacheSize) {
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.root().statementCacheSize(cacheSize))) {
            c.executeScript(
                    "CREATE TEMPORARY TABLE my_params (bu BIGINT UNSIGNED, tm TIME(6), dtm DATETIME(6), d DECIMAL(20,5),"
                            + " s VARCHAR(20), b VARBINARY(4), js JSON, bo BOOLEAN, f FLOAT, dt DATE, n INT)");
            Duration negative = Duration.ofHours(-30).minusMinutes(1).minusNanos(250_000_000);
            LocalDateTime when = LocalDateTime.of(2001, 2, 3, 4, 5, 6, 789_012_000);
            c.execute(
                    "INSERT INTO my_params VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    new BigInteger("18446744073709551615"),
                    negative,
                    when,
                    new BigDecimal("-123.45678"),
                    "ünï",
                    new byte[] {9, 8},
                    new Json("[1,2]"),
                    true,
                    0.25f,
                    LocalDate.of(1999, 12, 31),
                    null);
            c.forEach(
                    "SELECT * FROM my_params WHERE bu = ? AND n IS NULL",
                    r -> {
                        assertThat(r.getObject("bu")).isEqualTo(new BigInteger("18446744073709551615"));
                        assertThat(r.getDuration("tm")).isEqualTo(negative);
                        assertThat(r.getLocalDateTime("dtm")).isEqualTo(when);
                        assertThat(r.getBigDecimal("d")).isEqualTo(new BigDecimal("-123.45678"));
                        assertThat(r.getString("s")).isEqualTo("ünï");
                        assertThat(r.getBytes("b")).containsExactly(9, 8);
                        assertThat(r.getString("js")).isEqualTo("[1,2]");
                        assertThat(r.getBoolean("bo")).isTrue();
                        assertThat(r.getFloat("f")).isEqualTo(0.25f);
                        assertThat(r.getLocalDate("dt")).isEqualTo(LocalDate.of(1999, 12, 31));
                    },
                    new BigInteger("18446744073709551615"));
            assertThat(c.query("SELECT ?", r -> r.getLocalTime(0), LocalTime.of(23, 59, 59, 999_999_000)))
                    .containsExactly(LocalTime.of(23, 59, 59, 999_999_000));
        }
    }
}
