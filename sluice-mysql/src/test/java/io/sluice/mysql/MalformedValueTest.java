package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.ValueConversionException;
import io.sluice.mysql.internal.codec.MysqlRow;
import io.sluice.mysql.internal.protocol.ColumnDefinition;
import io.sluice.mysql.internal.protocol.Payload;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Values no real server sends (malformed dates, non-numeric numbers) read as {@link ValueConversionException}, never
 * a JDK exception: regressions of the "Trust under faults" issue.
 */
class MalformedValueTest {

    private static ColumnDefinition def(int type, int flags) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (String s : new String[] {"def", "test", "t", "t", "c", "c"}) {
            b.write(s.length());
            b.writeBytes(s.getBytes(StandardCharsets.US_ASCII));
        }
        b.writeBytes(new byte[] {0x0c, 63, 0, 20, 0, 0, 0, (byte) type, (byte) flags, (byte) (flags >>> 8), 0, 0, 0});
        byte[] p = b.toByteArray();
        return ColumnDefinition.decode(new Payload().wrap(p, 0, p.length));
    }

    private static MysqlRow textRow(ColumnDefinition d, String value) {
        byte[] v = value.getBytes(StandardCharsets.UTF_8);
        byte[] p = new byte[v.length + 1];
        p[0] = (byte) v.length;
        System.arraycopy(v, 0, p, 1, v.length);
        MysqlRow row = new MysqlRow(new ColumnDefinition[] {d}, java.util.List.of(d.column()), false);
        return row.bindText(new Payload().wrap(p, 0, p.length));
    }

    @Test
    void shouldThrowValueConversionForMalformedTextDatesTrustUnderFaults() {
        for (String bad : new String[] {
            "2024-02-31",
            "2024-13-01",
            "2024x01-01",
            "2024-01-01 25:00:00",
            "2024-01-01 10:61:00",
            "20-1-1",
            "2024-01-0a"
        }) {
            MysqlRow r = textRow(def(12, 0), bad); // DATETIME
            assertThatThrownBy(() -> r.getLocalDateTime(0)).as(bad).isInstanceOf(ValueConversionException.class);
            assertThatThrownBy(() -> r.getObject(0)).as(bad).isInstanceOf(ValueConversionException.class);
        }
    }

    @Test
    void shouldThrowValueConversionForMalformedTimes() {
        for (String bad : new String[] {"99999999999999999999:00:00", "839:00:00", "10:60:00", "10-00-00", "1:2"}) {
            MysqlRow r = textRow(def(11, 0), bad); // TIME
            assertThatThrownBy(() -> r.getDuration(0)).as(bad).isInstanceOf(ValueConversionException.class);
        }
    }

    @Test
    void shouldThrowValueConversionForNonNumericUnsignedBigintTrustUnderFaults() {
        MysqlRow r = textRow(def(8, 32), "12x"); // BIGINT UNSIGNED
        assertThatThrownBy(() -> r.getObject(0)).isInstanceOf(ValueConversionException.class);
        assertThatThrownBy(() -> r.get(0, BigInteger.class)).isInstanceOf(ValueConversionException.class);
        MysqlRow fraction = textRow(def(246, 0), "1.5"); // DECIMAL
        assertThatThrownBy(() -> fraction.get(0, BigInteger.class)).isInstanceOf(ValueConversionException.class);
        assertThat(textRow(def(8, 32), "18446744073709551615").getObject(0))
                .isEqualTo(new BigInteger("18446744073709551615"));
    }

    @Test
    void shouldReadTextFloatAsTheFloatItSpells() {
        MysqlRow r = textRow(def(4, 0), "0.1"); // FLOAT
        assertThat(r.getDouble(0)).isEqualTo((double) 0.1f);
        assertThat(r.getFloat(0)).isEqualTo(0.1f);
        assertThatThrownBy(() -> textRow(def(4, 0), "abc").getDouble(0)).isInstanceOf(ValueConversionException.class);
    }
}
