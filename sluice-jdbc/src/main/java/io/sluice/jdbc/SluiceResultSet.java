package io.sluice.jdbc;

import io.sluice.jdbc.metadata.SelfWrapper;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.util.Calendar;
import java.util.UUID;

/**
 * A forward-only (or, when asked for, scroll-insensitive) read-only result set over native rows: this
 * class reads the current row's values, {@link CursorResultSet} moves over the rows. Each getter reads
 * the native row's value directly (JDBC columns are 1-based, native ones 0-based): no per-row object
 * beyond what the getter returns. Conversions the native row does not make are in {@link Conversions}.
 */
final class SluiceResultSet extends CursorResultSet implements SelfWrapper {
    private boolean wasNull;

    SluiceResultSet(SluiceStatement statement, RowCursor cursor, int type) {
        super(statement, cursor, type);
    }

    @Override
    public boolean wasNull() {
        return wasNull;
    }

    private boolean isNull(int c) {
        return wasNull = row.isNull(c);
    }

    @Override
    public String getString(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return null;
        }
        try {
            return row.getString(c);
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public boolean getBoolean(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return false;
        }
        try {
            return row.getBoolean(c);
        } catch (RuntimeException e) {
            return Conversions.bool(row, c, e);
        }
    }

    @Override
    public byte getByte(int columnIndex) throws SQLException {
        return (byte) integral(columnIndex, Byte.MIN_VALUE, Byte.MAX_VALUE);
    }

    @Override
    public short getShort(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return 0;
        }
        try {
            return row.getShort(c);
        } catch (RuntimeException e) {
            return (short)
                    Conversions.exact(Conversions.number(row, c, e), Short.MIN_VALUE, Short.MAX_VALUE, row.column(c));
        }
    }

    @Override
    public int getInt(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return 0;
        }
        try {
            return row.getInt(c);
        } catch (RuntimeException e) {
            return (int) Conversions.exact(
                    Conversions.number(row, c, e), Integer.MIN_VALUE, Integer.MAX_VALUE, row.column(c));
        }
    }

    @Override
    public long getLong(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return 0;
        }
        try {
            return row.getLong(c);
        } catch (RuntimeException e) {
            return Conversions.exact(Conversions.number(row, c, e), Long.MIN_VALUE, Long.MAX_VALUE, row.column(c));
        }
    }

    private long integral(int columnIndex, long min, long max) throws SQLException {
        long v = getLong(columnIndex);
        if (v < min || v > max) {
            throw new java.sql.SQLDataException("value out of range: column=" + columnIndex + ", value=" + v, "22003");
        }
        return v;
    }

    @Override
    public float getFloat(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return 0;
        }
        try {
            return row.getFloat(c);
        } catch (RuntimeException e) {
            return Conversions.number(row, c, e).floatValue();
        }
    }

    @Override
    public double getDouble(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return 0;
        }
        try {
            return row.getDouble(c);
        } catch (RuntimeException e) {
            return Conversions.number(row, c, e).doubleValue();
        }
    }

    @Override
    public BigDecimal getBigDecimal(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return null;
        }
        try {
            return row.getBigDecimal(c);
        } catch (RuntimeException e) {
            return Conversions.number(row, c, e);
        }
    }

    /**
     * The bytes of a binary or text column. Other types are refused: pgjdbc hands out its wire bytes,
     * which differ between its text and binary paths, and MariaDB Connector/J refuses them too.
     */
    @Override
    public byte[] getBytes(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return null;
        }
        switch (row.column(c).type()) {
            case BYTES, TEXT, JSON, OTHER -> {
                // readable as bytes
            }
            default ->
                throw new java.sql.SQLDataException(
                        "a " + row.column(c).nativeType() + " column cannot be read as bytes: column="
                                + row.column(c).name(),
                        "22018");
        }
        try {
            return row.getBytes(c);
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public Date getDate(int columnIndex, Calendar cal) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return null;
        }
        try {
            return Conversions.date(row, c, cal);
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public Time getTime(int columnIndex, Calendar cal) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return null;
        }
        try {
            return Conversions.time(row, c, cal);
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public Timestamp getTimestamp(int columnIndex, Calendar cal) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return null;
        }
        try {
            return Conversions.timestamp(row, c, cal);
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public Object getObject(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return null;
        }
        try {
            return switch (JdbcTypes.type(row.column(c))) {
                case SMALLINT -> (int) row.getShort(c);
                case DATE -> Date.valueOf(row.getLocalDate(c));
                case TIME, TIME_TZ -> Conversions.time(row, c, null);
                case TIMESTAMP, TIMESTAMP_TZ -> Conversions.timestamp(row, c, null);
                case ARRAY -> new SluiceArray(row.column(c), row.getList(c, Object.class));
                case JSON, INTERVAL -> row.getString(c);
                default -> jdbcObject(c);
            };
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    /**
     * The native value, except for the native API's own value types (ranges, bit strings, network
     * prefixes), which JDBC code cannot know: those read as their server text, as pgjdbc's
     * {@code PGobject} holds them ({@code getObject(i, Range.class)} still gives the typed value).
     */
    private Object jdbcObject(int c) {
        Object value = row.getObject(c);
        return value != null && value.getClass().getPackageName().equals("io.sluice.types") ? row.getString(c) : value;
    }

    @Override
    public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
        int c = col(columnIndex);
        if (type == null) {
            throw new SQLException("type must not be null", "22023");
        }
        if (isNull(c)) {
            return null;
        }
        try {
            return type.cast(typed(c, type));
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    /** The value of a non-null column as {@code type}: java.time first (the common case of modern code). */
    private Object typed(int c, Class<?> type) throws SQLException {
        if (type == LocalDate.class) {
            return row.getLocalDate(c);
        } else if (type == LocalTime.class) {
            return row.getLocalTime(c);
        } else if (type == LocalDateTime.class) {
            return row.getLocalDateTime(c);
        } else if (type == OffsetDateTime.class) {
            return Conversions.offsetDateTime(row, c);
        } else if (type == String.class) {
            return row.getString(c);
        } else if (type == Integer.class) {
            return getInt(c + 1);
        } else if (type == Long.class) {
            return getLong(c + 1);
        } else if (type == BigDecimal.class) {
            return getBigDecimal(c + 1);
        } else if (type == Boolean.class) {
            return getBoolean(c + 1);
        } else if (type == Short.class) {
            return getShort(c + 1);
        } else if (type == Byte.class) {
            return getByte(c + 1);
        } else if (type == Double.class) {
            return getDouble(c + 1);
        } else if (type == Float.class) {
            return getFloat(c + 1);
        } else if (type == Instant.class) {
            return row.getInstant(c);
        } else if (type == OffsetTime.class) {
            return row.getOffsetTime(c);
        } else if (type == ZonedDateTime.class) {
            return Conversions.offsetDateTime(row, c).toZonedDateTime();
        } else if (type == UUID.class) {
            return row.getUuid(c);
        } else if (type == byte[].class) {
            return row.getBytes(c);
        } else if (type == Date.class) {
            return getDate(c + 1);
        } else if (type == Time.class) {
            return getTime(c + 1);
        } else if (type == Timestamp.class) {
            return getTimestamp(c + 1);
        } else if (type == Array.class) {
            return getArray(c + 1);
        } else if (type == Object.class) {
            return getObject(c + 1);
        }
        return row.get(c, type);
    }

    @Override
    public Array getArray(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return null;
        }
        try {
            return new SluiceArray(row.column(c), row.getList(c, Object.class));
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }
}
