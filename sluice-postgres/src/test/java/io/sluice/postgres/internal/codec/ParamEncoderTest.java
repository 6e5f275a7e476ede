package io.sluice.postgres.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.ValueConversionException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class ParamEncoderTest {
    enum Colour {
        RED
    }

    private static String text(Object value) {
        return new String(HexFormat.of().parseHex(Rows.encodeHex(value)), StandardCharsets.UTF_8);
    }

    @Test
    void shouldSendAsUntypedTextWhenValueIsStringCharacterOrEnum() {
        for (Object v : List.of("héllo", 'x', Colour.RED)) {
            assertThat(ParamEncoder.typeOid(v)).isZero();
            assertThat(ParamEncoder.format(v)).isZero();
        }
        assertThat(text("héllo")).isEqualTo("héllo");
        assertThat(text(Colour.RED)).isEqualTo("RED");
        assertThat(ParamEncoder.typeOid(null)).isZero();
    }

    @Test
    void shouldDeclareBinaryTypeWhenValueHasOne() {
        assertThat(ParamEncoder.typeOid((byte) 1)).isEqualTo(PgTypes.INT2);
        assertThat(ParamEncoder.typeOid(BigInteger.TEN)).isEqualTo(PgTypes.NUMERIC);
        assertThat(Rows.encodeHex(BigInteger.TEN.pow(4))).isEqualTo("00010001000000000001");
        assertThat(ParamEncoder.typeOid(ZonedDateTime.of(2000, 1, 1, 1, 0, 0, 0, ZoneId.of("Europe/Paris"))))
                .isEqualTo(PgTypes.TIMESTAMPTZ);
        assertThat(Rows.encodeHex(ZonedDateTime.of(2000, 1, 1, 1, 0, 0, 0, ZoneId.of("Europe/Paris"))))
                .isEqualTo("0000000000000000");
        assertThat(Rows.encodeHex(new BigDecimal("1E+3"))).isEqualTo(Rows.encodeHex(new BigDecimal("1000")));
    }

    @Test
    void shouldTypeArraysFromElementsWhenListOrJavaArrayIsGiven() {
        assertThat(ParamEncoder.typeOid(List.of("a"))).isEqualTo(PgTypes.TEXT_ARRAY);
        assertThat(ParamEncoder.typeOid(new int[0])).isEqualTo(PgTypes.INT4_ARRAY);
        assertThat(ParamEncoder.typeOid(new String[] {null})).isEqualTo(PgTypes.TEXT_ARRAY);
        assertThat(ParamEncoder.typeOid(new Colour[] {Colour.RED})).isEqualTo(PgTypes.TEXT_ARRAY);
        assertThat(ParamEncoder.typeOid(new byte[0])).isEqualTo(PgTypes.BYTEA);
        assertThat(ParamEncoder.typeOid(Arrays.asList(null, 2L))).isEqualTo(PgTypes.INT8_ARRAY);
        assertThat(ParamEncoder.typeOid(List.of())).isZero();
        assertThat(text(List.of())).isEqualTo("{}");
        assertThat(text(Arrays.asList(null, null))).isEqualTo("{NULL,NULL}");
    }

    @Test
    void shouldNameTheProblemWhenParameterCannotBeSent() {
        assertThatThrownBy(() -> ParamEncoder.typeOid(new StringBuilder("x")))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("class=java.lang.StringBuilder");
        assertThatThrownBy(() -> ParamEncoder.typeOid(new Object[] {1, "a"}))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("mixes element types");
        assertThat(ParamEncoder.typeOid(new int[][] {{1}})).isEqualTo(PgTypes.INT4_ARRAY); // multi-dimensional
        assertThat(ParamEncoder.typeOid(List.of(List.of(1L)))).isEqualTo(PgTypes.INT8_ARRAY);
        assertThatThrownBy(() -> ParamEncoder.typeOid(List.of(List.of(1), List.of(1, 2))))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("not rectangular");
        assertThatThrownBy(() -> ParamEncoder.typeOid(Arrays.asList(List.of(1), 2)))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("not rectangular");
        assertThatThrownBy(() -> ParamEncoder.typeOid(List.of(java.util.Map.of("k", "v"))))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("arrays of");
        assertThatThrownBy(() -> Rows.encodeHex(BigDecimal.ONE.movePointLeft(16384)))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("scale=16384");
        assertThatThrownBy(() -> Rows.encodeHex(BigDecimal.ONE.movePointRight(200_000)))
                .isInstanceOf(ValueConversionException.class);
    }
}
