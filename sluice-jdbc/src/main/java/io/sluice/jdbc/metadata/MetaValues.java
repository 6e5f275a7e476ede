package io.sluice.jdbc.metadata;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLDataException;
import java.util.Locale;

/**
 * The value conversions of {@link MetaResultSet}: building a row (a catalog value into its column's Java
 * class) and reading one (a stored value into what a getter returns).
 */
final class MetaValues {

    private MetaValues() {}

    /**
     * {@code value} as the Java class of {@code column}'s type. Integral numbers convert exactly, 0/1 numbers
     * and "t"/"f" texts become Booleans in BOOLEAN columns.
     *
     * @throws IllegalArgumentException if the value cannot have the column's type: a catalog query is wrong
     */
    static Object coerce(Object value, MetaColumn column) {
        if (value == null) {
            return null;
        }
        Class<?> target = column.javaClass();
        if (target.isInstance(value)) {
            return value;
        }
        try {
            if (target == Boolean.class) {
                return toBoolean(value);
            }
            if (value instanceof Number number && !(value instanceof Float) && !(value instanceof Double)) {
                long exact = number instanceof BigDecimal decimal
                        ? decimal.longValueExact()
                        : number instanceof BigInteger big ? big.longValueExact() : number.longValue();
                if (target == Integer.class) {
                    return Math.toIntExact(exact);
                }
                if (target == Short.class && exact == (short) exact) {
                    return (short) exact;
                }
                if (target == Long.class) {
                    return exact;
                }
            }
            if (value instanceof Float || value instanceof Double) {
                double d = ((Number) value).doubleValue();
                if (target == Long.class && d == Math.rint(d)) {
                    return (long) d;
                }
            }
        } catch (ArithmeticException | SQLDataException e) {
            // fall through to the error below, which names the column
        }
        throw new IllegalArgumentException("metadata value does not fit its column: column=" + column.name() + ", type="
                + column.type() + ", value=" + value + " (" + value.getClass().getSimpleName() + ")");
    }

    /** A stored value as a boolean: false for null, numbers by {@code != 0}, texts true/false, t/f, 1/0, yes/no. */
    static boolean toBoolean(Object value) throws SQLDataException {
        return switch (value) {
            case null -> false;
            case Boolean b -> b;
            case Number n -> n.longValue() != 0;
            case String s ->
                switch (s.trim().toLowerCase(Locale.ROOT)) {
                    case "true", "t", "1", "yes", "y", "on" -> true;
                    case "false", "f", "0", "no", "n", "off" -> false;
                    default -> throw cannotConvert(value, "BOOLEAN");
                };
            default -> throw cannotConvert(value, "BOOLEAN");
        };
    }

    /**
     * A stored value as a whole number in [{@code min}, {@code max}]: 0 for null, booleans as 1/0, texts parsed.
     *
     * @throws SQLDataException 22018 if it is not a whole number, 22003 if it is out of range
     */
    static long toLong(Object value, long min, long max) throws SQLDataException {
        long result;
        switch (value) {
            case null -> {
                return 0;
            }
            case Boolean b -> result = b ? 1 : 0;
            case Number n -> result = n.longValue();
            case String s -> {
                try {
                    result = Long.parseLong(s.trim());
                } catch (NumberFormatException e) {
                    throw cannotConvert(value, "BIGINT");
                }
            }
            default -> throw cannotConvert(value, "BIGINT");
        }
        if (result < min || result > max) {
            throw new SQLDataException(
                    "value out of range: value=" + result + ", min=" + min + ", max=" + max, "22003");
        }
        return result;
    }

    /** A stored value as a decimal: null for null, booleans as 1/0, texts parsed. */
    static BigDecimal toBigDecimal(Object value) throws SQLDataException {
        return switch (value) {
            case null -> null;
            case Boolean b -> b ? BigDecimal.ONE : BigDecimal.ZERO;
            case Number n -> new BigDecimal(n.toString());
            case String s -> {
                try {
                    yield new BigDecimal(s.trim());
                } catch (NumberFormatException e) {
                    throw cannotConvert(value, "DECIMAL");
                }
            }
            default -> throw cannotConvert(value, "DECIMAL");
        };
    }

    /** The exception for a value a getter cannot convert (SQLSTATE 22018). */
    static SQLDataException cannotConvert(Object value, String target) {
        return new SQLDataException(
                "cannot convert metadata value: value=" + value + ", from="
                        + value.getClass().getSimpleName() + ", to=" + target,
                "22018");
    }
}
