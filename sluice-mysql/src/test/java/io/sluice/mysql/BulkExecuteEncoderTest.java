package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.mysql.internal.protocol.BulkExecuteEncoder;
import io.sluice.mysql.internal.protocol.PacketWriter;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Golden bytes of COM_STMT_BULK_EXECUTE (https://mariadb.com/kb/en/com_stmt_bulk_execute/). */
class BulkExecuteEncoderTest {

    private static byte[] bytes(int... v) {
        byte[] b = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = (byte) v[i];
        }
        return b;
    }

    @Test
    void shouldWriteTypesOnceAndAnIndicatorPerValue() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PacketWriter w = new PacketWriter(out);
        List<Object[]> sets = List.of(new Object[] {1, null}, new Object[] {null, "bc"});
        assertThat(BulkExecuteEncoder.writeBulk(w, 7, 2, sets, 0, 1 << 20)).isEqualTo(2);
        w.flush();
        assertThat(out.toByteArray())
                .isEqualTo(bytes(
                        22, 0, 0, 0, // payload length 22, sequence 0
                        0xfa, 7, 0, 0, 0, 0x80, 0, // COM_STMT_BULK_EXECUTE, statement 7, SEND_TYPES_TO_SERVER
                        3, 0, 253, 0, // MYSQL_TYPE_LONG, MYSQL_TYPE_VAR_STRING (the first non-NULL value of each)
                        0, 1, 0, 0, 0, 1, // set 1: 1, NULL
                        1, 0, 2, 'b', 'c')); // set 2: NULL, "bc"
    }

    @Test
    void shouldStartNextCommandWhenTypesChangeOrBytesRunOut() {
        PacketWriter w = new PacketWriter(new ByteArrayOutputStream());
        List<Object[]> sets = List.of(new Object[] {1}, new Object[] {2}, new Object[] {3L}, new Object[] {4L});
        assertThat(BulkExecuteEncoder.writeBulk(w, 1, 1, sets, 0, 1 << 20)).isEqualTo(2);
        assertThat(BulkExecuteEncoder.writeBulk(w, 1, 1, sets, 2, 1 << 20)).isEqualTo(4);
        assertThat(BulkExecuteEncoder.writeBulk(w, 1, 1, sets, 2, 1)).isEqualTo(3);
    }

    @Test
    void shouldRefuseSetWithWrongParameterCount() {
        PacketWriter w = new PacketWriter(new ByteArrayOutputStream());
        assertThatThrownBy(() -> BulkExecuteEncoder.writeBulk(
                        w, 1, 2, java.util.Collections.singletonList(new Object[] {1}), 0, 1 << 20))
                .isInstanceOf(io.sluice.ParameterException.class)
                .hasMessageContaining("expected=2, given=1");
    }
}
