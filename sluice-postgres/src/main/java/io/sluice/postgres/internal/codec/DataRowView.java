package io.sluice.postgres.internal.codec;

import static io.sluice.postgres.internal.codec.TextCodec.readInt;
import static io.sluice.postgres.internal.codec.TextCodec.readShort;

import io.sluice.Column;
import io.sluice.ProtocolException;
import io.sluice.Row;
import io.sluice.ValueConversionException;
import io.sluice.spi.RowBytes;
import java.util.List;

/**
 * The framing half of a {@link PgRow}: points at one DataRow in the receive buffer, keeps the offset
 * and length of each column, answers the column metadata and NULL checks, and words conversion
 * failures with the column they concern. The typed getters are {@link PgRow}'s, its only subclass.
 *
 * <p>DataRow body layout (after the message type and length):
 *
 * <pre>
 *  +-----------+------------------+----------------+-----+------------------+----------------+
 *  | Int16 n   | Int32 len[0]     | len[0] bytes   | ... | Int32 len[n-1]   | len[n-1] bytes |
 *  | columns   | -1 = NULL, no    | value in the   |     |                  |                |
 *  |           | bytes follow     | column's format|     |                  |                |
 *  +-----------+------------------+----------------+-----+------------------+----------------+
 * </pre>
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-message-formats.html">DataRow</a>
 */
public abstract sealed class DataRowView implements Row permits PgRow {
    private static final int COLUMN_COUNT_SIZE = 2;
    private static final int LENGTH_SIZE = 4;
    static final int NULL_LENGTH = -1;

    final RowLayout layout;
    final int[] offsets;
    final int[] lengths;
    byte[] buf;
    /** The layout's fixed value sizes (0 = varies), read once per row by {@link #reset}. */
    private final int[] fixedWidths;

    DataRowView(RowLayout layout) {
        this.layout = layout;
        this.offsets = new int[layout.columnCount()];
        this.lengths = new int[layout.columnCount()];
        this.fixedWidths = layout.fixedWidths();
    }

    /**
     * Points the row at a DataRow message body in {@code buf}: at {@code offset} is the Int16 column
     * count, then per column an Int32 length (-1 = NULL) and that many bytes. Builds the offset table;
     * copies nothing. Cost: one pass over the column headers.
     *
     * @throws ProtocolException if the body is malformed: the column count differs from the layout's,
     *                           a length is below -1 or overruns the body, or bytes are left over
     */
    public void reset(byte[] buf, int offset, int length) {
        int end = offset + length;
        if (length < COLUMN_COUNT_SIZE || offset < 0 || end > buf.length) {
            throw malformed("body shorter than its column count", length, -1);
        }
        int count = readShort(buf, offset) & 0xFFFF;
        if (count != offsets.length) {
            throw new ProtocolException("malformed DataRow: reason=column count differs from RowDescription, columns="
                    + count + ", expected=" + offsets.length);
        }
        int p = offset + COLUMN_COUNT_SIZE;
        int[] widths = fixedWidths;
        for (int i = 0; i < count; i++) {
            if (end - p < LENGTH_SIZE) {
                throw malformed("truncated before column length", length, i);
            }
            int len = readInt(buf, p);
            p += LENGTH_SIZE;
            int width = widths[i];
            if (len == width && width <= end - p) {
                // The usual case of a fixed-size binary column: the next column's offset comes from
                // the layout, not from the length just read, so the CPU need not wait for that load
                // before reading the next length (a row's lengths are otherwise one dependent chain).
                offsets[i] = p;
                lengths[i] = width;
                p += width;
                continue;
            }
            if (len < NULL_LENGTH || len > end - p) {
                throw malformed("column length out of bounds: " + len, length, i);
            }
            offsets[i] = p;
            lengths[i] = len;
            if (len > 0) {
                p += len;
            }
        }
        if (p != end) {
            throw malformed("bytes left after the last column: " + (end - p), length, -1);
        }
        this.buf = buf;
    }

    private static ProtocolException malformed(String why, int length, int column) {
        return new ProtocolException(
                "malformed DataRow: reason=" + why + ", length=" + length + (column >= 0 ? ", column=" + column : ""));
    }

    /** Makes {@code copy} (a row of the same layout) hold this row's values in a byte[] of its own. */
    final void copyInto(DataRowView copy) {
        copy.buf = RowBytes.copy(buf, offsets, lengths, copy.offsets, copy.lengths);
    }

    /** The layout this row was built for. */
    public RowLayout layout() {
        return layout;
    }

    @Override
    public int columnCount() {
        return offsets.length;
    }

    @Override
    public Column column(int index) {
        return layout.columns().get(index);
    }

    @Override
    public List<Column> columns() {
        return layout.columns();
    }

    @Override
    public int indexOf(String name) {
        return layout.indexOf(name);
    }

    @Override
    public boolean isNull(int index) {
        return lengths[index] == NULL_LENGTH;
    }

    /** The value's length, or a ValueConversionException when it is NULL (primitive getters). */
    final int requireValue(int index, String javaType) {
        int len = lengths[index];
        if (len == NULL_LENGTH) {
            throw new ValueConversionException("cannot read NULL as " + javaType + ": column=" + layout.name(index)
                    + ", index=" + index + " (check isNull or use an object getter)");
        }
        return len;
    }

    /** Adds the column to a conversion failure; turns any other failure on malformed bytes into one. */
    final ValueConversionException failed(int index, String javaType, RuntimeException e) {
        String where = ", column=" + layout.name(index) + ", index=" + index;
        if (e instanceof ValueConversionException) {
            return new ValueConversionException(e.getMessage() + where, e);
        }
        return new ValueConversionException(
                "malformed value: type=" + PgTypes.typeName(layout.typeOid(index)) + ", format=" + layout.format(index)
                        + ", length=" + lengths[index] + ", javaType=" + javaType + where,
                e);
    }
}
