package io.sluice.mysql.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Golden vectors: FLOAT and DOUBLE spelt as MariaDB 10.11 printed them in text results (mariadb client, SELECT). */
class FloatingTextTest {
    private static final int NOT_FIXED = FloatingText.NOT_FIXED_DEC;

    @Test
    void shouldSpellFloatsAsTheServer() {
        String[][] golden = {
            {"0.1", "0.1"},
            {"1.2345678", "1.23457"},
            {"123456789", "123457000"},
            {"1e20", "1e20"},
            {"1e-10", "0.0000000001"},
            {"3.40282e38", "3.40282e38"},
            {"1.4e-45", "1.4013e-45"},
            {"1.17549435e-38", "1.17549e-38"},
            {"9999999", "10000000"},
            {"16777216", "16777200"},
            {"123456.7", "123457"},
            {"-1.25e-5", "-0.0000125"},
            {"1234565", "1234560"},
            {"1234575", "1234580"},
            {"8388609", "8388610"},
            {"0.000244140625", "0.000244141"},
            {"1e15", "1e15"},
            {"1e-16", "1e-16"},
            {"1.5e-15", "0.0000000000000015"},
            {"123456789012", "123457000000"}
        };
        for (String[] g : golden) {
            assertThat(FloatingText.ofFloat(Float.parseFloat(g[0]), NOT_FIXED))
                    .as(g[0])
                    .isEqualTo(g[1]);
        }
    }

    @Test
    void shouldSpellDoublesAsTheServer() {
        String[][] golden = {
            {"0.1", "0.1"},
            {"1e15", "1e15"},
            {"1e16", "1e16"},
            {"12345678901234567", "1.2345678901234568e16"},
            {"1e-10", "0.0000000001"},
            {"1.7976931348623157e308", "1.7976931348623157e308"},
            {"4.9e-324", "5e-324"},
            {"2.2250738585072014e-308", "2.2250738585072014e-308"},
            {"1234567.891", "1234567.891"},
            {"1234567890123456.7", "1234567890123456.8"},
            {"123456789012345.67", "123456789012345.67"},
            {"1e-14", "0.00000000000001"},
            {"1e-16", "1e-16"},
            {"1.25e-16", "1.25e-16"},
            {"0.30000000000000004", "0.30000000000000004"},
            {"1000000000000000.5", "1000000000000000.5"},
            {"1e23", "1e23"},
            {"1.2345678901234567e-15", "0.0000000000000012345678901234568"},
            {"0.00009999999747378752", "0.00009999999747378752"},
            {"-1.2345677614212036", "-1.2345677614212036"}
        };
        for (String[] g : golden) {
            assertThat(FloatingText.ofDouble(Double.parseDouble(g[0]), NOT_FIXED))
                    .as(g[0])
                    .isEqualTo(g[1]);
        }
    }

    @Test
    void shouldSpellZeroesAndFixedDecimals() {
        assertThat(FloatingText.ofDouble(0.0, NOT_FIXED)).isEqualTo("0");
        assertThat(FloatingText.ofDouble(-0.0, NOT_FIXED)).isEqualTo("-0");
        assertThat(FloatingText.ofFloat(1.2345f, 3)).isEqualTo("1.235"); // 1.2345f is 1.2345000505...
        assertThat(FloatingText.ofFloat(-12.5f, 3)).isEqualTo("-12.500");
        assertThat(FloatingText.ofDouble(2.00005, 4)).isEqualTo("2.0000"); // 2.00005 is 2.0000499999...
        assertThat(FloatingText.ofDouble(1e7, 4)).isEqualTo("10000000.0000");
    }
}
