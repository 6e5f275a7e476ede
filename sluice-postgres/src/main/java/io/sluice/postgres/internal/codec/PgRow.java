package io.sluice.postgres.internal.codec;

import static io.sluice.postgres.internal.codec.TextCodec.readInt;
import static io.sluice.postgres.internal.codec.TextCodec.readShort;

import io.sluice.Column;
import io.sluice.Interval;
import io.sluice.ProtocolException;
import io.sluice.Row;
import io.sluice.ValueConversionException;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * A DataRow, decoded lazily: the row keeps a reference to the receive buffer and an offset table,
 * and converts a column only when a getter asks (see {@link ValueCodec} for the type table). Primitive
 * getters on binary columns allocate nothing; {@link #getString} of ASCII text copies once, into the
 * String. A row is a view: valid until the next {@link #reset}; {@link #detach()} makes a copy that
 * outlives the buffer. Not thread-safe.
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
public final class PgRow implements Row {
    private static final int COLUMN_COUNT_SIZE = 2;
    private static final int LENGTH_SIZE = 4;
    private static final int NULL_LENGTH = -1;

    private final RowLayout layout;
    private final int[] offsets;
    private final int[] lengths;
    private byte[] buf;
    /**
     * Per column, the epoch day and LocalDate decoded last. Rows of one result often share a day
     * (timestamps minutes apart), and LocalDate is immutable, so reusing it saves an object per
     * date-bearing value. Allocated on first use.
     */
    private long[] lastEpochDays;
    /** The layout's fixed value sizes (0 = varies), read once per row by {@link #reset}. */
    private final int[] fixedWidths;

    private LocalDate[] lastDates;
    /** The connection's type codecs (see {@link CodecLookup}); null for connections without any. */
    private final CodecLookup codecs;

    /** A binary numeric's text for {@link #writeUtf8}; allocated on first use. */
    private byte[] scratch;

    /** An empty row for {@code layout}; point it at a DataRow with {@link #reset}. */
    public PgRow(RowLayout layout) {
        this.layout = layout;
        this.offsets = new int[layout.columnCount()];
        this.lengths = new int[layout.columnCount()];
        this.fixedWidths = layout.fixedWidths();
        this.codecs = layout.codecs();
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

    /** A self-contained copy, with its own byte[] holding exactly this row's values, that outlives the receive buffer. */
    public PgRow detach() {
        PgRow copy = new PgRow(layout);
        int total = 0; // the copy shares the layout, and with it the codecs
        for (int len : lengths) {
            total += Math.max(len, 0);
        }
        byte[] own = new byte[total];
        int p = 0;
        for (int i = 0; i < lengths.length; i++) {
            int len = lengths[i];
            copy.lengths[i] = len;
            copy.offsets[i] = p;
            if (len > 0) {
                System.arraycopy(buf, offsets[i], own, p, len);
                p += len;
            }
        }
        copy.buf = own;
        return copy;
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
    private int requireValue(int index, String javaType) {
        int len = lengths[index];
        if (len == NULL_LENGTH) {
            throw new ValueConversionException("cannot read NULL as " + javaType + ": column=" + layout.name(index)
                    + ", index=" + index + " (check isNull or use an object getter)");
        }
        return len;
    }

    /** Adds the column to a conversion failure; turns any other failure on malformed bytes into one. */
    private ValueConversionException failed(int index, String javaType, RuntimeException e) {
        String where = ", column=" + layout.name(index) + ", index=" + index;
        if (e instanceof ValueConversionException) {
            return new ValueConversionException(e.getMessage() + where, e);
        }
        return new ValueConversionException(
                "malformed value: type=" + PgTypes.typeName(layout.typeOid(index)) + ", format=" + layout.format(index)
                        + ", length=" + lengths[index] + ", javaType=" + javaType + where,
                e);
    }

    @Override
    public boolean getBoolean(int i) {
        int len = requireValue(i, "boolean");
        try {
            return ValueCodec.toBoolean(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "boolean", e);
        }
    }

    @Override
    public short getShort(int i) {
        int len = requireValue(i, "short");
        try {
            return ValueCodec.toShort(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "short", e);
        }
    }

    @Override
    public int getInt(int i) {
        int len = requireValue(i, "int");
        try {
            return ValueCodec.toInt(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "int", e);
        }
    }

    @Override
    public long getLong(int i) {
        int len = requireValue(i, "long");
        try {
            return ValueCodec.toLong(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "long", e);
        }
    }

    @Override
    public float getFloat(int i) {
        int len = requireValue(i, "float");
        try {
            return ValueCodec.toFloat(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "float", e);
        }
    }

    @Override
    public double getDouble(int i) {
        int len = requireValue(i, "double");
        try {
            return ValueCodec.toDouble(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "double", e);
        }
    }

    /** Decodes column {@code i} as {@code type} (a Java class or element-class request); null for SQL NULL. */
    private Object decode(int i, Class<?> type) {
        int len = lengths[i];
        if (len == NULL_LENGTH) {
            return null;
        }
        try {
            if (codecs != null) {
                Object v = CodecDecoder.decode(codecs, buf, offsets[i], len, layout.typeOid(i), layout.binary(i), type);
                if (v != null) {
                    return v;
                }
            }
            return ValueCodec.convert(buf, offsets[i], len, layout.typeOid(i), layout.binary(i), type);
        } catch (RuntimeException e) {
            throw failed(i, type.getSimpleName(), e);
        }
    }

    @Override
    public BigDecimal getBigDecimal(int i) {
        int len = lengths[i];
        if (len == NULL_LENGTH) {
            return null;
        }
        try {
            return ValueCodec.toBigDecimal(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "BigDecimal", e);
        }
    }

    @Override
    public String getString(int i) {
        int len = lengths[i];
        if (len == NULL_LENGTH) {
            return null;
        }
        if (codecs != null && layout.binary(i)) {
            return (String) decode(i, String.class); // a binary codec's value rendered by the codec
        }
        try {
            return TextFormCodec.toText(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "String", e);
        }
    }

    /** Text types arrive as their UTF-8 bytes in both formats (textsend is the bytes themselves). */
    @Override
    public boolean writeUtf8(int i, Utf8Sink sink) throws IOException {
        int len = lengths[i];
        if (len == NULL_LENGTH) {
            return false;
        }
        switch (layout.typeOid(i)) {
            case PgTypes.TEXT, PgTypes.VARCHAR, PgTypes.BPCHAR, PgTypes.NAME -> {
                sink.write(buf, offsets[i], len);
                return true;
            }
            case PgTypes.NUMERIC -> {
                if (!layout.binary(i)) {
                    sink.write(buf, offsets[i], len);
                    return true;
                }
                int n;
                try {
                    int max = NumericCodec.maxAsciiLength(buf, offsets[i], len);
                    if (scratch == null || scratch.length < max) {
                        scratch = new byte[Math.max(max, 64)];
                    }
                    n = NumericCodec.binaryToAscii(buf, offsets[i], len, scratch);
                } catch (RuntimeException e) {
                    throw failed(i, "String", e);
                }
                sink.write(scratch, 0, n);
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    @Override
    public byte[] getBytes(int i) {
        int len = lengths[i];
        if (len == NULL_LENGTH) {
            return null;
        }
        try {
            return ValueCodec.toBytes(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "byte[]", e);
        }
    }

    /** The LocalDate of {@code epochDay}, the column's previous one when the day is the same. */
    private LocalDate day(int i, long epochDay) {
        long[] days = lastEpochDays;
        if (days == null) {
            days = lastEpochDays = new long[offsets.length];
            Arrays.fill(days, Long.MIN_VALUE);
            lastDates = new LocalDate[offsets.length];
        }
        if (days[i] == epochDay) {
            return lastDates[i];
        }
        LocalDate d = LocalDate.ofEpochDay(epochDay);
        days[i] = epochDay;
        lastDates[i] = d;
        return d;
    }

    /** Fast path for a finite binary timestamp or timestamptz: reuses the column's LocalDate. */
    private LocalDateTime binaryLocalDateTime(int i, long pgMicros) {
        long epochDay = Math.floorDiv(pgMicros, DateTimeCodec.USECS_PER_DAY) + DateTimeCodec.POSTGRES_EPOCH_DAY;
        long nanoOfDay = Math.floorMod(pgMicros, DateTimeCodec.USECS_PER_DAY) * 1000;
        return LocalDateTime.of(day(i, epochDay), LocalTime.ofNanoOfDay(nanoOfDay));
    }

    /** True when column {@code i} holds a binary value of {@code oid} with {@code size} bytes (fast paths). */
    private boolean isBinary(int i, int oid, int size) {
        return lengths[i] == size && layout.typeOid(i) == oid && layout.binary(i);
    }

    private static boolean finite(long pgMicros) {
        return pgMicros != DateTimeCodec.DT_NOBEGIN && pgMicros != DateTimeCodec.DT_NOEND;
    }

    @Override
    public LocalDate getLocalDate(int i) {
        int len = lengths[i];
        if (len == NULL_LENGTH) {
            return null;
        }
        if (isBinary(i, PgTypes.DATE, 4)) {
            int days = readInt(buf, offsets[i]);
            if (days != DateTimeCodec.DATEVAL_NOBEGIN && days != DateTimeCodec.DATEVAL_NOEND) {
                return day(i, DateTimeCodec.POSTGRES_EPOCH_DAY + days);
            }
        }
        try {
            return TemporalValueCodec.toLocalDate(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "LocalDate", e);
        }
    }

    @Override
    public LocalTime getLocalTime(int i) {
        int len = lengths[i];
        if (len == NULL_LENGTH) {
            return null;
        }
        try {
            return TemporalValueCodec.toLocalTime(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "LocalTime", e);
        }
    }

    @Override
    public OffsetTime getOffsetTime(int i) {
        int len = lengths[i];
        if (len == NULL_LENGTH) {
            return null;
        }
        try {
            return TemporalValueCodec.toOffsetTime(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "OffsetTime", e);
        }
    }

    @Override
    public LocalDateTime getLocalDateTime(int i) {
        int len = lengths[i];
        if (len == NULL_LENGTH) {
            return null;
        }
        if (isBinary(i, PgTypes.TIMESTAMP, 8)) {
            long micros = TextCodec.readLong(buf, offsets[i]);
            if (finite(micros)) {
                return binaryLocalDateTime(i, micros);
            }
        }
        try {
            return TemporalValueCodec.toLocalDateTime(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "LocalDateTime", e);
        }
    }

    @Override
    public OffsetDateTime getOffsetDateTime(int i) {
        int len = lengths[i];
        if (len == NULL_LENGTH) {
            return null;
        }
        if (isBinary(i, PgTypes.TIMESTAMPTZ, 8)) {
            long micros = TextCodec.readLong(buf, offsets[i]);
            if (finite(micros)) {
                return OffsetDateTime.of(binaryLocalDateTime(i, micros), ZoneOffset.UTC);
            }
        }
        try {
            return TemporalValueCodec.toOffsetDateTime(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "OffsetDateTime", e);
        }
    }

    @Override
    public Instant getInstant(int i) {
        int len = lengths[i];
        if (len == NULL_LENGTH) {
            return null;
        }
        try {
            return TemporalValueCodec.toInstant(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "Instant", e);
        }
    }

    @Override
    public Interval getInterval(int i) {
        int len = lengths[i];
        if (len == NULL_LENGTH) {
            return null;
        }
        try {
            return TemporalValueCodec.toInterval(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "Interval", e);
        }
    }

    @Override
    public Duration getDuration(int i) {
        return (Duration) decode(i, Duration.class);
    }

    @Override
    public UUID getUuid(int i) {
        int len = lengths[i];
        if (len == NULL_LENGTH) {
            return null;
        }
        try {
            return ValueCodec.toUuid(buf, offsets[i], len, layout.typeOid(i), layout.binary(i));
        } catch (RuntimeException e) {
            throw failed(i, "UUID", e);
        }
    }

    @Override
    public Object getObject(int i) {
        if (layout.binary(i)) {
            switch (layout.typeOid(i)) { // the date-bearing types share the getters' LocalDate reuse
                case PgTypes.DATE -> {
                    return getLocalDate(i);
                }
                case PgTypes.TIMESTAMP -> {
                    return getLocalDateTime(i);
                }
                case PgTypes.TIMESTAMPTZ -> {
                    return getOffsetDateTime(i);
                }
                default -> {
                    // the type table below
                }
            }
        }
        return decode(i, Object.class);
    }

    @Override
    public <T> T get(int i, Class<T> type) {
        return ValueCodec.box(type).cast(decode(i, type));
    }

    @Override
    public <T> List<T> getList(int i, Class<T> elementType) {
        int len = lengths[i];
        if (len == NULL_LENGTH) {
            return null;
        }
        try {
            return ArrayCodec.decode(buf, offsets[i], len, layout.typeOid(i), layout.binary(i), elementType);
        } catch (RuntimeException e) {
            throw failed(i, "List<" + elementType.getSimpleName() + ">", e);
        }
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("PgRow[");
        for (int i = 0; i < offsets.length; i++) {
            s.append(i == 0 ? "" : ", ").append(layout.name(i)).append('=');
            try {
                s.append(isNull(i) ? "NULL" : getString(i));
            } catch (RuntimeException e) {
                s.append("<").append(e.getMessage()).append(">");
            }
        }
        return s.append(']').toString();
    }
}
