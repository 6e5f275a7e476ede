package io.sluice.mysql.internal.codec;

import io.sluice.ProtocolException;
import io.sluice.mysql.internal.protocol.ColumnDefinition;
import io.sluice.mysql.internal.protocol.Payload;

/**
 * Finds where each value of a result row packet starts and how long it is, filling a row view's offset and
 * length tables (length -1: NULL) without copying a byte. Text rows
 * (https://mariadb.com/kb/en/resultset-row/#text-resultset-row) are a sequence of length-encoded strings, 0xfb
 * for NULL. Binary rows (https://mariadb.com/kb/en/resultset-row/#binary-resultset-row):
 *
 * <pre>
 *  int<1>   0x00 header
 *  byte<n>  NULL bitmap, n = (columns + 7 + 2) / 8, bit (i + 2) set for a NULL column i
 *  values   of the non-NULL columns, each in its type's binary form (fixed width or length-encoded)
 * </pre>
 */
final class RowOffsets {
    private RowOffsets() {}

    /**
     * Indexes the text-protocol row in {@code p}: exactly one value per column, no byte left over (a
     * definition packet or a row of another shape is a {@link ProtocolException}).
     */
    static void text(Payload p, int columns, int[] offsets, int[] lengths) {
        byte[] buf = p.buffer();
        for (int i = 0; i < columns; i++) {
            if (p.remaining() > 0 && (buf[p.position()] & 0xff) == 0xfb) {
                p.skip(1);
                lengths[i] = -1;
                continue;
            }
            int n = p.readLengthEncodedLength();
            offsets[i] = p.position();
            lengths[i] = n;
            p.skip(n);
        }
        if (p.remaining() != 0) {
            throw new ProtocolException(
                    "text row longer than its columns: columns=" + columns + ", extra=" + p.remaining());
        }
    }

    /**
     * Indexes the binary-protocol row in {@code p}: header 0x00, a temporal length the type allows, and no
     * byte left over, or a {@link ProtocolException}.
     */
    static void binary(Payload p, ColumnDefinition[] defs, int[] offsets, int[] lengths) {
        byte[] buf = p.buffer();
        if (p.readInt1() != 0) {
            throw new ProtocolException("binary row header is not 0x00: header=" + (buf[p.position() - 1] & 0xff));
        }
        int bitmap = p.position();
        p.skip((defs.length + 9) >>> 3);
        for (int i = 0; i < defs.length; i++) {
            int bit = i + 2;
            if ((buf[bitmap + (bit >>> 3)] & (1 << (bit & 7))) != 0) {
                lengths[i] = -1;
                continue;
            }
            int n = BinaryValues.length(p, defs[i].fieldType());
            offsets[i] = p.position();
            lengths[i] = n;
            p.skip(n);
        }
        if (p.remaining() != 0) {
            throw new ProtocolException("binary row longer than its columns: extra=" + p.remaining());
        }
    }
}
