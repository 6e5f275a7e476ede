package io.sluice.postgres.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Interval;
import io.sluice.ProtocolException;
import io.sluice.ValueConversionException;
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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Properties of the codecs: encoding a random Java value and decoding it gives the value back, the
 * text form rendered from binary decodes to the same value, and random or truncated bytes only ever
 * raise ValueConversionException (values) or ProtocolException (DataRow framing).
 */
class CodecPropertiesTest {
    private static final int[] OIDS = {
        PgTypes.BOOL,
        PgTypes.BYTEA,
        PgTypes.NAME,
        PgTypes.INT8,
        PgTypes.INT2,
        PgTypes.INT4,
        PgTypes.TEXT,
        PgTypes.OID,
        PgTypes.JSON,
        PgTypes.FLOAT4,
        PgTypes.FLOAT8,
        PgTypes.BPCHAR,
        PgTypes.VARCHAR,
        PgTypes.DATE,
        PgTypes.TIME,
        PgTypes.TIMESTAMP,
        PgTypes.TIMESTAMPTZ,
        PgTypes.INTERVAL,
        PgTypes.TIMETZ,
        PgTypes.NUMERIC,
        PgTypes.UUID,
        PgTypes.JSONB,
        PgTypes.INT4_ARRAY,
        PgTypes.TEXT_ARRAY,
        PgTypes.NUMERIC_ARRAY,
        PgTypes.TIMESTAMPTZ_ARRAY,
        PgTypes.INTERVAL_ARRAY,
        PgTypes.BYTEA_ARRAY,
        9999
    };
    private static final Class<?>[] GETTERS = {
        Object.class,
        String.class,
        Boolean.class,
        Short.class,
        Integer.class,
        Long.class,
        Float.class,
        Double.class,
        BigDecimal.class,
        byte[].class,
        UUID.class,
        LocalDate.class,
        LocalTime.class,
        OffsetTime.class,
        LocalDateTime.class,
        OffsetDateTime.class,
        Instant.class,
        Interval.class,
        Duration.class,
        List.class
    };

    /** Decodes {@code value} after a binary round trip as its own class, and again from the text rendered from it. */
    private static void assertRoundTrip(Object value, Object expected) {
        PgWriteBuffer out = new PgWriteBuffer(32);
        ParamEncoder.encode(value, out);
        int oid = ParamEncoder.typeOid(value);
        PgRow binary = Rows.single(oid, 1, Arrays.copyOf(out.array(), out.position()));
        Class<?> type = expected instanceof List<?> ? List.class : expected.getClass();
        assertThat(binary.get(0, type)).isEqualTo(expected);
        PgRow text = Rows.text(oid, binary.getString(0));
        assertThat(text.get(0, type)).isEqualTo(expected);
    }

    @Property
    void shouldRoundTripWhenIntegerIsRandom(@ForAll short s, @ForAll int i, @ForAll long l) {
        assertRoundTrip(s, s);
        assertRoundTrip(i, i);
        assertRoundTrip(l, l);
    }

    @Property
    void shouldRoundTripBitExactWhenFloatIsRandom(@ForAll long bits, @ForAll int fbits) {
        double d = Double.longBitsToDouble(bits);
        float f = Float.intBitsToFloat(fbits);
        if (Double.isNaN(d) || Float.isNaN(f)) {
            return; // PostgreSQL has one NaN; payload bits are not preserved through text
        }
        assertRoundTrip(d, d);
        assertRoundTrip(f, f);
    }

    @Property
    void shouldRoundTripExactlyWhenNumericIsRandom(@ForAll("numerics") BigDecimal value) {
        assertRoundTrip(value, value.scale() < 0 ? value.setScale(0) : value);
    }

    /** The JSON writer's path: ASCII without a BigDecimal equals the BigDecimal's plain text, and fails alike. */
    @Property
    void shouldWriteNumericAsciiAsItsTextWhenBinaryIsRandomOrDamaged(
            @ForAll("numerics") BigDecimal value, @ForAll @IntRange(min = 0, max = 60) int cut, @ForAll byte flip) {
        PgWriteBuffer out = new PgWriteBuffer(16);
        ParamEncoder.encode(value, out);
        byte[] valid = Arrays.copyOf(out.array(), out.position());
        byte[] text = new byte[NumericCodec.maxAsciiLength(valid, 0, valid.length)];
        int n = NumericCodec.binaryToAscii(valid, 0, valid.length, text);
        assertThat(new String(text, 0, n, java.nio.charset.StandardCharsets.US_ASCII))
                .isEqualTo(NumericCodec.binaryToText(valid, 0, valid.length));

        byte[] damaged = Arrays.copyOf(valid, Math.min(valid.length, cut));
        if (damaged.length > 0) {
            damaged[cut % damaged.length] ^= flip;
        }
        String expected;
        try {
            expected = NumericCodec.binaryToText(damaged, 0, damaged.length);
        } catch (ValueConversionException e) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> NumericCodec.binaryToAscii(
                            damaged,
                            0,
                            damaged.length,
                            new byte[NumericCodec.maxAsciiLength(damaged, 0, damaged.length)]))
                    .isInstanceOf(ValueConversionException.class);
            return;
        }
        byte[] damagedText = new byte[NumericCodec.maxAsciiLength(damaged, 0, damaged.length)];
        int m = NumericCodec.binaryToAscii(damaged, 0, damaged.length, damagedText);
        assertThat(new String(damagedText, 0, m, java.nio.charset.StandardCharsets.US_ASCII))
                .isEqualTo(expected);
    }

    @Provide
    Arbitrary<BigDecimal> numerics() {
        Arbitrary<BigInteger> unscaled = Arbitraries.oneOf(
                Arbitraries.bigIntegers().between(BigInteger.TEN.pow(40).negate(), BigInteger.TEN.pow(40)),
                Arbitraries.longs().map(BigInteger::valueOf),
                Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(1200).map(BigInteger::new));
        Arbitrary<Integer> scale = Arbitraries.oneOf(
                Arbitraries.integers().between(-20, 40),
                Arbitraries.integers().between(0, NumericCodec.NUMERIC_DSCALE_MAX));
        return Combinators.combine(unscaled, scale).as(BigDecimal::new);
    }

    @Property
    void shouldRoundTripWhenTemporalValueIsRandom(
            @ForAll @IntRange(min = -2_440_000, max = 100_000_000) int epochDay,
            @ForAll @IntRange(min = 0, max = 86_399_999) int millisOfDay,
            @ForAll @IntRange(min = 0, max = 999) int micros,
            @ForAll @IntRange(min = -15 * 3600, max = 15 * 3600) int offsetSeconds) {
        LocalDate date = LocalDate.ofEpochDay(epochDay);
        LocalTime time = LocalTime.ofNanoOfDay((millisOfDay * 1000L + micros) * 1000L);
        assertRoundTrip(date, date);
        assertRoundTrip(time, time);
        assertRoundTrip(
                OffsetTime.of(time, ZoneOffset.ofTotalSeconds(offsetSeconds)),
                OffsetTime.of(time, ZoneOffset.ofTotalSeconds(offsetSeconds)));
        LocalDateTime dt = LocalDateTime.of(LocalDate.ofEpochDay(epochDay % 36_500_000), time);
        assertRoundTrip(dt, dt);
        OffsetDateTime odt = OffsetDateTime.of(dt, ZoneOffset.ofTotalSeconds(offsetSeconds));
        assertRoundTrip(odt, odt.withOffsetSameInstant(ZoneOffset.UTC));
        assertRoundTrip(odt.toInstant(), odt.toInstant());
    }

    @Property
    void shouldRoundTripWhenIntervalIsRandom(@ForAll int months, @ForAll int days, @ForAll long micros) {
        Interval v = new Interval(months, days, micros);
        assertRoundTrip(v, v);
    }

    @Property
    void shouldRoundTripWhenTextBytesOrUuidIsRandom(
            @ForAll @Size(max = 40) byte[] bytes, @ForAll long hi, @ForAll long lo, @ForAll("texts") String text) {
        assertRoundTrip(bytes, bytes);
        assertRoundTrip(new UUID(hi, lo), new UUID(hi, lo));
        assertRoundTrip(List.of(text, ""), List.of(text, ""));
    }

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.strings()
                .withCharRange(' ', '~')
                .withChars('é', '€', '\t', '\n')
                .ofMaxLength(30);
    }

    @Property
    void shouldRoundTripWhenArrayIsRandom(
            @ForAll @Size(max = 20) List<Integer> ints, @ForAll @Size(max = 10) List<Long> longs) {
        List<Integer> withNull = new ArrayList<>(ints);
        withNull.add(null);
        if (ints.isEmpty()) {
            // Nothing to infer an element type from: sent as a text literal of NULLs, typed by the server.
            assertThat(ParamEncoder.typeOid(withNull)).isZero();
            assertThat(ParamEncoder.format(withNull)).isZero();
            assertThat(new String(java.util.HexFormat.of().parseHex(Rows.encodeHex(withNull))))
                    .isEqualTo("{NULL}");
        } else {
            assertRoundTrip(withNull, withNull);
        }
        if (!longs.isEmpty()) {
            assertRoundTrip(longs, longs);
        }
    }

    @Property(tries = 2000)
    void shouldThrowOnlyValueConversionExceptionWhenValueBytesAreRandom(
            @ForAll @IntRange(min = 0, max = OIDS_LAST) int oidIndex,
            @ForAll boolean binary,
            @ForAll("valueBytes") byte[] value) {
        PgRow row = Rows.single(OIDS[oidIndex], binary ? 1 : 0, value);
        for (Class<?> getter : GETTERS) {
            try {
                row.get(0, getter);
                row.getList(0, Object.class);
            } catch (ValueConversionException e) {
                assertNoBugBehind(e);
            }
        }
    }

    private static final int OIDS_LAST = 28;

    @Provide
    Arbitrary<byte[]> valueBytes() {
        Arbitrary<byte[]> random = Arbitraries.bytes().array(byte[].class).ofMaxSize(48);
        Arbitrary<byte[]> digits = Arbitraries.strings()
                .withChars("0123456789-+:. eE{},\"\\BCinfatyNULxP@TYMWDHSdaysmonhourcgo")
                .ofMaxLength(40)
                .map(s -> s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        // Valid encodings cut short or with one byte flipped: the nastiest malformed values.
        Arbitrary<byte[]> damaged = Combinators.combine(
                        numerics(), Arbitraries.integers().between(0, 60), Arbitraries.bytes())
                .as((n, cut, flip) -> {
                    PgWriteBuffer out = new PgWriteBuffer(16);
                    ParamEncoder.encode(n, out);
                    byte[] b = Arrays.copyOf(out.array(), Math.min(out.position(), cut));
                    if (b.length > 0) {
                        b[cut % b.length] ^= flip;
                    }
                    return b;
                });
        // Valid text forms with one character replaced and cut short.
        List<String> texts = List.of(
                "1 year 2 mons -3 days +04:05:06.5",
                "@ 1 mon -1 days ago",
                "+1-2 -3 +4:05:06.5",
                "P1Y2M-3DT4H5M6.5S",
                "0044-03-15 10:00:00+05:53:28 BC",
                "24:00:00+02",
                "{\"a b\",NULL,\"x\\\"y\"}",
                "[0:1]={7,8}",
                "-123.4500",
                "\\x00ff",
                "infinity",
                "2024-02-29",
                "-1e-45",
                "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11");
        Arbitrary<byte[]> damagedText = Combinators.combine(
                        Arbitraries.of(texts),
                        Arbitraries.integers().between(0, 40),
                        Arbitraries.of(
                                '0', '9', ':', ' ', '.', '+', '-', '@', 'P', 'T', 'Y', 'M', 'S', 'a', 'x', '{', '"',
                                '\\'))
                .as((t, at, ch) -> {
                    StringBuilder b = new StringBuilder(t);
                    b.setCharAt(at % b.length(), ch);
                    return b.substring(0, Math.min(b.length(), 1 + at))
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8);
                });
        return Arbitraries.oneOf(random, digits, damaged, damagedText);
    }

    /** A ValueConversionException wrapping an NPE, an index error or a class cast means a codec bug, not bad input. */
    private static void assertNoBugBehind(Throwable e) {
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            assertThat(c)
                    .isNotInstanceOfAny(
                            NullPointerException.class,
                            IndexOutOfBoundsException.class,
                            ClassCastException.class,
                            NegativeArraySizeException.class,
                            IllegalStateException.class);
        }
    }

    @Property(tries = 1000)
    void shouldThrowOnlyProtocolExceptionWhenDataRowIsRandomOrTruncated(
            @ForAll @Size(max = 40) byte[] garbage, @ForAll @IntRange(min = 0, max = 30) int cut) {
        RowLayout layout = new RowLayout(
                new String[] {"a", "b"}, new int[] {PgTypes.INT4, PgTypes.TEXT}, new int[] {-1, -1}, new short[] {1, 0
                });
        PgRow row = new PgRow(layout);
        byte[] valid = Rows.body(new byte[] {0, 0, 0, 1}, "abc".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        for (byte[] body : List.of(garbage, Arrays.copyOf(valid, Math.min(cut, valid.length)))) {
            try {
                row.reset(body, 0, body.length);
                row.getString(1);
            } catch (ProtocolException | ValueConversionException e) {
                assertNoBugBehind(e);
            }
        }
    }
}
