package io.sluice.jdbc;

import io.sluice.Column;
import io.sluice.ColumnType;
import io.sluice.Interval;
import io.sluice.Row;
import io.sluice.ValueConversionException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * One MySQL generated key ({@code insert_id}, BIGINT UNSIGNED, as MariaDB Connector/J names it) as a
 * row of {@code getGeneratedKeys()}.
 */
final class KeyRow implements Row {
    static final Column COLUMN = new Column("insert_id", ColumnType.BIGINT, "BIGINT UNSIGNED", 8, true);
    static final List<Column> COLUMNS = List.of(COLUMN);
    private final long key;

    KeyRow(long key) {
        this.key = key;
    }

    /**
     * The keys of an insert that MySQL reports as {@code first} (its last insert id) and {@code count}
     * affected rows: consecutive, as with {@code auto_increment_increment = 1}; none if {@code first} is 0.
     */
    static List<Row> keys(long first, long count) {
        List<Row> rows = new ArrayList<>();
        if (first != 0) {
            for (long k = 0; k < Math.max(1, count); k++) {
                rows.add(new KeyRow(first + k));
            }
        }
        return rows;
    }

    private ValueConversionException cannot(String type) {
        return new ValueConversionException("a generated key cannot be read as " + type + ": value=" + key);
    }

    @Override
    public int columnCount() {
        return 1;
    }

    @Override
    public Column column(int index) {
        return COLUMNS.get(index);
    }

    @Override
    public List<Column> columns() {
        return COLUMNS;
    }

    @Override
    public int indexOf(String name) {
        if (COLUMN.name().equalsIgnoreCase(name)) {
            return 0;
        }
        throw new IllegalArgumentException("no such column: name=" + name + ", columns=[insert_id]");
    }

    @Override
    public boolean isNull(int index) {
        return false;
    }

    @Override
    public boolean getBoolean(int index) {
        return key != 0;
    }

    @Override
    public short getShort(int index) {
        return (short) Math.toIntExact(key);
    }

    @Override
    public int getInt(int index) {
        return Math.toIntExact(key);
    }

    @Override
    public long getLong(int index) {
        return key;
    }

    @Override
    public float getFloat(int index) {
        return key;
    }

    @Override
    public double getDouble(int index) {
        return key;
    }

    @Override
    public BigDecimal getBigDecimal(int index) {
        return BigDecimal.valueOf(key);
    }

    @Override
    public String getString(int index) {
        return Long.toString(key);
    }

    @Override
    public byte[] getBytes(int index) {
        throw cannot("bytes");
    }

    @Override
    public LocalDate getLocalDate(int index) {
        throw cannot("LocalDate");
    }

    @Override
    public LocalTime getLocalTime(int index) {
        throw cannot("LocalTime");
    }

    @Override
    public OffsetTime getOffsetTime(int index) {
        throw cannot("OffsetTime");
    }

    @Override
    public LocalDateTime getLocalDateTime(int index) {
        throw cannot("LocalDateTime");
    }

    @Override
    public OffsetDateTime getOffsetDateTime(int index) {
        throw cannot("OffsetDateTime");
    }

    @Override
    public Instant getInstant(int index) {
        throw cannot("Instant");
    }

    @Override
    public Interval getInterval(int index) {
        throw cannot("Interval");
    }

    @Override
    public Duration getDuration(int index) {
        throw cannot("Duration");
    }

    @Override
    public UUID getUuid(int index) {
        throw cannot("UUID");
    }

    @Override
    public Object getObject(int index) {
        return key;
    }

    @Override
    public <T> T get(int index, Class<T> type) {
        if (type == Long.class || type == Object.class) {
            return type.cast(key);
        }
        throw cannot(type.getSimpleName());
    }

    @Override
    public <T> List<T> getList(int index, Class<T> elementType) {
        throw cannot("List");
    }

    @Override
    public Row detach() {
        return this;
    }
}
