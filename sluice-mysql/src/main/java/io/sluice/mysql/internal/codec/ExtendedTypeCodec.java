package io.sluice.mysql.internal.codec;

import io.sluice.Json;
import io.sluice.Row;
import io.sluice.ValueConversionException;
import io.sluice.mysql.Geometry;
import java.time.DateTimeException;
import java.time.Year;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;

/**
 * The MySQL types that have no getter of their own in {@link Row}: {@code ENUM} and {@code SET} as Java
 * enums, {@code JSON} as {@link Json}, {@code BIT(n)} as {@link BitSet} and as {@code b'0101'} text,
 * spatial values as {@link Geometry}, {@code YEAR} as {@link Year}. Each works from the row's own
 * getters, so text and binary rows read alike (see sluice-mysql/TYPES.md).
 */
final class ExtendedTypeCodec {
    private ExtendedTypeCodec() {}

    /** Returned by {@link #convert} for a target type it does not know. */
    static final Object UNSUPPORTED = new Object();

    /** Column {@code i} (not NULL) of {@code row} as {@code type}, or {@link #UNSUPPORTED}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Object convert(Row row, int i, Class<?> type) {
        if (type.isEnum()) {
            return row.getEnum(i, (Class) type);
        }
        if (type == Json.class) {
            return new Json(row.getString(i));
        }
        if (type == Year.class) {
            int year = row.getInt(i);
            try {
                return Year.of(year);
            } catch (DateTimeException e) {
                throw new ValueConversionException(
                        "value does not fit Year: column=" + row.column(i).name() + ", value=" + year);
            }
        }
        if (type == BitSet.class) {
            return bitSet(row.getBytes(i));
        }
        if (type == Geometry.class) {
            return Geometry.ofInternal(row.getBytes(i));
        }
        if (Set.class.isAssignableFrom(type)) {
            throw new ValueConversionException("a set needs its element type: column="
                    + row.column(i).name() + " (use getEnumSet(i, MyEnum.class) or getList(i, String.class))");
        }
        return UNSUPPORTED;
    }

    /** The members of a SET column's text ({@code 'a,c'}; empty: none), each converted to {@code elementType}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static <T> List<T> setMembers(Row row, int i, Class<T> elementType) {
        String text = row.getString(i);
        if (text == null) {
            return null;
        }
        if (elementType.isEnum()) {
            return new ArrayList<>(row.getEnumSet(i, (Class) elementType));
        }
        if (elementType != String.class && elementType != Object.class) {
            throw new ValueConversionException("SET members are text or enum constants: column="
                    + row.column(i).name() + ", elementType=" + elementType.getName());
        }
        List<T> members = new ArrayList<>();
        if (!text.isEmpty()) {
            for (String label : text.split(",", -1)) {
                members.add((T) label);
            }
        }
        return members;
    }

    /**
     * BIT(n)'s value (n bits, big-endian, in {@code (n + 7) / 8} bytes) as a BitSet whose bit k is the
     * value's bit of weight 2^k, as MariaDB Connector/J reads it.
     */
    static BitSet bitSet(byte[] bigEndian) {
        byte[] little = new byte[bigEndian.length];
        for (int k = 0; k < little.length; k++) {
            little[k] = bigEndian[bigEndian.length - 1 - k];
        }
        return BitSet.valueOf(little);
    }

    /** BIT(n)'s value ({@code length} bytes, big-endian, at {@code offset}) as an unsigned long. */
    static long bitValue(byte[] buf, int offset, int length) {
        long v = 0;
        for (int k = 0; k < length; k++) {
            v = v << 8 | (buf[offset + k] & 0xff);
        }
        return v;
    }

    /**
     * BIT(n)'s value as text, as MariaDB Connector/J spells it: BIT(1) as {@code true} or {@code false}
     * (the Boolean it reads as), wider BITs as the SQL literal {@code b'101'}, most significant digit
     * first and without leading zeros ({@code b''} for 0, which MySQL reads back as 0 too).
     */
    static String bitText(byte[] buf, int offset, int length, long columnBits) {
        if (columnBits == 1) {
            return length > 0 && buf[offset + length - 1] != 0 ? "true" : "false";
        }
        StringBuilder s = new StringBuilder(length * 8 + 3).append("b'");
        boolean leading = true;
        for (int k = length * 8 - 1; k >= 0; k--) {
            boolean one = (buf[offset + length - 1 - (k >>> 3)] >>> (k & 7) & 1) != 0;
            if (one || !leading) {
                s.append(one ? '1' : '0');
                leading = false;
            }
        }
        return s.append('\'').toString();
    }
}
