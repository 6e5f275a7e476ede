package io.sluice.postgres.types;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Connection;
import io.sluice.Interval;
import io.sluice.Sluice;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Random values through the real server: each is sent as a binary parameter and must come back equal,
 * with the driver's rendering of the binary result equal to the server's own text output, and that
 * text parsing back to the same value. This checks the float (Ryu), numeric, interval and date/time
 * text forms against PostgreSQL itself, not against vectors.
 */
class ServerAgreementPropertiesTest {
    private static Connection c;

    @BeforeContainer
    static void open() {
        c = Sluice.connect(TypeRoundTripTest.config());
        c.executeScript("SET TimeZone = 'UTC'");
    }

    @AfterContainer
    static void close() {
        c.close();
    }

    private static void assertAgrees(String type, Object param, Object expected) {
        List<List<Object>> rows = c.query(
                "SELECT $1::" + type + ", format('%s', $1::" + type + ")",
                r -> List.of(r.getObject(0), r.getString(0), r.getString(1), r.get(1, expected.getClass())),
                param);
        List<Object> row = rows.get(0);
        assertThat(row.get(0)).as("value").isEqualTo(expected);
        assertThat(row.get(1)).as("driver text of binary").isEqualTo(row.get(2));
        assertThat(row.get(3)).as("server text parsed").isEqualTo(expected);
    }

    @Property(tries = 150)
    void shouldAgreeWithServerWhenDoubleIsRandom(@ForAll long bits, @ForAll int floatBits) {
        double d = Double.longBitsToDouble(bits);
        float f = Float.intBitsToFloat(floatBits);
        if (!Double.isNaN(d)) {
            assertAgrees("float8", d, d);
        }
        if (!Float.isNaN(f)) {
            assertAgrees("float4", f, f);
        }
    }

    @Property(tries = 150)
    void shouldAgreeWithServerWhenNumericIsRandom(@ForAll("numerics") BigDecimal n) {
        assertAgrees("numeric", n, n.scale() < 0 ? n.setScale(0) : n);
    }

    @Provide
    Arbitrary<BigDecimal> numerics() {
        Arbitrary<BigInteger> unscaled = Arbitraries.oneOf(
                Arbitraries.longs().map(BigInteger::valueOf),
                Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(300).map(BigInteger::new),
                Arbitraries.bigIntegers().between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)));
        return Combinators.combine(unscaled, Arbitraries.integers().between(-30, 300))
                .as(BigDecimal::new);
    }

    @Property(tries = 150)
    void shouldAgreeWithServerWhenIntervalIsRandom(@ForAll int months, @ForAll int days, @ForAll long micros) {
        assertAgrees("interval", new Interval(months, days, micros), new Interval(months, days, micros));
    }

    @Property(tries = 150)
    void shouldAgreeWithServerWhenTimestampIsRandom(
            @ForAll("timestamps") LocalDateTime t, @ForAll("offsets") ZoneOffset offset) {
        assertAgrees("timestamp", t, t);
        assertAgrees("date", t.toLocalDate(), t.toLocalDate());
        assertAgrees("time", t.toLocalTime(), t.toLocalTime());
        OffsetDateTime odt = OffsetDateTime.of(t, offset);
        if (t.getYear() > -4712 && t.getYear() < 294276) { // stay inside timestamptz's range after the shift
            assertAgrees("timestamptz", odt, odt.withOffsetSameInstant(ZoneOffset.UTC));
            assertAgrees("timestamptz", odt.toInstant(), odt.withOffsetSameInstant(ZoneOffset.UTC));
        }
        assertAgrees("timetz", OffsetTime.of(t.toLocalTime(), offset), OffsetTime.of(t.toLocalTime(), offset));
    }

    @Provide
    Arbitrary<LocalDateTime> timestamps() {
        // PostgreSQL's timestamp range: 4713 BC (year -4712) to 294276 AD.
        long first = LocalDate.of(-4712, 1, 1).toEpochDay();
        long last = LocalDate.of(294276, 12, 31).toEpochDay();
        Arbitrary<Long> days = Arbitraries.oneOf(
                Arbitraries.longs().between(first, last),
                Arbitraries.longs()
                        .between(
                                LocalDate.of(1900, 1, 1).toEpochDay(),
                                LocalDate.of(2100, 1, 1).toEpochDay()));
        Arbitrary<Long> micros = Arbitraries.longs().between(0, 86_400_000_000L - 1);
        return Combinators.combine(days, micros)
                .as((d, m) -> LocalDateTime.of(LocalDate.ofEpochDay(d), LocalTime.ofNanoOfDay(m * 1000)));
    }

    @Provide
    Arbitrary<ZoneOffset> offsets() {
        return Arbitraries.integers().between(-15 * 3600, 15 * 3600).map(ZoneOffset::ofTotalSeconds);
    }

    @Property(tries = 50)
    void shouldAgreeWithServerWhenInstantIsNearEpoch(@ForAll long seconds) {
        Instant i = Instant.ofEpochSecond(Math.floorMod(seconds, 4_000_000_000L) - 2_000_000_000L, 123_456_000);
        assertAgrees("timestamptz", i, OffsetDateTime.ofInstant(i, ZoneOffset.UTC));
    }
}
