package io.sluice.postgres.internal.codec;

import io.sluice.ValueConversionException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Helpers for values in text format (and for the UTF-8 payload of text-like types in binary
 * format): strings without intermediate copies, integers parsed straight from the bytes, and the
 * big-endian reads every binary codec shares.
 */
public final class TextCodec {
    // One bounds-checked load per value instead of one per byte: these run for every column of every row.
    private static final VarHandle SHORT_BE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private TextCodec() {}

    /** The bytes as a String: for ASCII text the JDK copies once into the String's own array. */
    public static String utf8(byte[] b, int off, int len) {
        return new String(b, off, len, StandardCharsets.UTF_8);
    }

    /** Parses a decimal integer (optional sign, surrounding blanks allowed) without allocating. */
    public static long parseLong(byte[] b, int off, int len, int oid) {
        int end = off + len;
        while (off < end && b[off] == ' ') {
            off++;
        }
        while (end > off && b[end - 1] == ' ') {
            end--;
        }
        if (off == end) {
            throw notANumber(b, off, len, oid);
        }
        boolean negative = b[off] == '-';
        int i = negative || b[off] == '+' ? off + 1 : off;
        if (i == end) {
            throw notANumber(b, off, end - off, oid);
        }
        // Accumulate negatively so that Long.MIN_VALUE parses without overflow.
        long result = 0;
        for (; i < end; i++) {
            int digit = b[i] - '0';
            if (digit < 0 || digit > 9) {
                throw notANumber(b, off, end - off, oid);
            }
            if (result < (Long.MIN_VALUE + digit) / 10) {
                throw new ValueConversionException("integer text out of range for long: type=" + PgTypes.typeName(oid)
                        + ", value=" + utf8(b, off, end - off));
            }
            result = result * 10 - digit;
        }
        if (negative) {
            return result;
        }
        if (result == Long.MIN_VALUE) {
            throw new ValueConversionException("integer text out of range for long: type=" + PgTypes.typeName(oid)
                    + ", value=" + utf8(b, off, end - off));
        }
        return -result;
    }

    private static ValueConversionException notANumber(byte[] b, int off, int len, int oid) {
        return new ValueConversionException(
                "text is not an integer: type=" + PgTypes.typeName(oid) + ", value=" + utf8(b, off, len));
    }

    /** True when the text equals {@code ascii} exactly (ASCII comparison, no allocation). */
    public static boolean equalsAscii(byte[] b, int off, int len, String ascii) {
        if (len != ascii.length()) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            if (b[off + i] != ascii.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Big-endian Int16 at {@code at}. */
    public static short readShort(byte[] b, int at) {
        return (short) SHORT_BE.get(b, at);
    }

    /** Big-endian Int32 at {@code at}. */
    public static int readInt(byte[] b, int at) {
        return (int) INT_BE.get(b, at);
    }

    /** Big-endian Int64 at {@code at}. */
    public static long readLong(byte[] b, int at) {
        return (long) LONG_BE.get(b, at);
    }

    /** Throws unless a binary value has exactly {@code expected} bytes. */
    public static void requireLength(int len, int expected, int oid) {
        if (len != expected) {
            throw new ValueConversionException("malformed binary value: type=" + PgTypes.typeName(oid) + ", length="
                    + len + ", expected=" + expected);
        }
    }

    /**
     * A left-to-right reader over the text form of a date, time or interval; every mismatch throws
     * {@link ValueConversionException} naming the type and the whole text.
     */
    static final class Cursor {
        private final String s;
        private final String type;
        private int pos;
        private int end;

        Cursor(String s, String type) {
            this.s = s;
            this.type = type;
            this.end = s.length();
        }

        ValueConversionException error() {
            return new ValueConversionException("malformed " + type + " text: value=" + s + ", position=" + pos);
        }

        boolean stripSuffix(String suffix) {
            if (s.startsWith(suffix, end - suffix.length()) && end - suffix.length() >= pos) {
                end -= suffix.length();
                return true;
            }
            return false;
        }

        boolean atEnd() {
            return pos == end;
        }

        char peek() {
            return pos < end ? s.charAt(pos) : '\0';
        }

        boolean accept(char c) {
            if (pos < end && s.charAt(pos) == c) {
                pos++;
                return true;
            }
            return false;
        }

        /** The letters from here to the next non-letter. */
        String word() {
            int start = pos;
            while (pos < end && Character.isLetter(s.charAt(pos))) {
                pos++;
            }
            if (pos == start) {
                throw error();
            }
            return s.substring(start, pos);
        }

        void expect(char c) {
            if (!accept(c)) {
                throw error();
            }
        }

        void end() {
            if (pos != end) {
                throw error();
            }
        }

        /** An unsigned decimal number of at least {@code min} and at most 18 digits. */
        long digits(int min) {
            int start = pos;
            long v = 0;
            while (pos < end && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') {
                if (pos - start >= 18) {
                    throw error();
                }
                v = v * 10 + (s.charAt(pos++) - '0');
            }
            if (pos - start < min) {
                throw error();
            }
            return v;
        }

        /** {@code Y...-MM-DD}; {@code bc} turns year y into the proleptic year 1 - y. */
        java.time.LocalDate date(boolean bc) {
            long year = digits(1);
            expect('-');
            long month = digits(2);
            expect('-');
            long day = digits(2);
            try {
                return java.time.LocalDate.of(Math.toIntExact(bc ? 1 - year : year), (int) month, (int) day);
            } catch (java.time.DateTimeException | ArithmeticException e) {
                throw error();
            }
        }

        /** {@code HH:MM:SS[.ffffff]} as microseconds since midnight; 24:00:00 allowed. */
        long time() {
            long h = digits(2);
            expect(':');
            long m = digits(2);
            long sec = 0;
            long fraction = 0;
            if (accept(':')) {
                sec = digits(2);
                fraction = fraction();
            }
            long micros = ((h * 60 + m) * 60 + sec) * 1_000_000L + fraction;
            if (m > 59 || sec > 59 || micros > 86_400_000_000L) {
                throw error();
            }
            return micros;
        }

        /** An optional {@code .f} fraction of a second, as microseconds (at most 6 digits). */
        long fraction() {
            if (!accept('.')) {
                return 0;
            }
            int start = pos;
            long f = digits(1);
            int n = pos - start;
            if (n > 6) {
                throw error();
            }
            for (; n < 6; n++) {
                f *= 10;
            }
            return f;
        }

        /** {@code +HH[:MM[:SS]]} as total seconds east of UTC. */
        int offset() {
            int sign = accept('-') ? -1 : 1;
            if (sign == 1) {
                expect('+');
            }
            long h = digits(2);
            long m = accept(':') ? digits(2) : 0;
            long sec = accept(':') ? digits(2) : 0;
            long total = h * 3600 + m * 60 + sec;
            if (total > 18 * 3600 || m > 59 || sec > 59) {
                throw error();
            }
            return (int) (sign * total);
        }
    }
}
