package io.sluice.postgres.internal.codec;

import static io.sluice.postgres.internal.codec.TextCodec.readInt;

import io.sluice.Interval;
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
 * A DataRow, decoded lazily: the row keeps a reference to the receive buffer and an offset table
 * (see {@link DataRowView}), and converts a column only when a getter asks (see {@link ValueCodec} for
 * the type table). Primitive getters on binary columns allocate nothing; {@link #getString} of ASCII
 * text copies once, into the String. A row is a view: valid until the next {@link #reset};
 * {@link #detach()} makes a copy that outlives the buffer. Not thread-safe.
 */
public final class PgRow extends DataRowView {
    /**
     * Per column, the epoch day and LocalDate decoded last. Rows of one result often share a day
     * (timestamps minutes apart), and LocalDate is immutable, so reusing it saves an object per
     * date-bearing value. Allocated on first use.
     */
    private long[] lastEpochDays;

    private LocalDate[] lastDates;
    /** The connection's type codecs (see {@link CodecLookup}); null for connections without any. */
    private final CodecLookup codecs;

    /** A binary numeric's text for {@link #writeUtf8}; allocated on first use. */
    private byte[] scratch;

    /** An empty row for {@code layout}; point it at a DataRow with {@link #reset}. */
    public PgRow(RowLayout layout) {
        super(layout);
        this.codecs = layout.codecs();
    }

    /** A self-contained copy, with its own byte[] holding exactly this row's values, that outlives the receive buffer. */
    public PgRow detach() {
        PgRow copy = new PgRow(layout); // shares the layout, and with it the codecs
        copyInto(copy);
        return copy;
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
