package io.sluice.postgres.internal.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Notification;
import io.sluice.ProtocolException;
import io.sluice.ServerMessage;
import io.sluice.postgres.internal.codec.RowLayout;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Golden vectors for the backend decoders and the framing, and the malformed inputs they must reject. */
class BackendDecoderTest {
    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    private static MessageReader reader(String hex) {
        return new MessageReader(new ByteArrayInputStream(hex(hex)));
    }

    @Test
    void shouldSplitMessagesWhenSeveralArriveInOneRead() throws Exception {
        MessageReader r = reader("31" + "00000004" + "5a" + "00000005" + "49");
        assertThat(r.next()).isEqualTo(BackendMessage.PARSE_COMPLETE);
        assertThat(r.bodyLength()).isZero();
        assertThat(r.next()).isEqualTo(BackendMessage.READY_FOR_QUERY);
        assertThat(BackendDecoder.readyForQuery(r.buffer(), r.bodyOffset(), r.bodyLength()))
                .isEqualTo(BackendMessage.TRANSACTION_IDLE);
    }

    @Test
    void shouldGrowBufferWhenMessageIsLargerThanIt() throws Exception {
        int body = MessageReader.BUFFER_SIZE * 3;
        byte[] msg = new byte[5 + body];
        msg[0] = 'D';
        msg[1] = (byte) ((body + 4) >>> 24);
        msg[2] = (byte) ((body + 4) >>> 16);
        msg[3] = (byte) ((body + 4) >>> 8);
        msg[4] = (byte) (body + 4);
        msg[msg.length - 1] = 42;
        MessageReader r = new MessageReader(new ByteArrayInputStream(msg));
        assertThat(r.next()).isEqualTo((byte) 'D');
        assertThat(r.bodyLength()).isEqualTo(body);
        assertThat(r.buffer()[r.bodyOffset() + body - 1]).isEqualTo((byte) 42);
    }

    @Test
    void shouldDecodeNotificationResponse() throws Exception {
        // 'A', length 4 + 4 + "jobs\0" + "42\0" = 16, pid 0x00001f90 = 8080
        MessageReader r = reader("41" + "00000010" + "00001f90" + "6a6f627300" + "343200");
        assertThat(r.next()).isEqualTo(BackendMessage.NOTIFICATION_RESPONSE);
        assertThat(BackendDecoder.notification(r.buffer(), r.bodyOffset(), r.bodyLength()))
                .isEqualTo(new Notification("jobs", "42", 8080));
    }

    @Test
    void shouldRejectNotificationWithoutPayloadTerminator() throws Exception {
        MessageReader r = reader("41" + "0000000f" + "00001f90" + "6a6f627300" + "3432");
        r.next();
        assertThatThrownBy(() -> BackendDecoder.notification(r.buffer(), r.bodyOffset(), r.bodyLength()))
                .isInstanceOf(ProtocolException.class);
    }

    @Test
    void shouldThrowProtocolExceptionWhenLengthIsBelowFour() {
        assertThatThrownBy(() -> reader("5a00000003").next())
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("length=3");
    }

    @Test
    void shouldThrowProtocolExceptionWhenLengthIsOversized() {
        assertThatThrownBy(() -> reader("447fffffff").next())
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("length=2147483647");
    }

    @Test
    void shouldThrowEofWhenMessageIsTruncated() {
        assertThatThrownBy(() -> reader("440000000a0001").next()).isInstanceOf(EOFException.class);
    }

    @Test
    void shouldDecodeEveryErrorFieldWhenErrorResponseArrives() {
        // S ERROR, V ERROR, C 42601, M msg, P 8, F scan.l, L 1, R scanner_yyerror, t tbl, n con
        String body = "53" + "4552524f5200" + "56" + "4552524f5200" + "43" + "343236303100" + "4d" + "6d736700"
                + "50" + "3800" + "46" + "7363616e2e6c00" + "4c" + "3100" + "52" + "7800" + "74" + "74626c00"
                + "6e" + "636f6e00" + "5a" + "7a7a00" + "00";
        byte[] b = hex(body);
        ServerMessage m = BackendDecoder.serverMessage(BackendMessage.ERROR_RESPONSE, b, 0, b.length);
        assertThat(m.severity()).isEqualTo("ERROR");
        assertThat(m.sqlState()).isEqualTo("42601");
        assertThat(m.message()).isEqualTo("msg");
        assertThat(m.position()).isEqualTo(8);
        assertThat(m.fields())
                .containsEntry("file", "scan.l")
                .containsEntry("line", "1")
                .containsEntry("routine", "x")
                .containsEntry("table", "tbl")
                .containsEntry("constraint", "con")
                .containsEntry("Z", "zz")
                .containsEntry("severity_localized", "ERROR");
    }

    @Test
    void shouldThrowProtocolExceptionWhenErrorFieldIsUnterminated() {
        byte[] b = hex("4d6d7367");
        assertThatThrownBy(() -> BackendDecoder.serverMessage(BackendMessage.ERROR_RESPONSE, b, 0, b.length))
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("unterminated");
    }

    @Test
    void shouldDecodeRowDescriptionWhenWellFormed() {
        // 1 field: "id\0" table 0, attnum 0, type 23, typlen 4, typmod -1, format 1
        byte[] b = hex("0001" + "696400" + "00000000" + "0000" + "00000017" + "0004" + "ffffffff" + "0001");
        RowLayout l = BackendDecoder.rowDescription(b, 0, b.length);
        assertThat(l.columnCount()).isEqualTo(1);
        assertThat(l.name(0)).isEqualTo("id");
        assertThat(l.typeOid(0)).isEqualTo(23);
        assertThat(l.format(0)).isEqualTo((short) 1);
    }

    @Test
    void shouldKeepTableOidAndAttributeNumberWhenRowDescriptionNamesASourceColumn() {
        // "id" from table OID 0x80004000 (above 2^31: unsigned on the wire), attnum 3; "x" an expression
        byte[] b = hex("0002"
                + "696400" + "80004000" + "0003" + "00000017" + "0004" + "ffffffff" + "0001"
                + "7800" + "00000000" + "0000" + "00000019" + "ffff" + "ffffffff" + "0000");
        RowLayout l = BackendDecoder.rowDescription(b, 0, b.length);
        assertThat(Integer.toUnsignedLong(l.tableOid(0))).isEqualTo(0x80004000L);
        assertThat(l.attributeNumber(0)).isEqualTo(3);
        assertThat(l.columns().get(0).details().tableId()).isEqualTo(l.tableOid(0));
        assertThat(l.columns().get(0).details().columnNumber()).isEqualTo(3);
        assertThat(l.tableOid(1)).isZero();
        assertThat(l.attributeNumber(1)).isZero();
        assertThat(l.columns().get(1).details().hasSource()).isFalse();
    }

    @Test
    void shouldThrowProtocolExceptionWhenRowDescriptionCountIsImpossible() {
        byte[] b = hex("7fff" + "696400");
        assertThatThrownBy(() -> BackendDecoder.rowDescription(b, 0, b.length)).isInstanceOf(ProtocolException.class);
        byte[] truncated = hex("0001" + "696400" + "00000000" + "0000" + "00000017");
        assertThatThrownBy(() -> BackendDecoder.rowDescription(truncated, 0, truncated.length))
                .isInstanceOf(ProtocolException.class);
        byte[] badFormat = hex("0001" + "696400" + "00000000" + "0000" + "00000017" + "0004" + "ffffffff" + "0007");
        assertThatThrownBy(() -> BackendDecoder.rowDescription(badFormat, 0, badFormat.length))
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("format");
    }

    @Test
    void shouldReadRowCountWhenCommandCompletes() {
        assertThat(rows("INSERT 0 5")).isEqualTo(5);
        assertThat(rows("UPDATE 12")).isEqualTo(12);
        assertThat(rows("SELECT 0")).isZero();
        assertThat(rows("CREATE TABLE")).isZero();
        assertThat(rows("X")).isZero();
        byte[] unterminated = "UPDATE 1".getBytes();
        assertThatThrownBy(() -> BackendDecoder.commandCompleteRows(unterminated, 0, unterminated.length))
                .isInstanceOf(ProtocolException.class);
    }

    private static long rows(String tag) {
        byte[] b = (tag + "\0").getBytes();
        return BackendDecoder.commandCompleteRows(b, 0, b.length);
    }

    @Test
    void shouldRejectBadReadyForQueryAndKeyDataWhenMalformed() {
        byte[] status = {'X'};
        assertThatThrownBy(() -> BackendDecoder.readyForQuery(status, 0, 1)).isInstanceOf(ProtocolException.class);
        assertThatThrownBy(() -> BackendDecoder.readyForQuery(new byte[2], 0, 2))
                .isInstanceOf(ProtocolException.class);
        assertThatThrownBy(() -> BackendDecoder.backendKeyData(new byte[7], 0, 7))
                .isInstanceOf(ProtocolException.class);
        assertThatThrownBy(() -> BackendDecoder.backendKeyData(new byte[9], 0, 9))
                .isInstanceOf(ProtocolException.class);
        assertThat(BackendDecoder.backendKeyData(hex("0000000100000002"), 0, 8)).containsExactly(1, 2);
        assertThatThrownBy(() -> BackendDecoder.parameterDescription(hex("0002" + "00000017"), 0, 6))
                .isInstanceOf(ProtocolException.class);
        assertThatThrownBy(() -> BackendDecoder.empty(BackendMessage.BIND_COMPLETE, 1))
                .isInstanceOf(ProtocolException.class);
    }
}
