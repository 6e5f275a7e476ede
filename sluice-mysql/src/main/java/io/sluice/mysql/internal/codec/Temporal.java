package io.sluice.mysql.internal.codec;

import static io.sluice.mysql.internal.protocol.FieldTypes.*;

import io.sluice.ValueConversionException;
import io.sluice.mysql.internal.protocol.ColumnDefinition;
import io.sluice.mysql.internal.protocol.Payload;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * Date and time values as the server sends them, decoded into plain fields before any java.time
 * object is made. Text form: {@code YYYY-MM-DD}, {@code YYYY-MM-DD hh:mm:ss[.ffffff]},
 * {@code [-]hhh:mm:ss[.ffffff]}. Binary form (https://mariadb.com/kb/en/resultset-row/#binary-resultset-row):
 *
 * <pre>
 *  DATE/DATETIME/TIMESTAMP, after a length byte of 0, 4, 7 or 11:
 *    int<2> year, int<1> month, int<1> day, int<1> hour, int<1> minute, int<1> second, int<4> microsecond
 *  TIME, after a length byte of 0, 8 or 12:
 *    int<1> negative, int<4> days, int<1> hour, int<1> minute, int<1> second, int<4> microsecond
 * </pre>
 *
 * One instance per row view is its scratch: a getter decodes a value into its fields, then asks for the
 * java.time value, which is null where the fields make none (the row names the column in the error).
 */
final class Temporal {
    int year;
    int month;
    int day;
    int hour;
    int minute;
    int second;
    int micros;
    boolean negative;
    /** For TIME: whole hours including days (may exceed 23). */
    long totalHours;
    /**
     * Per column, the last LocalDate made (for DATE and for the date part of DATETIME and TIMESTAMP), handed
     * out again while the column's date stays the same: timestamps of a result often share their day, and
     * LocalDate is immutable and value-based. Allocated on first use.
     */
    private LocalDate[] lastDates;

    static boolean isDateType(int type) {
        return type == MYSQL_TYPE_DATE || type == MYSQL_TYPE_DATETIME || type == MYSQL_TYPE_TIMESTAMP;
    }

    /** The DATE, DATETIME and TIMESTAMP columns among {@code defs}, by index. */
    static int[] dateColumns(ColumnDefinition[] defs) {
        return java.util.stream.IntStream.range(0, defs.length)
                .filter(i -> isDateType(defs[i].fieldType()))
                .toArray();
    }

    /**
     * True for a date value of {@code len} bytes at {@code p}, in binary or text form, that is a zero date or
     * has a zero month or day: what zero_date=null binds as NULL, without decoding the value (NULL, len -1: false).
     */
    static boolean hasZeroPart(byte[] b, int p, int len, boolean binaryForm) {
        if (binaryForm) {
            return len == 0 || len >= 4 && (b[p + 2] == 0 || b[p + 3] == 0);
        }
        return len >= 10 && (b[p + 5] == '0' && b[p + 6] == '0' || b[p + 8] == '0' && b[p + 9] == '0');
    }

    /**
     * Decodes a DATE, DATETIME or TIMESTAMP value, in binary form when {@code binaryForm}; false for a zero
     * date or one with a zero month or day, which has no java.time value.
     */
    boolean decodeDate(byte[] b, int p, int len, boolean binaryForm) {
        if (binaryForm) {
            decodeBinaryDate(b, p, len);
        } else {
            decodeTextDate(b, p, len);
        }
        return !(isZeroDate() || month == 0 || day == 0);
    }

    /** Decodes a TIME value, in binary form when {@code binaryForm}. */
    Temporal decodeTime(byte[] b, int p, int len, boolean binaryForm) {
        return binaryForm ? decodeBinaryTime(b, p, len) : decodeTextTime(b, p, len);
    }

    /**
     * The decoded date as a LocalDate: column {@code column}'s last one when it is the same day (of
     * {@code columns} in the row); null when the fields make no date.
     */
    LocalDate localDate(int column, int columns) {
        LocalDate[] last = lastDates;
        if (last == null) {
            last = lastDates = new LocalDate[columns];
        }
        LocalDate d = last[column];
        if (d == null || d.getDayOfMonth() != day || d.getMonthValue() != month || d.getYear() != year) {
            try {
                d = LocalDate.of(year, month, day);
            } catch (DateTimeException e) {
                return null;
            }
            last[column] = d;
        }
        return d;
    }

    /** {@code date} at the decoded time of day; null when the fields make no time of day. */
    LocalDateTime atTime(LocalDate date) {
        try {
            return LocalDateTime.of(date, LocalTime.of(hour, minute, second, micros * 1000));
        } catch (DateTimeException e) {
            return null;
        }
    }

    /** The decoded TIME as a time of day; null outside 00:00 to 24:00 (a duration, not a time of day). */
    LocalTime timeOfDay() {
        long v = timeMicros();
        return v < 0 || v >= 86_400_000_000L ? null : LocalTime.ofNanoOfDay(v * 1000);
    }

    boolean isZeroDate() {
        return year == 0 && month == 0 && day == 0;
    }

    long timeMicros() {
        long v = ((totalHours * 60 + minute) * 60 + second) * 1_000_000L + micros;
        return negative ? -v : v;
    }

    /** Binary DATE/DATETIME/TIMESTAMP: {@code len} bytes at {@code p}. */
    Temporal decodeBinaryDate(byte[] b, int p, int len) {
        year = month = day = hour = minute = second = micros = 0;
        if (len >= 4) {
            year = (b[p] & 0xff) | (b[p + 1] & 0xff) << 8;
            month = b[p + 2];
            day = b[p + 3];
        }
        if (len >= 7) {
            hour = b[p + 4];
            minute = b[p + 5];
            second = b[p + 6];
        }
        if (len >= 11) {
            micros = checkMicros(Payload.getInt4(b, p + 7));
        }
        return this;
    }

    private static int checkMicros(int micros) {
        if (micros < 0 || micros > 999_999) {
            throw new ValueConversionException(
                    "malformed date/time from server: microseconds=" + (micros & 0xffffffffL));
        }
        return micros;
    }

    /** TIME's range is -838:59:59.999999 to 838:59:59.999999; anything else is not a value a server sends. */
    private Temporal checkTime() {
        if (totalHours > MAX_TIME_HOURS || minute > 59 || second > 59 || minute < 0 || second < 0) {
            throw new ValueConversionException(
                    "malformed TIME from server: hours=" + totalHours + ", minute=" + minute + ", second=" + second);
        }
        return this;
    }

    private static final int MAX_TIME_HOURS = 838;

    /** Binary TIME: {@code len} bytes at {@code p}. */
    Temporal decodeBinaryTime(byte[] b, int p, int len) {
        negative = false;
        totalHours = minute = second = micros = 0;
        if (len >= 8) {
            negative = b[p] != 0;
            long days = Payload.getInt4(b, p + 1) & 0xffffffffL;
            totalHours = days * 24 + (b[p + 5] & 0xff);
            minute = b[p + 6];
            second = b[p + 7];
        }
        if (len >= 12) {
            micros = checkMicros(Payload.getInt4(b, p + 8));
        }
        return checkTime();
    }

    /** Text DATE, DATETIME or TIMESTAMP. */
    Temporal decodeTextDate(byte[] b, int p, int len) {
        year = month = day = hour = minute = second = micros = 0;
        if (len < 10) {
            throw malformed(b, p, len);
        }
        if (b[p + 4] != '-' || b[p + 7] != '-') {
            throw malformed(b, p, len);
        }
        year = digits(b, p, 4);
        month = digits(b, p + 5, 2);
        day = digits(b, p + 8, 2);
        if (len >= 19) {
            if (b[p + 10] != ' ' || b[p + 13] != ':' || b[p + 16] != ':') {
                throw malformed(b, p, len);
            }
            hour = digits(b, p + 11, 2);
            minute = digits(b, p + 14, 2);
            second = digits(b, p + 17, 2);
            micros = fraction(b, p + 19, p + len);
        }
        return this;
    }

    /** Text TIME: {@code [-]h...h:mm:ss[.ffffff]}. */
    Temporal decodeTextTime(byte[] b, int p, int len) {
        int end = p + len;
        negative = len > 0 && b[p] == '-';
        int i = negative ? p + 1 : p;
        long h = 0;
        while (i < end && b[i] != ':') {
            h = h * 10 + digit(b, i++);
            if (h > MAX_TIME_HOURS) {
                throw malformed(b, p, len);
            }
        }
        if (end - i < 6) {
            throw malformed(b, p, len);
        }
        totalHours = h;
        minute = digits(b, i + 1, 2);
        second = digits(b, i + 4, 2);
        if (b[i] != ':' || b[i + 3] != ':') {
            throw malformed(b, p, len);
        }
        micros = fraction(b, i + 6, end);
        return checkTime();
    }

    private static int fraction(byte[] b, int p, int end) {
        if (p >= end || b[p] != '.') {
            return 0;
        }
        int v = 0;
        int n = 0;
        for (int i = p + 1; i < end && n < 6; i++, n++) {
            v = v * 10 + digit(b, i);
        }
        for (; n < 6; n++) {
            v *= 10;
        }
        return v;
    }

    private static int digits(byte[] b, int p, int n) {
        int v = 0;
        for (int i = 0; i < n; i++) {
            v = v * 10 + digit(b, p + i);
        }
        return v;
    }

    private static int digit(byte[] b, int i) {
        int d = b[i] - '0';
        if (d < 0 || d > 9) {
            throw new ValueConversionException(
                    "malformed date/time text from server: byte=" + (b[i] & 0xff) + " at " + i);
        }
        return d;
    }

    private static ValueConversionException malformed(byte[] b, int p, int len) {
        return new ValueConversionException("malformed date/time text from server: value="
                + new String(b, p, len, java.nio.charset.StandardCharsets.US_ASCII));
    }

    /** The text form of a date (and time when {@code withTime}), with {@code decimals} fractional digits. */
    String formatDate(boolean withTime, int decimals) {
        StringBuilder s = new StringBuilder(26);
        pad(s, year, 4).append('-');
        pad(s, month, 2).append('-');
        pad(s, day, 2);
        if (withTime) {
            s.append(' ');
            pad(s, hour, 2).append(':');
            pad(s, minute, 2).append(':');
            pad(s, second, 2);
            appendFraction(s, decimals);
        }
        return s.toString();
    }

    String formatTime(int decimals) {
        StringBuilder s = new StringBuilder(20);
        if (negative) {
            s.append('-');
        }
        pad(s, (int) totalHours, 2).append(':');
        pad(s, minute, 2).append(':');
        pad(s, second, 2);
        appendFraction(s, decimals);
        return s.toString();
    }

    private void appendFraction(StringBuilder s, int decimals) {
        if (decimals > 0 && decimals <= 6) {
            s.append('.');
            String f = Integer.toString(1_000_000 + micros).substring(1);
            s.append(f, 0, decimals);
        }
    }

    private static StringBuilder pad(StringBuilder s, int v, int width) {
        String t = Integer.toString(v);
        for (int i = t.length(); i < width; i++) {
            s.append('0');
        }
        return s.append(t);
    }
}
