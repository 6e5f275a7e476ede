package io.sluice.postgres.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.ValueConversionException;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden vectors: each row is a PostgreSQL type, the server's text output and the server's binary
 * form, both taken from PostgreSQL 15 with
 * {@code psql -Atc "select v::T::text, encode(T_send(v::T),'hex')"} (int2send, numeric_send,
 * timestamptz_send with TimeZone UTC, array_send...). Each vector is checked three ways: binary
 * decoding renders the server's text, the text form decodes to the same Java value as the binary
 * form, and encoding that Java value reproduces the server's bytes.
 */
class CodecGoldenVectorTest {
    private static final Map<String, Integer> OIDS = Map.ofEntries(
            Map.entry("int2", PgTypes.INT2),
            Map.entry("int4", PgTypes.INT4),
            Map.entry("int8", PgTypes.INT8),
            Map.entry("oid", PgTypes.OID),
            Map.entry("float4", PgTypes.FLOAT4),
            Map.entry("float8", PgTypes.FLOAT8),
            Map.entry("numeric", PgTypes.NUMERIC),
            Map.entry("bool", PgTypes.BOOL),
            Map.entry("date", PgTypes.DATE),
            Map.entry("time", PgTypes.TIME),
            Map.entry("timetz", PgTypes.TIMETZ),
            Map.entry("timestamp", PgTypes.TIMESTAMP),
            Map.entry("timestamptz", PgTypes.TIMESTAMPTZ),
            Map.entry("interval", PgTypes.INTERVAL),
            Map.entry("uuid", PgTypes.UUID),
            Map.entry("jsonb", PgTypes.JSONB),
            Map.entry("json", PgTypes.JSON),
            Map.entry("bytea", PgTypes.BYTEA),
            Map.entry("text", PgTypes.TEXT),
            Map.entry("_int4", PgTypes.INT4_ARRAY),
            Map.entry("_text", PgTypes.TEXT_ARRAY),
            Map.entry("_numeric", PgTypes.NUMERIC_ARRAY),
            Map.entry("_timestamp", PgTypes.TIMESTAMP_ARRAY));

    /** Types whose Java value does not encode back to the same type (oid as Long, text-like as String, arrays with no type). */
    private static final List<String> NOT_REENCODED = List.of(
            "oid",
            "json",
            "jsonb",
            "text",
            "_int4:{}",
            "_int4:[0:1]={7,8}",
            "_numeric",
            "_int4:{{1,2},{3,NULL}}",
            "_int4:[0:1][1:2]={{1,2},{3,4}}",
            "_text:{{a,\"b c\"}}");

    static Stream<Arguments> vectors() {
        String[][] v = {
            {"int2", "-2", "fffe"},
            {"int2", "32767", "7fff"},
            {"int4", "305419896", "12345678"},
            {"int4", "-1", "ffffffff"},
            {"int8", "-9223372036854775808", "8000000000000000"},
            {"int8", "42", "000000000000002a"},
            {"oid", "4294967295", "ffffffff"},
            {"oid", "26", "0000001a"},
            {"float4", "1.5", "3fc00000"},
            {"float4", "-0", "80000000"},
            {"float4", "NaN", "7fc00000"},
            {"float4", "Infinity", "7f800000"},
            {"float4", "3.4028235e+38", "7f7fffff"},
            {"float4", "1e-45", "00000001"},
            {"float4", "0.1", "3dcccccd"},
            {"float4", "9.3920224e+07", "4cb3237c"}, // the JDK's shortest, 9.392022E7, lies exactly halfway
            {"float4", "-7.5937677e+08", "ce350cae"},
            {"float8", "4.4391078386644416e+16", "4363b6ae6b4dd6b8"}, // the JDK prints 4.439107838664442E16
            {"float8", "-0", "8000000000000000"},
            {"float8", "NaN", "7ff8000000000000"},
            {"float8", "-Infinity", "fff0000000000000"},
            {"float8", "0.1", "3fb999999999999a"},
            {"float8", "1e+300", "7e37e43c8800759c"},
            {"float8", "123456789012345.6", "42dc12218377de66"},
            {"float8", "1e+15", "430c6bf526340000"},
            {"float8", "5e-324", "0000000000000001"},
            {"numeric", "0", "0000000000000000"},
            {"numeric", "0.00", "0000000000000002"},
            {"numeric", "12345678.90", "000300010000000204d2162e2328"},
            {"numeric", "-1.5", "000200004000000100011388"},
            {"numeric", "0.0001", "0001ffff000000040001"},
            {"numeric", "10000", "00010001000000000001"},
            {"numeric", "100000000000000000000", "00010005000000000001"},
            {
                "numeric",
                "123456789012345678901234567890.123456789",
                "000b000700000009000c0d801ed204d2162e23340d801ed204d2162e2328"
            },
            {"numeric", "-0.000000001", "0001fffd4000000903e8"},
            {"bool", "t", "01"},
            {"bool", "f", "00"},
            {"date", "2000-01-01", "00000000"},
            {"date", "1999-12-31", "ffffffff"},
            {"date", "2024-02-29", "00002279"},
            {"date", "0001-01-01 BC", "fff4da8b"},
            {"date", "infinity", "7fffffff"},
            {"date", "-infinity", "80000000"},
            {"date", "10000-01-01", "002c95d4"},
            {"time", "00:00:00", "0000000000000000"},
            {"time", "12:34:56.789012", "0000000a8be62614"},
            {"time", "24:00:00", "000000141dd76000"},
            {"timetz", "12:34:56+05:30", "0000000a8bda1c00ffffb2a8"},
            {"timetz", "00:00:00-08", "000000000000000000007080"},
            {"timetz", "01:02:03.5+01:02:03", "00000000ddf019e0fffff175"},
            {"timestamp", "2000-01-01 00:00:00", "0000000000000000"},
            {"timestamp", "1970-01-01 00:00:00", "fffca2fec4c82000"},
            {"timestamp", "2024-05-06 07:08:09.123456", "0002bac2801b6a80"},
            {"timestamp", "0044-03-15 12:00:00 BC", "ff1af9e8fb46d000"},
            {"timestamp", "infinity", "7fffffffffffffff"},
            {"timestamp", "-infinity", "8000000000000000"},
            {"timestamptz", "2000-01-01 00:00:00+00", "0000000000000000"},
            {"timestamptz", "2024-05-06 05:08:09.5+00", "0002bac0d2f9e160"},
            {"timestamptz", "infinity", "7fffffffffffffff"},
            {"interval", "1 year 2 mons -3 days +04:05:06.5", "000000036c9361a0fffffffd0000000e"},
            {"interval", "-00:00:00.000001", "ffffffffffffffff0000000000000000"},
            {"interval", "00:00:00", "00000000000000000000000000000000"},
            {"interval", "-1 years -2 mons", "000000000000000000000000fffffff2"},
            {"interval", "100:00:00", "00000053d1ac10000000000000000000"},
            {"uuid", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "a0eebc999c0b4ef8bb6d6bb9bd380a11"},
            {"jsonb", "{\"a\": 1}", "017b2261223a20317d"},
            {"json", "{\"a\":1}", "7b2261223a317d"},
            {"bytea", "\\x00ff10", "00ff10"},
            {"bytea", "\\x", ""},
            {"text", "héllo", "68c3a96c6c6f"},
            {"text", "", ""},
            {"_int4", "{1,NULL,3}", "00000001000000010000001700000003000000010000000400000001ffffffff0000000400000003"},
            {"_int4", "{}", "000000000000000000000017"},
            {"_int4", "[0:1]={7,8}", "000000010000000000000017000000020000000000000004000000070000000400000008"},
            {
                "_text",
                "{a,\"b c\",\"NULL\",\"q\\\"\\\\\\\\\",\"\"}",
                "0000000100000000000000190000000500000001000000016100000003622063000000044e554c4c0000000471225c5c00000000"
            },
            {
                "_numeric",
                "{1.5,NaN}",
                "0000000100000000000006a400000002000000010000000c0002000000000001000113880000000800000000c0000000"
            },
            {
                "_int4",
                "{{1,2},{3,NULL}}",
                "00000002000000010000001700000002000000010000000200000001000000040000000100000004000000020000000400000003ffffffff"
            },
            {
                "_int4",
                "[0:1][1:2]={{1,2},{3,4}}",
                "000000020000000000000017000000020000000000000002000000010000000400000001000000040000000200000004000000030000000400000004"
            },
            {
                "_text",
                "{{a,\"b c\"}}",
                "00000002000000000000001900000001000000010000000200000001000000016100000003622063"
            },
            {
                "_timestamp",
                "{\"2000-01-01 00:00:00\"}",
                "00000001000000000000045a0000000100000001000000080000000000000000"
            },
        };
        return Stream.of(v).map(r -> Arguments.of(r[0], r[1], r[2]));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("vectors")
    void shouldRenderServerTextWhenDecodingBinary(String type, String text, String hex) {
        assertThat(Rows.binary(OIDS.get(type), hex).getString(0)).isEqualTo(text);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("vectors")
    void shouldDecodeSameValueWhenTextAndBinaryHoldSameDatum(String type, String text, String hex) {
        PgRow binary = Rows.binary(OIDS.get(type), hex);
        PgRow textRow = Rows.text(OIDS.get(type), text);
        Object expected;
        try {
            expected = binary.getObject(0);
        } catch (ValueConversionException e) {
            // numeric NaN inside an array has no Java value: both formats must refuse it alike.
            assertThatThrownBy(() -> textRow.getObject(0)).isInstanceOf(ValueConversionException.class);
            return;
        }
        assertThat(textRow.getObject(0)).isEqualTo(expected);
        assertThat(textRow.getString(0)).isEqualTo(binary.getString(0));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("vectors")
    void shouldReproduceServerBytesWhenEncodingDecodedValue(String type, String text, String hex) {
        if (NOT_REENCODED.contains(type) || NOT_REENCODED.contains(type + ":" + text)) {
            return;
        }
        Object value = Rows.binary(OIDS.get(type), hex).getObject(0);
        assertThat(ParamEncoder.typeOid(value)).isEqualTo(OIDS.get(type));
        assertThat(ParamEncoder.format(value)).isEqualTo((short) 1);
        assertThat(Rows.encodeHex(value)).isEqualTo(hex);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specials")
    void shouldRefuseBigDecimalNamingValueWhenNumericIsSpecial(String text, String hex, double expected) {
        for (PgRow row : List.of(Rows.binary(PgTypes.NUMERIC, hex), Rows.text(PgTypes.NUMERIC, text))) {
            assertThatThrownBy(() -> row.getBigDecimal(0))
                    .isInstanceOf(ValueConversionException.class)
                    .hasMessageContaining("value=" + text)
                    .hasMessageContaining("column=v");
            assertThat((Object) row.getDouble(0)).isEqualTo(expected);
            assertThat(row.getString(0)).isEqualTo(text);
        }
    }

    static Stream<Arguments> specials() {
        return Stream.of(
                Arguments.of("NaN", "00000000c0000000", Double.NaN),
                Arguments.of("Infinity", "00000000d0000020", Double.POSITIVE_INFINITY),
                Arguments.of("-Infinity", "00000000f0000020", Double.NEGATIVE_INFINITY));
    }
}
