package io.sluice;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;

/**
 * Maps the labels of an SQL enumeration (MySQL {@code ENUM} and {@code SET}, a PostgreSQL enum type,
 * or any text) to the constants of a Java enum, for {@link Row#getEnum} and {@link Row#getEnumSet}.
 *
 * <p>A label matches the constant of exactly its {@link Enum#name()}; failing that, the one constant
 * whose name equals it ignoring case ({@link Locale#ROOT}), so that {@code 'small'} reads as
 * {@code SMALL}: SQL labels are often lower case, Java constants upper case, and MySQL compares ENUM
 * labels without regard to case anyway. A label with no constant, or one that matches two constants
 * ignoring case and neither exactly, is a {@link ValueConversionException}, never null.
 */
final class EnumLabels {
    private EnumLabels() {}

    /** The constant for {@code label}; {@code column} names the column in the exception. */
    static <E extends Enum<E>> E constant(Class<E> type, String label, String column) {
        E[] constants = type.getEnumConstants();
        if (constants == null) {
            throw new ValueConversionException("not an enum type: type=" + type.getName() + ", column=" + column);
        }
        E folded = null;
        for (E e : constants) {
            if (e.name().equals(label)) {
                return e;
            }
            if (e.name().toLowerCase(Locale.ROOT).equals(label.toLowerCase(Locale.ROOT))) {
                if (folded != null) {
                    throw new ValueConversionException("label matches two enum constants ignoring case: column="
                            + column + ", label=" + label + ", enum=" + type.getName() + ", constants=" + folded
                            + "," + e);
                }
                folded = e;
            }
        }
        if (folded == null) {
            throw new ValueConversionException("no enum constant for label: column=" + column + ", label=" + label
                    + ", enum=" + type.getName() + ", constants=" + Arrays.toString(constants));
        }
        return folded;
    }

    /** The constants of a comma-separated list of labels (MySQL's SET text); the empty text is the empty set. */
    static <E extends Enum<E>> EnumSet<E> constants(Class<E> type, String labels, String column) {
        EnumSet<E> set = EnumSet.noneOf(type);
        if (labels.isEmpty()) {
            return set;
        }
        int start = 0;
        while (true) {
            int comma = labels.indexOf(',', start);
            String label = comma < 0 ? labels.substring(start) : labels.substring(start, comma);
            set.add(constant(type, label, column));
            if (comma < 0) {
                return set;
            }
            start = comma + 1;
        }
    }
}
