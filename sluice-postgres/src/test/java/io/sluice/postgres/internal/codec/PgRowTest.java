package io.sluice.postgres.internal.codec;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.ColumnType;
import io.sluice.ProtocolException;
import io.sluice.ValueConversionException;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PgRowTest {
    private static final RowLayout LAYOUT = new RowLayout(
            new String[] {"id", "Name", "score"},
            new int[] {PgTypes.INT8, PgTypes.TEXT, PgTypes.INT4_ARRAY},
            new int[] {-1, -1, -1},
            new short[] {1, 0, 1});

    private static byte[] int8(long v) {
        PgWriteBuffer b = new PgWriteBuffer(8);
        b.writeLong(v);
        return Arrays.copyOf(b.array(), 8);
    }

    @Test
    void shouldReadEveryColumnWhenDataRowIsWellFormed() {
        PgRow row = new PgRow(LAYOUT);
        byte[] body = Rows.body(int8(7), "héllo".getBytes(UTF_8), null);
        row.reset(body, 0, body.length);
        assertThat(row.getLong(0)).isEqualTo(7);
        assertThat(row.getLong("id")).isEqualTo(7);
        assertThat(row.getString("name")).isEqualTo("héllo");
        assertThat(row.isNull(2)).isTrue();
        assertThat(row.getList(2, Integer.class)).isNull();
        assertThat(row.getObject(2)).isNull();
        assertThat(row.columns())
                .extracting(c -> c.type())
                .containsExactly(ColumnType.BIGINT, ColumnType.TEXT, ColumnType.ARRAY);
        assertThat(row.column(2).nativeType()).isEqualTo("_int4");
    }

    @Test
    void shouldThrowNamingColumnWhenPrimitiveGetterReadsNull() {
        PgRow row = Rows.single(PgTypes.INT4, 1, null);
        assertThatThrownBy(() -> row.getInt(0))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("NULL")
                .hasMessageContaining("column=v");
        assertThatThrownBy(() -> row.getBoolean(0)).isInstanceOf(ValueConversionException.class);
        assertThat(row.getObject(0)).isNull();
        assertThat(row.getString(0)).isNull();
        assertThat(row.get(0, Integer.class)).isNull();
        assertThat(row.getBigDecimal(0)).isNull();
    }

    @Test
    void shouldNameAvailableColumnsWhenNameIsUnknown() {
        PgRow row = new PgRow(LAYOUT);
        assertThatThrownBy(() -> row.indexOf("nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("name=nope")
                .hasMessageContaining("id,Name,score");
        assertThat(row.indexOf("NAME")).isEqualTo(1);
    }

    @Test
    void shouldThrowProtocolExceptionWhenDataRowIsMalformed() {
        PgRow row = new PgRow(LAYOUT);
        byte[] good = Rows.body(int8(7), "x".getBytes(UTF_8), null);
        assertThatThrownBy(() -> row.reset(good, 0, good.length - 1)).isInstanceOf(ProtocolException.class);
        byte[] twoColumns = Rows.body(int8(7), null);
        assertThatThrownBy(() -> row.reset(twoColumns, 0, twoColumns.length))
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("columns=2");
        byte[] badLength = good.clone();
        badLength[2 + 3] = (byte) 0xFE; // first length becomes 0x000000FE: overruns the body
        assertThatThrownBy(() -> row.reset(badLength, 0, badLength.length)).isInstanceOf(ProtocolException.class);
        byte[] minusTwo = Rows.body(int8(7), "x".getBytes(UTF_8), null);
        minusTwo[minusTwo.length - 1] = (byte) 0xFE; // NULL length -1 becomes -2
        assertThatThrownBy(() -> row.reset(minusTwo, 0, minusTwo.length))
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("-2");
        byte[] trailing = Arrays.copyOf(good, good.length + 1);
        assertThatThrownBy(() -> row.reset(trailing, 0, trailing.length)).isInstanceOf(ProtocolException.class);
    }

    @Test
    void shouldCheckFixedSizeColumnsAsAnyOtherWhenTheirLengthDisagrees() {
        PgRow row = new PgRow(LAYOUT);
        byte[] good = Rows.body(int8(7), "x".getBytes(UTF_8), null);
        byte[] cut = Arrays.copyOf(good, 2 + 4 + 4); // int8's length says 8, the body ends after 4 value bytes
        assertThatThrownBy(() -> row.reset(cut, 0, cut.length))
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("column=0");
        byte[] short4 = Rows.body(new byte[] {0, 0, 0, 7}, "x".getBytes(UTF_8), null); // a 4-byte int8
        row.reset(short4, 0, short4.length);
        assertThat(row.getString(1)).isEqualTo("x");
        assertThat(row.isNull(2)).isTrue();
        assertThatThrownBy(() -> row.getLong(0)).isInstanceOf(RuntimeException.class);
    }

    @Test
    void shouldKeepValuesWhenDetachedRowOutlivesBuffer() {
        PgRow row = new PgRow(LAYOUT);
        byte[] body = Rows.body(int8(42), "abc".getBytes(UTF_8), null);
        row.reset(body, 0, body.length);
        PgRow copy = row.detach();
        Arrays.fill(body, (byte) 0x55);
        assertThat(copy.getLong(0)).isEqualTo(42);
        assertThat(copy.getString(1)).isEqualTo("abc");
        assertThat(copy.isNull(2)).isTrue();
    }

    @Test
    void shouldRefuseInsteadOfWrappingWhenIntegerIsOutOfRange() {
        PgRow int4 = Rows.text(PgTypes.INT4, "70000");
        assertThatThrownBy(() -> int4.getShort(0))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("value=70000");
        PgRow int8 = Rows.binary(PgTypes.INT8, "0000000080000000");
        assertThatThrownBy(() -> int8.getInt(0))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("value=2147483648");
        assertThat(int8.getLong(0)).isEqualTo(2147483648L);
        PgRow oid = Rows.binary(PgTypes.OID, "ffffffff");
        assertThat(oid.getLong(0)).isEqualTo(4294967295L);
        assertThatThrownBy(() -> oid.getInt(0)).isInstanceOf(ValueConversionException.class);
        PgRow fraction = Rows.text(PgTypes.NUMERIC, "1.5");
        assertThatThrownBy(() -> fraction.getLong(0)).isInstanceOf(ValueConversionException.class);
        assertThat(Rows.text(PgTypes.NUMERIC, "12.000").getInt(0)).isEqualTo(12);
        assertThatThrownBy(() -> Rows.text(PgTypes.INT8, "9223372036854775808").getLong(0))
                .isInstanceOf(ValueConversionException.class);
        assertThat(Rows.text(PgTypes.INT8, "-9223372036854775808").getLong(0)).isEqualTo(Long.MIN_VALUE);
        assertThatThrownBy(() -> Rows.text(PgTypes.FLOAT8, "1e300").getFloat(0))
                .isInstanceOf(ValueConversionException.class);
        // Text a numeric getter parses may hold an exponent far beyond numeric's range: refused without expanding it.
        PgRow huge = Rows.text(PgTypes.TEXT, "1e999999999");
        assertThatThrownBy(() -> huge.getLong(0)).isInstanceOf(ValueConversionException.class);
        assertThatThrownBy(() -> huge.get(0, java.math.BigInteger.class))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("1E+999999999");
        assertThatThrownBy(() -> Rows.text(PgTypes.NUMERIC, "1e999999999").getLong(0))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("1E+999999999");
        assertThat(huge.getDouble(0)).isInfinite();
    }

    @Test
    void shouldPreserveNegativeZeroWhenFloatIsDecoded() {
        assertThat(Double.doubleToRawLongBits(
                        Rows.binary(PgTypes.FLOAT8, "8000000000000000").getDouble(0)))
                .isEqualTo(Long.MIN_VALUE);
        assertThat(Double.doubleToRawLongBits(Rows.text(PgTypes.FLOAT8, "-0").getDouble(0)))
                .isEqualTo(Long.MIN_VALUE);
        assertThat(Float.floatToRawIntBits(Rows.text(PgTypes.FLOAT4, "-0").getFloat(0)))
                .isEqualTo(Integer.MIN_VALUE);
        assertThat(Rows.encodeHex(-0.0d)).isEqualTo("8000000000000000");
    }

    @Test
    void shouldDecodeEveryScalarWhenReadAsString() {
        assertThat(Rows.binary(PgTypes.BYTEA, "00ff").getBytes(0)).containsExactly(0, 0xff);
        assertThat(Rows.text(PgTypes.BYTEA, "\\x00ff").getBytes(0)).containsExactly(0, 0xff);
        assertThat(Rows.text(PgTypes.BYTEA, "a\\\\b\\001").getBytes(0)).containsExactly('a', '\\', 'b', 1);
        assertThat(Rows.binary(PgTypes.JSONB, "017b7d").getBytes(0)).containsExactly('{', '}');
        assertThat(Rows.binary(PgTypes.JSONB, "017b7d").getObject(0)).isEqualTo("{}");
        assertThat(Rows.text(9999, "(1,2)").getObject(0)).isEqualTo("(1,2)");
        assertThat(Rows.text(9999, "(1,2)").column(0).nativeType()).isEqualTo("oid:9999");
    }

    @Test
    void shouldConvertElementsWhenArrayIsReadAsList() {
        PgRow binary = Rows.binary(
                PgTypes.INT4_ARRAY, "00000001000000010000001700000003000000010000000400000001ffffffff0000000400000003");
        assertThat(binary.getList(0, Long.class)).containsExactly(1L, null, 3L);
        assertThat(binary.getList(0, String.class)).containsExactly("1", null, "3");
        PgRow text = Rows.text(PgTypes.TEXT_ARRAY, "{a,\"b,c\",NULL,\"NULL\",\"x\\\"y\"}");
        assertThat(text.getList(0, String.class)).containsExactly("a", "b,c", null, "NULL", "x\"y");
        assertThat(Rows.text(PgTypes.INT4_ARRAY, "{{1,2},{3,4}}").getString(0)).isEqualTo("{{1,2},{3,4}}");
        assertThatThrownBy(() -> Rows.text(PgTypes.INT4_ARRAY, "{{1,2},{3,4}}").getList(0, Integer.class))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("more than one dimension");
        assertThat(Rows.text(PgTypes.NUMERIC_ARRAY, "{1.50}").getList(0, BigDecimal.class))
                .containsExactly(new BigDecimal("1.50"));
        assertThat(Rows.text(PgTypes.INT4_ARRAY, "{}").getObject(0)).isEqualTo(List.of());
    }

    @Test
    void shouldReuseLocalDateOnlyWhenConsecutiveRowsShareTheDay() {
        RowLayout layout = new RowLayout(
                new String[] {"d", "ts", "tz"},
                new int[] {PgTypes.DATE, PgTypes.TIMESTAMP, PgTypes.TIMESTAMPTZ},
                new int[] {-1, -1, -1},
                new short[] {1, 1, 1});
        PgRow row = new PgRow(layout);
        java.time.LocalDateTime[] times = {
            java.time.LocalDateTime.of(2024, 1, 1, 0, 1),
            java.time.LocalDateTime.of(2024, 1, 1, 23, 59),
            java.time.LocalDateTime.of(1999, 12, 31, 23, 59, 59, 999_999_000),
            java.time.LocalDateTime.of(-43, 3, 15, 12, 0),
            java.time.LocalDateTime.MAX,
            java.time.LocalDateTime.of(-43, 3, 15, 13, 0)
        };
        java.time.LocalDate previous = null;
        for (java.time.LocalDateTime t : times) {
            PgWriteBuffer out = new PgWriteBuffer(64);
            out.writeShort(3);
            for (Object v : new Object[] {
                t.toLocalDate(),
                t,
                t.equals(java.time.LocalDateTime.MAX)
                        ? java.time.OffsetDateTime.MAX
                        : t.atOffset(java.time.ZoneOffset.UTC)
            }) {
                int at = out.reserveInt();
                ParamEncoder.encode(v, out);
                out.putInt(at, out.position() - at - 4);
            }
            row.reset(out.array(), 0, out.position());
            assertThat(row.getLocalDate(0)).isEqualTo(t.toLocalDate());
            assertThat(row.getLocalDateTime(1)).isEqualTo(t);
            assertThat(row.getObject(1)).isEqualTo(t);
            assertThat(row.getOffsetDateTime(2))
                    .isEqualTo(
                            t.equals(java.time.LocalDateTime.MAX)
                                    ? java.time.OffsetDateTime.MAX
                                    : t.atOffset(java.time.ZoneOffset.UTC));
            if (previous != null && previous.equals(t.toLocalDate())) {
                assertThat(row.getLocalDateTime(1).toLocalDate()).isSameAs(previous);
            }
            previous = row.getLocalDateTime(1).toLocalDate();
        }
    }
}
