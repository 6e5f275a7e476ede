package io.sluice.postgres.internal.codec;

import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/** Test helper: DataRow bodies and one-column rows, as the protocol layer would hand them over. */
final class Rows {
    private Rows() {}

    /** A one-column row of type {@code oid} in {@code format} holding {@code value} (null = SQL NULL). */
    static PgRow single(int oid, int format, byte[] value) {
        PgRow row = new PgRow(
                new RowLayout(new String[] {"v"}, new int[] {oid}, new int[] {-1}, new short[] {(short) format}));
        byte[] body = body(value);
        // Put the body at an offset inside a larger buffer, as a receive buffer would.
        byte[] buf = new byte[body.length + 7];
        System.arraycopy(body, 0, buf, 3, body.length);
        row.reset(buf, 3, body.length);
        return row;
    }

    static PgRow binary(int oid, String hex) {
        return single(oid, 1, HexFormat.of().parseHex(hex));
    }

    static PgRow text(int oid, String text) {
        return single(oid, 0, text.getBytes(StandardCharsets.UTF_8));
    }

    /** A DataRow body: Int16 count, then Int32 length and bytes per value (null = -1). */
    static byte[] body(byte[]... values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(values.length >>> 8);
        out.write(values.length);
        for (byte[] v : values) {
            int len = v == null ? -1 : v.length;
            out.write(len >>> 24);
            out.write(len >>> 16);
            out.write(len >>> 8);
            out.write(len);
            if (v != null) {
                out.writeBytes(v);
            }
        }
        return out.toByteArray();
    }

    /** The bytes ParamEncoder writes for {@code value}, as hex. */
    static String encodeHex(Object value) {
        PgWriteBuffer out = new PgWriteBuffer(16);
        ParamEncoder.encode(value, out);
        return HexFormat.of().formatHex(out.array(), 0, out.position());
    }
}
