package io.sluice.mysql.internal.codec;

import static io.sluice.mysql.internal.protocol.FieldTypes.*;

import io.sluice.ProtocolException;
import io.sluice.mysql.internal.protocol.ColumnDefinition;
import io.sluice.mysql.internal.protocol.Payload;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * The binary protocol's value layout (https://mariadb.com/kb/en/resultset-row/#binary-resultset-row): how
 * long each value of a binary row is, fixed-width integers read in place and sign- or zero-extended by their
 * type, and every fixed-width and temporal value spelt as the text protocol spells it, so that
 * {@link MysqlRow#getString} reads alike over both protocols. Strings, DECIMAL and BIT are length-encoded
 * bytes in both protocols and are not handled here.
 */
final class BinaryValues {
    private BinaryValues() {}

    /** Lengths a binary DATE, DATETIME or TIMESTAMP may have (bit n: length n): 0, 4, 7, 11. */
    private static final int DATE_LENGTHS = 0b1000_1001_0001;
    /** Lengths a binary TIME may have (bit n: length n): 0, 8, 12. */
    private static final int TIME_LENGTHS = 0b1_0001_0000_0001;

    /**
     * Reads the length of the next value of a column of {@code type} in {@code p}: a fixed width, a temporal's
     * length byte, or a length-encoded length, leaving {@code p} at the value's first byte.
     */
    static int length(Payload p, int type) {
        return switch (type) {
            case MYSQL_TYPE_TINY -> 1;
            case MYSQL_TYPE_SHORT, MYSQL_TYPE_YEAR -> 2;
            case MYSQL_TYPE_LONG, MYSQL_TYPE_INT24, MYSQL_TYPE_FLOAT -> 4;
            case MYSQL_TYPE_LONGLONG, MYSQL_TYPE_DOUBLE -> 8;
            case MYSQL_TYPE_DATE, MYSQL_TYPE_DATETIME, MYSQL_TYPE_TIMESTAMP -> temporalLength(p, DATE_LENGTHS);
            case MYSQL_TYPE_TIME -> temporalLength(p, TIME_LENGTHS);
            default -> p.readLengthEncodedLength();
        };
    }

    /** A binary temporal's length byte, which must be one of the lengths set in {@code allowed} (bit n: length n). */
    private static int temporalLength(Payload p, int allowed) {
        int n = p.readInt1();
        if (n > 12 || (allowed & (1 << n)) == 0) {
            throw new ProtocolException("bad length of a binary date/time value: length=" + n);
        }
        return n;
    }

    /** True for the types a binary row sends as a fixed-width integer. */
    static boolean isInteger(int type) {
        return type == MYSQL_TYPE_TINY
                || type == MYSQL_TYPE_SHORT
                || type == MYSQL_TYPE_YEAR
                || type == MYSQL_TYPE_LONG
                || type == MYSQL_TYPE_INT24
                || type == MYSQL_TYPE_LONGLONG;
    }

    /** True for the types a binary row sends as a fixed-width integer or floating-point number. */
    static boolean isNumber(int type) {
        return isInteger(type) || type == MYSQL_TYPE_FLOAT || type == MYSQL_TYPE_DOUBLE;
    }

    /** The binary number (see {@link #isNumber}) of column {@code def} at {@code p} as a double. */
    static double toDouble(byte[] buf, int p, ColumnDefinition def) {
        return switch (def.fieldType()) {
            case MYSQL_TYPE_DOUBLE -> Double.longBitsToDouble(Payload.getInt8(buf, p));
            case MYSQL_TYPE_FLOAT -> Float.intBitsToFloat(Payload.getInt4(buf, p));
            default ->
                isUnsignedBigint(def)
                        ? new BigInteger(Long.toUnsignedString(integer(buf, p, def))).doubleValue()
                        : integer(buf, p, def);
        };
    }

    /** Raw 64 bits of a binary integer of column {@code def} at {@code p}, sign- or zero-extended by its type. */
    static long integer(byte[] buf, int p, ColumnDefinition def) {
        boolean unsigned = def.unsigned();
        return switch (def.fieldType()) {
            case MYSQL_TYPE_TINY -> unsigned ? buf[p] & 0xff : buf[p];
            case MYSQL_TYPE_SHORT, MYSQL_TYPE_YEAR -> {
                int v = (buf[p] & 0xff) | (buf[p + 1] & 0xff) << 8;
                yield unsigned || def.fieldType() == MYSQL_TYPE_YEAR ? v : (short) v;
            }
            case MYSQL_TYPE_LONG, MYSQL_TYPE_INT24 -> {
                int v = Payload.getInt4(buf, p);
                yield unsigned ? v & 0xffffffffL : v;
            }
            default -> Payload.getInt8(buf, p);
        };
    }

    /** The binary integer of column {@code def} at {@code p} as a BigDecimal, BIGINT UNSIGNED without sign. */
    static BigDecimal toBigDecimal(byte[] buf, int p, ColumnDefinition def) {
        long v = integer(buf, p, def);
        return isUnsignedBigint(def) && v < 0 ? new BigDecimal(Long.toUnsignedString(v)) : BigDecimal.valueOf(v);
    }

    /** True for a BIGINT UNSIGNED column, whose values above Long.MAX_VALUE read as negative longs. */
    static boolean isUnsignedBigint(ColumnDefinition def) {
        return def.unsigned() && def.fieldType() == MYSQL_TYPE_LONGLONG;
    }

    /** True for the types whose binary value is not the bytes of their text: numbers, dates and times. */
    static boolean isFixedOrTemporal(int type) {
        return switch (type) {
            case MYSQL_TYPE_TINY,
                    MYSQL_TYPE_SHORT,
                    MYSQL_TYPE_YEAR,
                    MYSQL_TYPE_LONG,
                    MYSQL_TYPE_INT24,
                    MYSQL_TYPE_LONGLONG,
                    MYSQL_TYPE_FLOAT,
                    MYSQL_TYPE_DOUBLE,
                    MYSQL_TYPE_DATE,
                    MYSQL_TYPE_DATETIME,
                    MYSQL_TYPE_TIMESTAMP,
                    MYSQL_TYPE_TIME -> true;
            default -> false;
        };
    }

    /**
     * The text the text protocol sends for the binary value of column {@code def}, {@code n} bytes at
     * {@code p} (not BIT: see {@link ExtendedTypeCodec#bitText}); {@code temporal} is the row's scratch.
     */
    static String text(byte[] buf, int p, int n, ColumnDefinition def, Temporal temporal) {
        int type = def.fieldType();
        if (isInteger(type)) {
            long v = integer(buf, p, def);
            if (type == MYSQL_TYPE_YEAR) {
                return v < 1000 ? String.format("%04d", v) : Long.toString(v); // YEAR 0 is "0000" in text
            }
            return isUnsignedBigint(def) ? Long.toUnsignedString(v) : Long.toString(v);
        }
        return switch (type) {
            case MYSQL_TYPE_FLOAT ->
                FloatingText.ofFloat(Float.intBitsToFloat(Payload.getInt4(buf, p)), def.decimals());
            case MYSQL_TYPE_DOUBLE ->
                FloatingText.ofDouble(Double.longBitsToDouble(Payload.getInt8(buf, p)), def.decimals());
            case MYSQL_TYPE_DATE -> temporal.decodeBinaryDate(buf, p, n).formatDate(false, 0);
            case MYSQL_TYPE_DATETIME, MYSQL_TYPE_TIMESTAMP ->
                temporal.decodeBinaryDate(buf, p, n).formatDate(true, def.decimals());
            case MYSQL_TYPE_TIME -> temporal.decodeBinaryTime(buf, p, n).formatTime(def.decimals());
            default -> new String(buf, p, n, StandardCharsets.UTF_8);
        };
    }
}
