package io.sluice.mysql.internal.codec;

import static io.sluice.mysql.internal.protocol.FieldTypes.*;

import io.sluice.Column;
import io.sluice.ColumnType;
import io.sluice.Interval;
import io.sluice.Row;
import io.sluice.ValueConversionException;
import io.sluice.mysql.internal.protocol.ColumnDefinition;
import io.sluice.mysql.internal.protocol.Payload;
import io.sluice.spi.ColumnIndex;
import io.sluice.spi.RowBytes;
import java.io.IOException;
import java.math.BigDecimal;
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
 * each getter decodes its column from the bytes on demand. No {@code byte[]} per field. The packet
 * layouts are read by {@link RowOffsets}; the values are decoded by static helpers by type family:
 * {@link NumericText}, {@link BinaryValues}, {@link Temporal}, {@link ObjectValues}.
 */
public final class MysqlRow implements Row {
    private final ColumnDefinition[] defs;
    private final List<Column> columns;
    private ColumnIndex columnIndex; // built on the first lookup by name
    private final boolean zeroDateAsNull;
    private final int[] offsets;
    private final int[] lengths;
    /** Decodes this view's dates and times, and keeps each column's last LocalDate. */
    private final Temporal temporal = new Temporal();
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
        this.zeroDateColumns = zeroDateAsNull ? Temporal.dateColumns(defs) : null;
    }

    /** Indexes a text-protocol row held in {@code p} (see {@link RowOffsets#text}). */
    public MysqlRow bindText(Payload p) {
        buf = p.buffer();
        binary = false;
        RowOffsets.text(p, defs.length, offsets, lengths);
        if (zeroDateColumns != null) {
            nullZeroDates();
        }
        return this;
    }

    /** Indexes a binary-protocol row held in {@code p} (see {@link RowOffsets#binary}). */
    public MysqlRow bindBinary(Payload p) {
        buf = p.buffer();
        binary = true;
        RowOffsets.binary(p, defs, offsets, lengths);
        if (zeroDateColumns != null) {
            nullZeroDates();
        }
        return this;
    }

    /** zero_date=null: a zero date (or one with a zero month or day) binds as NULL, so that every getter and isNull agree. */
    private void nullZeroDates() {
        for (int i : zeroDateColumns) {
            if (Temporal.hasZeroPart(buf, offsets[i], lengths[i], binary)) {
                lengths[i] = -1;
            }
        }
    }

    /** A self-contained copy, with its own byte[] holding exactly this row's values, that outlives the packet buffer. */
    @Override
    public MysqlRow detach() {
        MysqlRow copy = new MysqlRow(defs, columns, zeroDateAsNull);
        copy.buf = RowBytes.copy(buf, offsets, lengths, copy.offsets, copy.lengths);
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

    /** The error for a value of column {@code i} that {@code type} cannot hold (also for {@link ObjectValues}). */
    ValueConversionException cannot(int i, String type, Object value) {
        return new ValueConversionException("value does not fit " + type + ": column="
                + columns.get(i).name() + ", type=" + columns.get(i).nativeType() + ", value=" + value);
    }

    private boolean isBinaryInteger(int type) {
        return binary && BinaryValues.isInteger(type);
    }

    boolean isUnsignedBigint(int i) {
        return BinaryValues.isUnsignedBigint(defs[i]);
    }

    @Override
    public long getLong(int i) {
        int n = checkNotNull(i, "long");
        int type = defs[i].fieldType();
        if (isBinaryInteger(type)) {
            long v = BinaryValues.integer(buf, offsets[i], defs[i]);
            if (v < 0 && isUnsignedBigint(i)) {
                throw cannot(i, "long", Long.toUnsignedString(v));
            }
            return v;
        }
        if (type == MYSQL_TYPE_BIT) {
            return ExtendedTypeCodec.bitValue(buf, offsets[i], n);
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
        if (binary && BinaryValues.isNumber(type)) {
            return BinaryValues.toDouble(buf, offsets[i], defs[i]);
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
            return BinaryValues.toBigDecimal(buf, offsets[i], defs[i]);
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

    /**
     * Decodes a DATE/DATETIME/TIMESTAMP column into {@link #temporal}; false for NULL and for a zero date
     * allowed to read as null.
     */
    private boolean date(int i) {
        int n = lengths[i];
        if (n < 0) {
            return false;
        }
        if (temporal.decodeDate(buf, offsets[i], n, binary && Temporal.isDateType(defs[i].fieldType()))) {
            return true;
        }
        if (zeroDateAsNull) {
            return false;
        }
        throw new ValueConversionException(
                "zero date has no Java value: column=" + columns.get(i).name() + ", value="
                        + temporal.formatDate(false, 0) + " (setting zero_date=null reads it as NULL)");
    }

    /** The date {@link #temporal} holds, as column {@code i}'s last LocalDate when that is the same day. */
    private LocalDate decodedDate(int i) {
        LocalDate d = temporal.localDate(i, defs.length);
        if (d == null) {
            throw cannot(i, "LocalDate", temporal.formatDate(false, 0));
        }
        return d;
    }

    @Override
    public LocalDate getLocalDate(int i) {
        return date(i) ? decodedDate(i) : null;
    }

    @Override
    public LocalDateTime getLocalDateTime(int i) {
        if (!date(i)) {
            return null;
        }
        LocalDateTime t = temporal.atTime(decodedDate(i));
        if (t == null) {
            throw cannot(i, "LocalDateTime", temporal.formatDate(true, 6));
        }
        return t;
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
        temporal.decodeTime(buf, offsets[i], n, binary && defs[i].fieldType() == MYSQL_TYPE_TIME);
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
        LocalTime t = temporal.timeOfDay();
        if (t == null) {
            throw cannot(i, "LocalTime", temporal.formatTime(6) + " (use getInterval or getDuration)");
        }
        return t;
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
        return lengths[i] < 0 ? null : ObjectValues.byColumnType(this, i);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T get(int i, Class<T> type) {
        return lengths[i] < 0 ? null : (T) ObjectValues.byClass(this, i, type);
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
