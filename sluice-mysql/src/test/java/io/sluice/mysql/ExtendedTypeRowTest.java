package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.ColumnType;
import io.sluice.Json;
import io.sluice.ProtocolException;
import io.sluice.ValueConversionException;
import io.sluice.mysql.internal.codec.MysqlRow;
import io.sluice.mysql.internal.protocol.ColumnDefinition;
import io.sluice.mysql.internal.protocol.Payload;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Golden rows for what the MariaDB test server cannot send: MySQL's JSON column (type 245) and malformed
 * spatial values; and the same BIT bytes as a text and as a binary row.
 */
class ExtendedTypeRowTest {

    private static ColumnDefinition def(int type, int charset, int length) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (String s : new String[] {"def", "test", "t", "t", "c", "c"}) {
            b.write(s.length());
            b.writeBytes(s.getBytes(StandardCharsets.US_ASCII));
        }
        b.writeBytes(new byte[] {0x0c, (byte) charset, 0});
        b.writeBytes(new byte[] {(byte) length, (byte) (length >>> 8), (byte) (length >>> 16), (byte) (length >>> 24)});
        b.writeBytes(new byte[] {(byte) type, 0, 0, 0, 0, 0});
        byte[] p = b.toByteArray();
        return ColumnDefinition.decode(new Payload().wrap(p, 0, p.length));
    }

    /** The value as one length-encoded string (under 251 bytes), as text rows and binary rows carry it. */
    private static byte[] lengthEncoded(byte[] v) {
        byte[] p = new byte[v.length + 1];
        p[0] = (byte) v.length;
        System.arraycopy(v, 0, p, 1, v.length);
        return p;
    }

    private static MysqlRow row(ColumnDefinition d, byte[] value, boolean binary) {
        MysqlRow row = new MysqlRow(new ColumnDefinition[] {d}, List.of(d.column()), false);
        byte[] v = lengthEncoded(value);
        if (!binary) {
            return row.bindText(new Payload().wrap(v, 0, v.length));
        }
        byte[] p = new byte[v.length + 2]; // header 0x00, NULL bitmap of one column (1 byte), value
        System.arraycopy(v, 0, p, 2, v.length);
        return row.bindBinary(new Payload().wrap(p, 0, p.length));
    }

    @Test
    void shouldReadMysqlJsonColumnsAsJsonInBothProtocols() {
        byte[] text = "{\"a\": [1, \"é\"]}".getBytes(StandardCharsets.UTF_8);
        for (boolean binary : new boolean[] {false, true}) {
            MysqlRow r = row(def(245, 63, -1), text, binary);
            assertThat(r.column(0).type()).isEqualTo(ColumnType.JSON);
            assertThat(r.column(0).nativeType()).isEqualTo("JSON");
            assertThat(r.getObject(0)).isEqualTo("{\"a\": [1, \"é\"]}");
            assertThat(r.get(0, Json.class)).isEqualTo(new Json("{\"a\": [1, \"é\"]}"));
            assertThat(r.getBytes(0)).isEqualTo(text);
        }
    }

    /** A LONGTEXT definition carrying MariaDB's extended type information {@code extended}. */
    private static ColumnDefinition extendedDef(byte[] extended) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (String s : new String[] {"def", "test", "t", "t", "js", "js"}) {
            b.write(s.length());
            b.writeBytes(s.getBytes(StandardCharsets.US_ASCII));
        }
        b.write(extended.length);
        b.writeBytes(extended);
        b.writeBytes(new byte[] {0x0c, 45, 0, -1, -1, -1, -1, (byte) 252, 16, 0, 0, 0, 0});
        byte[] p = b.toByteArray();
        return ColumnDefinition.decode(new Payload().wrap(p, 0, p.length), true);
    }

    @Test
    void shouldReadMariadbExtendedTypeInformationAndRefuseEntriesThatOverrunIt() {
        ColumnDefinition json = extendedDef(new byte[] {1, 4, 'j', 's', 'o', 'n'});
        assertThat(json.column().type()).isEqualTo(ColumnType.JSON);
        assertThat(json.column().nativeType()).isEqualTo("JSON");
        ColumnDefinition none = extendedDef(new byte[0]);
        assertThat(none.column().type()).isEqualTo(ColumnType.TEXT);
        for (byte[] bad : new byte[][] {{1, 5, 'j', 's', 'o', 'n'}, {1}, {1, (byte) 0xfb}}) {
            assertThatThrownBy(() -> extendedDef(bad))
                    .as(java.util.Arrays.toString(bad))
                    .isInstanceOf(ProtocolException.class)
                    .hasMessageStartingWith("malformed column definition");
        }
    }

    @Test
    void shouldReadBitBytesAlikeInTextAndBinaryRows() {
        for (boolean binary : new boolean[] {false, true}) {
            MysqlRow bit1 = row(def(16, 63, 1), new byte[] {1}, binary);
            assertThat(bit1.getObject(0)).isEqualTo(true);
            assertThat(bit1.getString(0)).isEqualTo("true");
            MysqlRow bit12 = row(def(16, 63, 12), new byte[] {0x0a, (byte) 0xaa}, binary);
            assertThat(bit12.getLong(0)).isEqualTo(0xaaaL);
            assertThat(bit12.getString(0)).isEqualTo("b'101010101010'");
            assertThat(bit12.get(0, BitSet.class)).isEqualTo(BitSet.valueOf(new long[] {0xaaaL}));
            assertThat(bit12.getObject(0)).isEqualTo(new byte[] {0x0a, (byte) 0xaa});
            MysqlRow bit64 = row(def(16, 63, 64), new byte[] {-1, -1, -1, -1, -1, -1, -1, -1}, binary);
            assertThat(bit64.getLong(0)).isEqualTo(-1L);
            assertThat(bit64.getBigDecimal(0)).hasToString("18446744073709551615");
            assertThat(bit64.get(0, java.math.BigInteger.class)).hasToString("18446744073709551615");
        }
    }

    @Test
    void shouldThrowValueConversionForSpatialValuesShorterThanTheirHeader() {
        MysqlRow r = row(def(255, 63, -1), new byte[] {(byte) 0xe6, 0x10, 0, 0, 1, 1, 0, 0}, true);
        assertThatThrownBy(() -> r.get(0, Geometry.class))
                .isInstanceOf(ValueConversionException.class)
                .hasMessage("spatial value shorter than SRID and WKB header: length=8, expected>=9");
        Geometry g = Geometry.ofInternal(new byte[] {(byte) 0xe6, 0x10, 0, 0, 1, 1, 0, 0, 0});
        assertThat(g.srid()).isEqualTo(4326);
        assertThat(g.toInternal()).containsExactly(0xe6, 0x10, 0, 0, 1, 1, 0, 0, 0);
        assertThat(g).isEqualTo(new Geometry(4326, new byte[] {1, 1, 0, 0, 0}));
    }

    @Test
    void shouldThrowValueConversionForEnumLabelsWithoutConstant() {
        MysqlRow r = row(def(254, 45, 20), "medium".getBytes(StandardCharsets.UTF_8), false);
        assertThatThrownBy(() -> r.get(0, MysqlExtendedTypesTest.Size.class))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageStartingWith("no enum constant for label: column=c, label=medium, enum=");
        assertThatThrownBy(() -> r.getList(0, String.class))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("MySQL has no array columns");
    }
}
