package io.sluice.mysql.internal.codec;

import static io.sluice.mysql.internal.protocol.FieldTypes.*;

import io.sluice.Column;
import io.sluice.ColumnType;
import io.sluice.Interval;
import io.sluice.ProtocolException;
import io.sluice.Row;
import io.sluice.ValueConversionException;
import io.sluice.mysql.internal.protocol.ColumnDefinition;
import io.sluice.mysql.internal.protocol.Payload;
import io.sluice.spi.ColumnIndex;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

/**
 * A result row as a view over the packet buffer: {@link #bindText} or {@link #bindBinary} only
 * record where each value starts and how long it is (one offset table reused for every row), and
 * each getter decodes its column from the bytes on demand. No {@code byte[]} per field.
 *
 * <p>Text rows (https://mariadb.com/kb/en/resultset-row/#text-resultset-row) are a sequence of
 * length-encoded strings, 0xfb for NULL. Binary rows
 * (https://mariadb.com/kb/en/resultset-row/#binary-resultset-row):
 *
 * <pre>
 *  int<1>   0x00 header
 *  byte<n>  NULL bitmap, n = (columns + 7 + 2) / 8, bit (i + 2) set for a NULL column i
 *  values   of the non-NULL columns, each in its type's binary form (fixed width or length-encoded)
 * </pre>
 */
public final class MysqlRow implements Row {
    private final ColumnDefinition[] defs;
    private final List<Column> columns;
    private ColumnIndex columnIndex; // built on the first lookup by name
    private final boolean zeroDateAsNull;
    private final int[] offsets;
    private final int[] lengths;
    private final Temporal temporal = new Temporal();
    /**
     * Per column, the last LocalDate this view made (for DATE and for the date part of DATETIME and
     * TIMESTAMP), handed out again while the column's date stays the same: timestamps of a result often
     * share their day, and LocalDate is immutable and value-based. Allocated on first use.
     */
    private LocalDate[] lastDates;
    /** With zero_date=null: the DATE, DATETIME and TIMESTAMP columns, whose zero dates bind as NULL; else null. */
    private final int[] zeroDateColumns;

    private byte[] buf;
    private boolean binary;

    public MysqlRow(ColumnDefinition[] defs, List<Column> columns, boolean zeroDateAsNull) {
        this.defs = defs;
        this.columns = columns;
        this.zeroDateAsNull = zeroDateAsNull;
        this.offsets = new int[defs.length];
        this.lengths = new int[defs.length];
        this.zeroDateColumns = zeroDateAsNull
                ? java.util.stream.IntStream.range(0, defs.length)
                        .filter(i -> isDateType(defs[i].fieldType()))
                        .toArray()
                : null;
    }

    private static boolean isDateType(int type) {
        return type == MYSQL_TYPE_DATE || type == MYSQL_TYPE_DATETIME || type == MYSQL_TYPE_TIMESTAMP;
    }

    /**
     * Indexes a text-protocol row held in {@code p}: exactly one value per column, no byte left over (a
     * definition packet or a row of another shape is a {@link ProtocolException}).
     */
    public MysqlRow bindText(Payload p) {
        buf = p.buffer();
        binary = false;
        for (int i = 0; i < defs.length; i++) {
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
                    "text row longer than its columns: columns=" + defs.length + ", extra=" + p.remaining());
        }
        if (zeroDateColumns != null) {
            nullZeroDates();
        }
        return this;
    }

    /** zero_date=null: a zero date (or one with a zero month or day) binds as NULL, so that every getter and isNull agree. */
    private void nullZeroDates() {
        for (int i : zeroDateColumns) {
            int n = lengths[i];
            int p = offsets[i];
            boolean zero;
            if (binary) {
                zero = n == 0 || n >= 4 && (buf[p + 2] == 0 || buf[p + 3] == 0);
            } else {
                zero = n >= 10 && (buf[p + 5] == '0' && buf[p + 6] == '0' || buf[p + 8] == '0' && buf[p + 9] == '0');
            }
            if (zero) {
                lengths[i] = -1;
            }
        }
    }

    /**
     * Indexes a binary-protocol row held in {@code p}: header 0x00, a temporal length the type allows, and
     * no byte left over, or a {@link ProtocolException}.
     */
    public MysqlRow bindBinary(Payload p) {
        buf = p.buffer();
        binary = true;
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
        if (zeroDateColumns != null) {
            nullZeroDates();
        }
        return this;
    }

    /** A self-contained copy, with its own byte[] holding exactly this row's values, that outlives the packet buffer. */
    @Override
    public MysqlRow detach() {
        MysqlRow copy = new MysqlRow(defs, columns, zeroDateAsNull);
        int total = 0;
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
        copy.binary = binary;
        return copy;
    }

    @Override
    public int columnCount() {
        return defs.length;
    }

    @Override
    public Column column(int index) {
        return columns.get(index);
    }

    @Override
    public List<Column> columns() {
        return columns;
    }

    @Override
    public int indexOf(String name) {
        ColumnIndex index = columnIndex;
        if (index == null) {
            columnIndex =
                    index = ColumnIndex.of(columns.stream().map(Column::name).toList());
        }
        return index.indexOf(name);
    }

    @Override
    public boolean isNull(int index) {
        return lengths[index] < 0;
    }

    private int checkNotNull(int i, String type) {
        int n = lengths[i];
        if (n < 0) {
            throw new ValueConversionException("NULL cannot be read as " + type + ": column="
                    + columns.get(i).name() + " (check isNull first or use an object getter)");
        }
        return n;
    }

    private ValueConversionException cannot(int i, String type, Object value) {
        return new ValueConversionException("value does not fit " + type + ": column="
                + columns.get(i).name() + ", type=" + columns.get(i).nativeType() + ", value=" + value);
    }

    private boolean isBinaryInteger(int type) {
        return binary && BinaryValues.isInteger(type);
    }

    /** Raw 64 bits of a binary integer column, sign- or zero-extended by its type. */
    private long binaryInteger(int i) {
        return BinaryValues.integer(buf, offsets[i], defs[i]);
    }

    private boolean isUnsignedBigint(int i) {
        return BinaryValues.isUnsignedBigint(defs[i]);
    }

    @Override
    public long getLong(int i) {
        int n = checkNotNull(i, "long");
        int type = defs[i].fieldType();
        if (isBinaryInteger(type)) {
            long v = binaryInteger(i);
            if (v < 0 && isUnsignedBigint(i)) {
                throw cannot(i, "long", Long.toUnsignedString(v));
            }
            return v;
        }
        if (type == MYSQL_TYPE_BIT) {
            long v = 0;
            for (int k = 0; k < n; k++) {
                v = v << 8 | (buf[offsets[i] + k] & 0xff);
            }
            return v;
        }
        if (binary && (type == MYSQL_TYPE_FLOAT || type == MYSQL_TYPE_DOUBLE)) {
            double d = getDouble(i);
            if (d != Math.rint(d) || d < Long.MIN_VALUE || d >= 0x1p63) {
                throw cannot(i, "long", d);
            }
            return (long) d;
        }
        long v = NumericText.parseLong(buf, offsets[i], n);
        return v != NumericText.NOT_PLAIN ? v : parseLongSlow(i);
    }

    /** Text that is not a plain integer (fractions, exponents, 19 digits): through BigDecimal, exactly. */
    private long parseLongSlow(int i) {
        BigDecimal d = getBigDecimal(i);
        try {
            return d.longValueExact();
        } catch (ArithmeticException e) {
            throw cannot(i, "long", d);
        }
    }

    @Override
    public int getInt(int i) {
        long v = getLong(i);
        if (v != (int) v) {
            throw cannot(i, "int", v);
        }
        return (int) v;
    }

    @Override
    public short getShort(int i) {
        long v = getLong(i);
        if (v != (short) v) {
            throw cannot(i, "short", v);
        }
        return (short) v;
    }

    @Override
    public boolean getBoolean(int i) {
        int n = checkNotNull(i, "boolean");
        int type = defs[i].fieldType();
        if (isBinaryInteger(type) || type == MYSQL_TYPE_BIT) {
            return getLong(i) != 0;
        }
        String s = new String(buf, offsets[i], n, StandardCharsets.UTF_8).trim();
        int truth = NumericText.parseBoolean(s);
        if (truth < 0) {
            throw cannot(i, "boolean", s);
        }
        return truth != 0;
    }

    @Override
    public double getDouble(int i) {
        int n = checkNotNull(i, "double");
        int type = defs[i].fieldType();
        if (binary && type == MYSQL_TYPE_DOUBLE) {
            return Double.longBitsToDouble(Payload.getInt8(buf, offsets[i]));
        }
        if (binary && type == MYSQL_TYPE_FLOAT) {
            return Float.intBitsToFloat(Payload.getInt4(buf, offsets[i]));
        }
        if (isBinaryInteger(type)) {
            return isUnsignedBigint(i)
                    ? new BigInteger(Long.toUnsignedString(binaryInteger(i))).doubleValue()
                    : binaryInteger(i);
        }
        try {
            return NumericText.parseDouble(buf, offsets[i], n, type == MYSQL_TYPE_FLOAT);
        } catch (NumberFormatException e) {
            throw cannot(i, "double", new String(buf, offsets[i], n, StandardCharsets.ISO_8859_1));
        }
    }

    @Override
    public float getFloat(int i) {
        int type = defs[i].fieldType();
        if (binary && type == MYSQL_TYPE_FLOAT && lengths[i] >= 0) {
            return Float.intBitsToFloat(Payload.getInt4(buf, offsets[i]));
        }
        double d = getDouble(i);
        float f = (float) d;
        if (Float.isInfinite(f) && !Double.isInfinite(d)) {
            throw cannot(i, "float", d);
        }
        return f;
    }

    @Override
    public BigDecimal getBigDecimal(int i) {
        int n = lengths[i];
        if (n < 0) {
            return null;
        }
        int type = defs[i].fieldType();
        if (isBinaryInteger(type)) {
            long v = binaryInteger(i);
            return isUnsignedBigint(i) && v < 0 ? new BigDecimal(Long.toUnsignedString(v)) : BigDecimal.valueOf(v);
        }
        if (binary && (type == MYSQL_TYPE_FLOAT || type == MYSQL_TYPE_DOUBLE)) {
            double d = getDouble(i);
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw cannot(i, "BigDecimal", d);
            }
            return new BigDecimal(getString(i)); // the server's text, as over the text protocol
        }
        if (type == MYSQL_TYPE_BIT) {
            long v = getLong(i);
            return v < 0 ? new BigDecimal(Long.toUnsignedString(v)) : BigDecimal.valueOf(v); // BIT(64) is unsigned
        }
        try {
            return NumericText.parseDecimal(buf, offsets[i], n);
        } catch (NumberFormatException e) {
            throw cannot(i, "BigDecimal", new String(buf, offsets[i], n, StandardCharsets.ISO_8859_1));
        }
    }

    @Override
    public String getString(int i) {
        int n = lengths[i];
        if (n < 0) {
            return null;
        }
        int type = defs[i].fieldType();
        if (type == MYSQL_TYPE_BIT) {
            return ExtendedTypeCodec.bitText(buf, offsets[i], n, defs[i].length());
        }
        if (!binary) {
            return new String(buf, offsets[i], n, StandardCharsets.UTF_8);
        }
        return BinaryValues.text(buf, offsets[i], n, defs[i], temporal);
    }

    /**
     * Text columns (TEXT kind: strings, ENUM, SET), JSON and DECIMAL, which MySQL sends as its digits, hold
     * exactly {@link #getString}'s UTF-8 bytes in both protocols.
     */
    @Override
    public boolean writeUtf8(int i, Utf8Sink sink) throws IOException {
        int n = lengths[i];
        ColumnType type = defs[i].column().type();
        if (n < 0 || type != ColumnType.TEXT && type != ColumnType.DECIMAL && type != ColumnType.JSON) {
            return false;
        }
        sink.write(buf, offsets[i], n);
        return true;
    }

    @Override
    public byte[] getBytes(int i) {
        int n = lengths[i];
        if (n < 0) {
            return null;
        }
        if (binary && defs[i].fieldType() != MYSQL_TYPE_BIT && BinaryValues.isFixedOrTemporal(defs[i].fieldType())) {
            return getString(i).getBytes(StandardCharsets.UTF_8);
        }
        byte[] b = new byte[n];
        System.arraycopy(buf, offsets[i], b, 0, n);
        return b;
    }

    /** Decodes a DATE/DATETIME/TIMESTAMP column into {@link #temporal}; false for a zero date allowed to read as null. */
    private boolean date(int i) {
        int type = defs[i].fieldType();
        int n = lengths[i];
        if (binary && (type == MYSQL_TYPE_DATE || type == MYSQL_TYPE_DATETIME || type == MYSQL_TYPE_TIMESTAMP)) {
            temporal.decodeBinaryDate(buf, offsets[i], n);
        } else {
            temporal.decodeTextDate(buf, offsets[i], n);
        }
        if (temporal.isZeroDate() || temporal.month == 0 || temporal.day == 0) {
            if (zeroDateAsNull) {
                return false;
            }
            throw new ValueConversionException(
                    "zero date has no Java value: column=" + columns.get(i).name() + ", value="
                            + temporal.formatDate(false, 0) + " (setting zero_date=null reads it as NULL)");
        }
        return true;
    }

    /** The date {@link #temporal} holds, as column {@code i}'s last LocalDate when that is the same day. */
    private LocalDate decodedDate(int i) {
        LocalDate[] last = lastDates;
        if (last == null) {
            last = lastDates = new LocalDate[defs.length];
        }
        Temporal t = temporal;
        LocalDate d = last[i];
        if (d == null || d.getDayOfMonth() != t.day || d.getMonthValue() != t.month || d.getYear() != t.year) {
            try {
                d = LocalDate.of(t.year, t.month, t.day);
            } catch (java.time.DateTimeException e) {
                throw cannot(i, "LocalDate", t.formatDate(false, 0));
            }
            last[i] = d;
        }
        return d;
    }

    @Override
    public LocalDate getLocalDate(int i) {
        if (lengths[i] < 0 || !date(i)) {
            return null;
        }
        return decodedDate(i);
    }

    @Override
    public LocalDateTime getLocalDateTime(int i) {
        if (lengths[i] < 0 || !date(i)) {
            return null;
        }
        Temporal t = temporal;
        LocalDate date = decodedDate(i);
        try {
            return LocalDateTime.of(date, LocalTime.of(t.hour, t.minute, t.second, t.micros * 1000));
        } catch (java.time.DateTimeException e) {
            throw cannot(i, "LocalDateTime", t.formatDate(true, 6));
        }
    }

    @Override
    public OffsetDateTime getOffsetDateTime(int i) {
        LocalDateTime t = getLocalDateTime(i);
        return t == null ? null : t.atOffset(ZoneOffset.UTC);
    }

    @Override
    public Instant getInstant(int i) {
        LocalDateTime t = getLocalDateTime(i);
        return t == null ? null : t.toInstant(ZoneOffset.UTC);
    }

    private boolean time(int i) {
        int n = lengths[i];
        if (n < 0) {
            return false;
        }
        if (binary && defs[i].fieldType() == MYSQL_TYPE_TIME) {
            temporal.decodeBinaryTime(buf, offsets[i], n);
        } else {
            temporal.decodeTextTime(buf, offsets[i], n);
        }
        return true;
    }

    @Override
    public Interval getInterval(int i) {
        return time(i) ? new Interval(0, 0, temporal.timeMicros()) : null;
    }

    @Override
    public Duration getDuration(int i) {
        return time(i) ? Duration.ofNanos(temporal.timeMicros() * 1000) : null;
    }

    @Override
    public LocalTime getLocalTime(int i) {
        int type = defs[i].fieldType();
        if (type == MYSQL_TYPE_DATETIME || type == MYSQL_TYPE_TIMESTAMP) {
            LocalDateTime t = getLocalDateTime(i);
            return t == null ? null : t.toLocalTime();
        }
        if (!time(i)) {
            return null;
        }
        long micros = temporal.timeMicros();
        if (micros < 0 || micros >= 86_400_000_000L) {
            throw cannot(i, "LocalTime", temporal.formatTime(6) + " (use getInterval or getDuration)");
        }
        return LocalTime.ofNanoOfDay(micros * 1000);
    }

    @Override
    public OffsetTime getOffsetTime(int i) {
        LocalTime t = getLocalTime(i);
        return t == null ? null : t.atOffset(ZoneOffset.UTC);
    }

    @Override
    public UUID getUuid(int i) {
        String s = getString(i);
        try {
            return s == null ? null : UUID.fromString(s);
        } catch (IllegalArgumentException e) {
            throw cannot(i, "UUID", s);
        }
    }

    @Override
    public Object getObject(int i) {
        if (lengths[i] < 0) {
            return null;
        }
        ColumnType kind = columns.get(i).type();
        return switch (kind) {
            case BOOLEAN -> getBoolean(i);
            case SMALLINT -> getShort(i);
            case INTEGER -> getInt(i);
            case BIGINT -> isUnsignedBigint(i) ? unsignedBigInteger(i) : (Object) getLong(i);
            case REAL -> getFloat(i);
            case DOUBLE -> getDouble(i);
            case DECIMAL -> getBigDecimal(i);
            case BYTES -> getBytes(i);
            case DATE -> getLocalDate(i);
            case INTERVAL -> getInterval(i);
            case TIMESTAMP -> getLocalDateTime(i);
            case TIMESTAMP_TZ -> getOffsetDateTime(i);
            default -> getString(i);
        };
    }

    private BigInteger unsignedBigInteger(int i) {
        if (binary) {
            return new BigInteger(Long.toUnsignedString(binaryInteger(i)));
        }
        String s = getString(i);
        try {
            return new BigInteger(s);
        } catch (NumberFormatException e) {
            throw cannot(i, "BigInteger", s);
        }
    }

    private BigInteger bigInteger(int i) {
        BigDecimal d = getBigDecimal(i);
        try {
            return d.toBigIntegerExact();
        } catch (ArithmeticException e) {
            throw cannot(i, "BigInteger", d);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T get(int i, Class<T> type) {
        if (lengths[i] < 0) {
            return null;
        }
        Object v;
        if (type == String.class) v = getString(i);
        else if (type == Long.class || type == long.class) v = getLong(i);
        else if (type == Integer.class || type == int.class) v = getInt(i);
        else if (type == Short.class || type == short.class) v = getShort(i);
        else if (type == Boolean.class || type == boolean.class) v = getBoolean(i);
        else if (type == Double.class || type == double.class) v = getDouble(i);
        else if (type == Float.class || type == float.class) v = getFloat(i);
        else if (type == BigDecimal.class) v = getBigDecimal(i);
        else if (type == BigInteger.class) v = isUnsignedBigint(i) ? unsignedBigInteger(i) : bigInteger(i);
        else if (type == byte[].class) v = getBytes(i);
        else if (type == LocalDate.class) v = getLocalDate(i);
        else if (type == LocalTime.class) v = getLocalTime(i);
        else if (type == LocalDateTime.class) v = getLocalDateTime(i);
        else if (type == OffsetDateTime.class) v = getOffsetDateTime(i);
        else if (type == OffsetTime.class) v = getOffsetTime(i);
        else if (type == Instant.class) v = getInstant(i);
        else if (type == Interval.class) v = getInterval(i);
        else if (type == Duration.class) v = getDuration(i);
        else if (type == UUID.class) v = getUuid(i);
        else if (type == Object.class) v = getObject(i);
        else if ((v = ExtendedTypeCodec.convert(this, i, type)) == ExtendedTypeCodec.UNSUPPORTED)
            throw new ValueConversionException("unsupported target type: type=" + type.getName() + ", column="
                    + columns.get(i).name());
        return (T) v;
    }

    @Override
    public <T> List<T> getList(int i, Class<T> elementType) {
        if (defs[i].fieldType() == MYSQL_TYPE_SET || (defs[i].flags() & SET_FLAG) != 0) {
            return ExtendedTypeCodec.setMembers(this, i, elementType);
        }
        throw new ValueConversionException("MySQL has no array columns (getList reads SET members): column="
                + columns.get(i).name());
    }
}
