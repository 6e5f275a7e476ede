package io.sluice.mysql.internal.codec;

import io.sluice.Interval;
import io.sluice.ValueConversionException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.UUID;

/**
 * The object getters of {@link MysqlRow}: {@code getObject} picks the Java type from the column's type,
 * {@code get(i, type)} from the class asked for, and both read through the row's own typed getters (the
 * MySQL-only classes through {@link ExtendedTypeCodec}). Static, so a row carries no converter object.
 */
final class ObjectValues {
    private ObjectValues() {}

    /** Column {@code i} (not NULL) of {@code row} as the Java type its column type maps to. */
    static Object byColumnType(MysqlRow row, int i) {
        return switch (row.column(i).type()) {
            case BOOLEAN -> row.getBoolean(i);
            case SMALLINT -> row.getShort(i);
            case INTEGER -> row.getInt(i);
            case BIGINT -> row.isUnsignedBigint(i) ? unsignedBigInteger(row, i) : (Object) row.getLong(i);
            case REAL -> row.getFloat(i);
            case DOUBLE -> row.getDouble(i);
            case DECIMAL -> row.getBigDecimal(i);
            case BYTES -> row.getBytes(i);
            case DATE -> row.getLocalDate(i);
            case INTERVAL -> row.getInterval(i);
            case TIMESTAMP -> row.getLocalDateTime(i);
            case TIMESTAMP_TZ -> row.getOffsetDateTime(i);
            default -> row.getString(i);
        };
    }

    /** Column {@code i} (not NULL) of {@code row} as {@code type}; an unknown type is a {@link ValueConversionException}. */
    static Object byClass(MysqlRow row, int i, Class<?> type) {
        Object v;
        if (type == String.class) v = row.getString(i);
        else if (type == Long.class || type == long.class) v = row.getLong(i);
        else if (type == Integer.class || type == int.class) v = row.getInt(i);
        else if (type == Short.class || type == short.class) v = row.getShort(i);
        else if (type == Boolean.class || type == boolean.class) v = row.getBoolean(i);
        else if (type == Double.class || type == double.class) v = row.getDouble(i);
        else if (type == Float.class || type == float.class) v = row.getFloat(i);
        else if (type == BigDecimal.class) v = row.getBigDecimal(i);
        else if (type == BigInteger.class)
            v = row.isUnsignedBigint(i) ? unsignedBigInteger(row, i) : bigInteger(row, i);
        else if (type == byte[].class) v = row.getBytes(i);
        else if (type == LocalDate.class) v = row.getLocalDate(i);
        else if (type == LocalTime.class) v = row.getLocalTime(i);
        else if (type == LocalDateTime.class) v = row.getLocalDateTime(i);
        else if (type == OffsetDateTime.class) v = row.getOffsetDateTime(i);
        else if (type == OffsetTime.class) v = row.getOffsetTime(i);
        else if (type == Instant.class) v = row.getInstant(i);
        else if (type == Interval.class) v = row.getInterval(i);
        else if (type == Duration.class) v = row.getDuration(i);
        else if (type == UUID.class) v = row.getUuid(i);
        else if (type == Object.class) v = byColumnType(row, i);
        else if ((v = ExtendedTypeCodec.convert(row, i, type)) == ExtendedTypeCodec.UNSUPPORTED)
            throw new ValueConversionException("unsupported target type: type=" + type.getName() + ", column="
                    + row.column(i).name());
        return v;
    }

    /**
     * A BIGINT UNSIGNED column as a BigInteger, also above Long.MAX_VALUE: its text, which a binary row
     * spells with {@link Long#toUnsignedString(long)}.
     */
    private static BigInteger unsignedBigInteger(MysqlRow row, int i) {
        String s = row.getString(i);
        try {
            return new BigInteger(s);
        } catch (NumberFormatException e) {
            throw row.cannot(i, "BigInteger", s);
        }
    }

    /** A signed integer column, or any number without a fraction, as a BigInteger. */
    private static BigInteger bigInteger(MysqlRow row, int i) {
        BigDecimal d = row.getBigDecimal(i);
        try {
            return d.toBigIntegerExact();
        } catch (ArithmeticException e) {
            throw row.cannot(i, "BigInteger", d);
        }
    }
}
