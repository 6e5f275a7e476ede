package io.sluice;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.EnumSet;
import java.util.List;
import java.util.UUID;

/**
 * One row of a result, decoded lazily: a column is converted only when a getter asks for it. A row
 * is a view into the driver's receive buffer, valid only inside the {@link RowMapper} or
 * {@link RowHandler} call, or until the next {@link RowStream#next()}: copy what you keep.
 *
 * <p>Indexes are zero-based. Every getter also exists by column name (first match, case-sensitive,
 * then case-insensitive).
 *
 * <p>Nulls: primitive getters throw {@link ValueConversionException} on SQL NULL, so a NULL never
 * turns silently into 0 or false; check {@link #isNull(int)} first, or use an object getter, which
 * returns null. A value that does not fit the requested type (out of range, NaN into BigDecimal)
 * also throws {@code ValueConversionException}, never a wrapped or rounded value. Each driver
 * documents its special-value rules (PostgreSQL: date and timestamp infinity read as the java.time
 * {@code MIN}/{@code MAX} constants, 24:00:00 as {@code LocalTime.MAX}; see sluice-postgres/TYPES.md).
 */
public interface Row {

    /** Number of columns. */
    int columnCount();

    /** The column at {@code index}. */
    Column column(int index);

    /** All columns, in order. */
    List<Column> columns();

    /** The index of the column named {@code name}; throws {@link IllegalArgumentException} if absent. */
    int indexOf(String name);

    boolean isNull(int index);

    boolean getBoolean(int index);

    short getShort(int index);

    int getInt(int index);

    long getLong(int index);

    float getFloat(int index);

    double getDouble(int index);

    BigDecimal getBigDecimal(int index);

    /** The value as text; any column can be read this way, in the server's text representation. */
    String getString(int index);

    /**
     * Hands a column's {@link #getString} text to {@code sink} as UTF-8 bytes without making a
     * String (the bytes the driver received, or text it formats into a buffer of its own), and
     * returns true; returns false (calling nothing) when the driver cannot do that for this column,
     * or when it is null. Drivers do it for text columns, and the PostgreSQL and MySQL drivers for
     * numeric/DECIMAL too. The bytes are valid only during the call. For writers that copy text
     * straight to an output, such as JSON.
     */
    default boolean writeUtf8(int index, Utf8Sink sink) throws IOException {
        return false;
    }

    /** Receives UTF-8 bytes in place (see {@link #writeUtf8}). */
    @FunctionalInterface
    interface Utf8Sink {
        void write(byte[] bytes, int offset, int length) throws IOException;
    }

    /** Raw bytes for binary columns ({@code bytea}, {@code BLOB}); the UTF-8 text for json and text columns. */
    byte[] getBytes(int index);

    LocalDate getLocalDate(int index);

    LocalTime getLocalTime(int index);

    OffsetTime getOffsetTime(int index);

    LocalDateTime getLocalDateTime(int index);

    OffsetDateTime getOffsetDateTime(int index);

    Instant getInstant(int index);

    /** PostgreSQL interval, MySQL TIME (which may be negative or exceed 24 hours). */
    Interval getInterval(int index);

    /** An exact duration; throws when the value has a month part, which has no fixed length. */
    Duration getDuration(int index);

    UUID getUuid(int index);

    /** The value as its natural Java type (see each driver's type table), or null. */
    Object getObject(int index);

    /** The value converted to {@code type}, or null for SQL NULL. */
    <T> T get(int index, Class<T> type);

    /** A one-dimensional array column as a list of {@code elementType} (elements may be null). */
    <T> List<T> getList(int index, Class<T> elementType);

    /**
     * The value's text ({@link #getString}) as the constant of {@code type} with that name: exactly, or
     * else the one constant whose name equals it ignoring case ({@code 'small'} reads as {@code SMALL}).
     * For MySQL {@code ENUM} columns, PostgreSQL enum types, or any text. Costs one {@code getString}
     * and a scan of the constants.
     *
     * @return the constant, or null for SQL NULL
     * @throws ValueConversionException if no constant has the label (MySQL's {@code ''}, the value of an
     *     invalid ENUM, included), or two constants match it ignoring case and neither exactly
     */
    default <E extends Enum<E>> E getEnum(int index, Class<E> type) {
        String label = getString(index);
        return label == null
                ? null
                : EnumLabels.constant(type, label, column(index).name());
    }

    /**
     * The value's text ({@link #getString}) as a set of constants of {@code type}: the text is a
     * comma-separated list of labels, as MySQL sends a {@code SET} column ({@code 'a,c'}), each label
     * matched as {@link #getEnum} does; the empty text is the empty set. A new, mutable set per call.
     *
     * @return the set, or null for SQL NULL
     * @throws ValueConversionException if a label has no constant (see {@link #getEnum})
     */
    default <E extends Enum<E>> EnumSet<E> getEnumSet(int index, Class<E> type) {
        String labels = getString(index);
        return labels == null
                ? null
                : EnumLabels.constants(type, labels, column(index).name());
    }

    /**
     * A copy of this row that stays valid after its stream or callback moves on (a row handed out
     * by a driver is usually a view over the receive buffer, valid only until the next row). Costs
     * one copy of the row's bytes. Used where rows must outlive the read, such as a JDBC result set
     * drained so its connection can run the next statement.
     *
     * @throws UnsupportedOperationException if the implementation cannot copy its rows
     */
    default Row detach() {
        throw new UnsupportedOperationException(
                "rows cannot be detached: " + getClass().getName());
    }

    /**
     * This row as an instance of {@code type}: a record, a bean or a single-column value, matched
     * by column label (see {@link ClassMapper}). The mapping is built once per class and column
     * layout, so this costs the getters and the constructor or setters.
     *
     * @throws MappingException if a property has no column or a value does not convert
     */
    default <T> T as(Class<T> type) {
        return ClassMapper.of(type).map(this);
    }

    default boolean isNull(String name) {
        return isNull(indexOf(name));
    }

    default boolean getBoolean(String name) {
        return getBoolean(indexOf(name));
    }

    default short getShort(String name) {
        return getShort(indexOf(name));
    }

    default int getInt(String name) {
        return getInt(indexOf(name));
    }

    default long getLong(String name) {
        return getLong(indexOf(name));
    }

    default float getFloat(String name) {
        return getFloat(indexOf(name));
    }

    default double getDouble(String name) {
        return getDouble(indexOf(name));
    }

    default BigDecimal getBigDecimal(String name) {
        return getBigDecimal(indexOf(name));
    }

    default String getString(String name) {
        return getString(indexOf(name));
    }

    default byte[] getBytes(String name) {
        return getBytes(indexOf(name));
    }

    default LocalDate getLocalDate(String name) {
        return getLocalDate(indexOf(name));
    }

    default LocalTime getLocalTime(String name) {
        return getLocalTime(indexOf(name));
    }

    default OffsetTime getOffsetTime(String name) {
        return getOffsetTime(indexOf(name));
    }

    default LocalDateTime getLocalDateTime(String name) {
        return getLocalDateTime(indexOf(name));
    }

    default OffsetDateTime getOffsetDateTime(String name) {
        return getOffsetDateTime(indexOf(name));
    }

    default Instant getInstant(String name) {
        return getInstant(indexOf(name));
    }

    default Interval getInterval(String name) {
        return getInterval(indexOf(name));
    }

    default Duration getDuration(String name) {
        return getDuration(indexOf(name));
    }

    default UUID getUuid(String name) {
        return getUuid(indexOf(name));
    }

    default Object getObject(String name) {
        return getObject(indexOf(name));
    }

    default <T> T get(String name, Class<T> type) {
        return get(indexOf(name), type);
    }

    default <T> List<T> getList(String name, Class<T> elementType) {
        return getList(indexOf(name), elementType);
    }

    default <E extends Enum<E>> E getEnum(String name, Class<E> type) {
        return getEnum(indexOf(name), type);
    }

    default <E extends Enum<E>> EnumSet<E> getEnumSet(String name, Class<E> type) {
        return getEnumSet(indexOf(name), type);
    }
}
