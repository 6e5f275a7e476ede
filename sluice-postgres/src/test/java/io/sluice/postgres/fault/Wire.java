package io.sluice.postgres.fault;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Backend messages as PostgreSQL frames them (type byte, Int32 length including itself, body), for the
 * fake server of the fault tests. Each method returns one whole message.
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-message-formats.html">Message Formats</a>
 */
final class Wire {
    static final int TEXT_OID = 25;

    private Wire() {}

    static byte[] message(char type, byte[] body) {
        byte[] m = new byte[5 + body.length];
        m[0] = (byte) type;
        putInt(m, 1, 4 + body.length);
        System.arraycopy(body, 0, m, 5, body.length);
        return m;
    }

    static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    /** A body builder. */
    static final class Body {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Body int8(int v) {
            out.write(v);
            return this;
        }

        Body int16(int v) {
            out.write(v >>> 8);
            out.write(v);
            return this;
        }

        Body int32(int v) {
            int16(v >>> 16);
            return int16(v & 0xffff);
        }

        Body bytes(byte[] b) {
            out.writeBytes(b);
            return this;
        }

        Body cstring(String s) {
            out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            out.write(0);
            return this;
        }

        byte[] done() {
            return out.toByteArray();
        }
    }

    static byte[] auth(int code, byte[] data) {
        return message('R', new Body().int32(code).bytes(data).done());
    }

    static byte[] authOk() {
        return auth(0, new byte[0]);
    }

    static byte[] parameterStatus(String name, String value) {
        return message('S', new Body().cstring(name).cstring(value).done());
    }

    static byte[] backendKeyData(int pid, int key) {
        return message('K', new Body().int32(pid).int32(key).done());
    }

    static byte[] ready(char status) {
        return message('Z', new byte[] {(byte) status});
    }

    static byte[] empty(char type) {
        return message(type, new byte[0]);
    }

    /** RowDescription of text columns (type 25, text format). */
    static byte[] rowDescription(List<String> names) {
        Body b = new Body().int16(names.size());
        for (String n : names) {
            b.cstring(n).int32(0).int16(0).int32(TEXT_OID).int16(-1).int32(-1).int16(0);
        }
        return message('T', b.done());
    }

    /** DataRow; a null value is sent as length -1. */
    static byte[] dataRow(List<String> values) {
        Body b = new Body().int16(values.size());
        for (String v : values) {
            if (v == null) {
                b.int32(-1);
            } else {
                byte[] bytes = v.getBytes(StandardCharsets.UTF_8);
                b.int32(bytes.length).bytes(bytes);
            }
        }
        return message('D', b.done());
    }

    static byte[] commandComplete(String tag) {
        return message('C', new Body().cstring(tag).done());
    }

    static byte[] error(String sqlState, String text) {
        return message(
                'E',
                new Body()
                        .int8('S')
                        .cstring("ERROR")
                        .int8('V')
                        .cstring("ERROR")
                        .int8('C')
                        .cstring(sqlState)
                        .int8('M')
                        .cstring(text)
                        .int8(0)
                        .done());
    }

    static byte[] notice(String text) {
        return message(
                'N',
                new Body()
                        .int8('S')
                        .cstring("NOTICE")
                        .int8('C')
                        .cstring("00000")
                        .int8('M')
                        .cstring(text)
                        .int8(0)
                        .done());
    }

    static byte[] notification(int pid, String channel, String payload) {
        return message(
                'A', new Body().int32(pid).cstring(channel).cstring(payload).done());
    }

    static byte[] copyOutResponse(int columns) {
        Body b = new Body().int8(0).int16(columns);
        for (int i = 0; i < columns; i++) {
            b.int16(0);
        }
        return message('H', b.done());
    }

    static byte[] copyData(String line) {
        return message('d', line.getBytes(StandardCharsets.UTF_8));
    }
}
