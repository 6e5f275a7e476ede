package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Connection;
import io.sluice.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * FLOAT, DOUBLE and YEAR read the same over the text protocol (COM_QUERY) and the binary one (a prepared
 * statement), on the real MariaDB: {@code getString} is the server's own text, {@code getDouble} of a FLOAT is the
 * server's {@code CAST(f AS DOUBLE)}. Regressions of the "Trust under faults" issue.
 */
class MysqlFloatingTextTest {
    /** Edge values written as SQL literals: tiny, huge, max/min float, subnormals, 7+ digits, exponent borders. */
    private static final String[] FLOATS = {
        "0",
        "0.1",
        "-0.1",
        "1.5",
        "1.2345678",
        "123456789",
        "16777216",
        "33554432",
        "1e20",
        "-1e20",
        "1e-10",
        "1e-14",
        "1e-15",
        "1.5e-15",
        "1e-16",
        "1e15",
        "1e16",
        "100000",
        "1000000",
        "9999999",
        "0.0001",
        "0.00001",
        "-1.25e-5",
        "3.14159265",
        "3.40282e38",
        "-3.40282e38",
        "1.17549435e-38",
        "1.4e-45",
        "1234565",
        "1234575",
        "0.000244140625",
        "123456.7",
        "8388609"
    };

    private static final String[] DOUBLES = {
        "0",
        "0.1",
        "-0.1",
        "2.5",
        "1.2345678",
        "123456789",
        "12345678901234567",
        "1234567890123456.7",
        "123456789012345.67",
        "1e15",
        "1e16",
        "1e17",
        "1e20",
        "1e23",
        "-1e300",
        "1e-10",
        "1e-14",
        "1e-15",
        "1e-16",
        "1.25e-16",
        "1.7976931348623157e308",
        "-1.7976931348623157e308",
        "2.2250738585072014e-308",
        "4.9e-324",
        "0.30000000000000004",
        "1.2345678901234567e-15",
        "3.141592653589793",
        "1000000000000000.5"
    };

    private record Read(List<String> strings, List<Double> doubles) {}

    private static Read read(Connection c, boolean binary, String sql) {
        List<String> strings = new ArrayList<>();
        List<Double> doubles = new ArrayList<>();
        io.sluice.RowHandler h = r -> {
            for (int i = 0; i < r.columnCount(); i++) {
                strings.add(r.getString(i));
                doubles.add(r.isNull(i) ? null : r.getDouble(i));
            }
        };
        if (binary) {
            try (PreparedStatement ps = c.prepare(sql)) {
                ps.forEach(h);
            }
        } else {
            c.forEach(sql, h);
        }
        return new Read(strings, doubles);
    }

    private static Connection textConnection() {
        return MysqlTestSupport.connect(MysqlTestSupport.root().statementCacheSize(0));
    }

    @Test
    void shouldReadFloatAlikeOnTextAndBinaryProtocolTrustUnderFaults() {
        try (Connection c = textConnection()) {
            c.executeScript("CREATE TEMPORARY TABLE myfault_float (k INT PRIMARY KEY, f FLOAT)");
            for (int i = 0; i < FLOATS.length; i++) {
                c.executeScript("INSERT INTO myfault_float VALUES (" + i + ", " + FLOATS[i] + ")");
            }
            c.execute("INSERT INTO myfault_float VALUES (?, ?)", 1000, -0.0f); // negative zero, sent binary
            String sql = "SELECT f, CAST(f AS DOUBLE) FROM myfault_float ORDER BY k";
            Read text = read(c, false, sql);
            Read binary = read(c, true, sql);
            assertThat(binary.strings()).isEqualTo(text.strings());
            // MariaDB stores a negative zero as zero: both protocols read "0" and +0.0
            assertThat(text.strings().subList(2 * FLOATS.length, 2 * FLOATS.length + 2))
                    .containsOnly("0");
            assertThat(Double.doubleToRawLongBits(binary.doubles().get(2 * FLOATS.length)))
                    .isZero();
            for (int i = 0; i < FLOATS.length; i++) {
                String serverText = text.strings().get(2 * i);
                double cast = Double.parseDouble(text.strings().get(2 * i + 1));
                assertThat(binary.strings().get(2 * i))
                        .as("getString of FLOAT " + FLOATS[i])
                        .isEqualTo(serverText);
                assertThat(binary.doubles().get(2 * i))
                        .as("binary getDouble of FLOAT " + FLOATS[i])
                        .isEqualTo(cast);
                assertThat(binary.doubles().get(2 * i + 1)).isEqualTo(cast);
                // The text carries 6 significant digits: the float they spell, widened.
                assertThat(text.doubles().get(2 * i))
                        .as("text getDouble of FLOAT " + FLOATS[i])
                        .isEqualTo((double) Float.parseFloat(serverText));
                if ((float) cast == Float.parseFloat(serverText)) {
                    assertThat(text.doubles().get(2 * i))
                            .as("text getDouble equals CAST for " + FLOATS[i])
                            .isEqualTo(cast);
                }
            }
            // values of up to 6 significant digits read as the server's CAST over both protocols
            assertThat(text.doubles().get(2)).isEqualTo(0.10000000149011612);
            assertThat(text.strings().get(2 * 8)).isEqualTo("1e20");
            assertThat(text.strings().get(2 * 10)).isEqualTo("0.0000000001");
        }
    }

    @Test
    void shouldReadDoubleAlikeOnTextAndBinaryProtocol() {
        try (Connection c = textConnection()) {
            c.executeScript("CREATE TEMPORARY TABLE myfault_double (k INT PRIMARY KEY, d DOUBLE)");
            for (int i = 0; i < DOUBLES.length; i++) {
                c.executeScript("INSERT INTO myfault_double VALUES (" + i + ", " + DOUBLES[i] + ")");
            }
            c.execute("INSERT INTO myfault_double VALUES (?, ?)", 1000, -0.0); // negative zero, sent binary
            String sql = "SELECT d, d / 3, -d FROM myfault_double ORDER BY k";
            Read text = read(c, false, sql);
            Read binary = read(c, true, sql);
            assertThat(binary.strings()).isEqualTo(text.strings());
            for (int i = 0; i < text.strings().size(); i++) {
                assertThat(text.doubles().get(i))
                        .isEqualTo(Double.parseDouble(text.strings().get(i)));
                assertThat(binary.doubles().get(i)).isEqualTo(text.doubles().get(i));
            }
            assertThat(text.strings()).contains("5e-324", "1.7976931348623157e308", "1e23", "1234567890123456.8");
            int last = text.strings().size() - 3;
            assertThat(text.strings().subList(last, last + 3)).containsOnly("0"); // negative zero stored as zero
            assertThat(Double.doubleToRawLongBits(binary.doubles().get(last))).isZero();
        }
    }

    @Test
    void shouldReadExpressionsAndFixedDecimalsAlike() {
        try (Connection c = textConnection()) {
            c.executeScript("CREATE TEMPORARY TABLE myfault_fixed (f FLOAT(7,3), d DOUBLE(12,4), y YEAR, z YEAR)");
            c.executeScript("INSERT INTO myfault_fixed VALUES (1.2345, 2.00005, 0, 2024), (-12.5, 1e7, 1901, NULL)");
            String sql =
                    "SELECT f, d, y, z, 1.5e0, 0.1e0 * 3, f * 2, AVG(d) OVER (), SUM(f) OVER () FROM myfault_fixed";
            Read text = read(c, false, sql);
            Read binary = read(c, true, sql);
            assertThat(binary.strings()).isEqualTo(text.strings());
            assertThat(text.strings()).contains("0000", "2024", "1.234", "2.0000");
        }
    }

    @Test
    void shouldReadZeroDateAsNullEverywhereWhenSettingSaysNullTrustUnderFaults() {
        for (int cache : new int[] {0, 256}) {
            try (Connection c = MysqlTestSupport.connect(
                    MysqlTestSupport.root().statementCacheSize(cache).property("zero_date", "null"))) {
                c.executeScript("SET SESSION sql_mode = ''");
                c.executeScript("CREATE TEMPORARY TABLE myfault_zero (d DATE, t DATETIME, ok DATE)");
                c.executeScript("INSERT INTO myfault_zero VALUES ('0000-00-00', '0000-00-00 00:00:00', '2024-01-02')");
                for (boolean binary : new boolean[] {false, true}) {
                    String sql = "SELECT d, t, ok FROM myfault_zero";
                    io.sluice.RowHandler h = r -> {
                        assertThat(r.isNull(0)).isTrue();
                        assertThat(r.getObject(0)).isNull();
                        assertThat(r.getString(0)).isNull();
                        assertThat(r.isNull(1)).isTrue();
                        assertThat(r.getLocalDateTime(1)).isNull();
                        assertThat(r.isNull(2)).isFalse();
                        assertThat(r.getLocalDate(2)).isEqualTo(java.time.LocalDate.of(2024, 1, 2));
                    };
                    if (binary) {
                        try (PreparedStatement ps = c.prepare(sql)) {
                            ps.forEach(h);
                        }
                    } else {
                        c.forEach(sql, h);
                    }
                }
            }
        }
    }
}
