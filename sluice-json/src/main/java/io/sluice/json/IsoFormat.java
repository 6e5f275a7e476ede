package io.sluice.json;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * ISO-8601 text for java.time values, written as ASCII bytes into a caller's buffer: the same text as
 * {@link DateTimeFormatter#ISO_LOCAL_DATE}, {@code ISO_LOCAL_TIME}, {@code ISO_LOCAL_DATE_TIME},
 * {@code ISO_OFFSET_TIME} and {@code ISO_OFFSET_DATE_TIME}, at a fraction of their cost (they build a
 * print context per value, which was a third of a row's JSON time). Years 0 to 9999 take the fast
 * path; other years hand off to the JDK's formatter ({@link #slowPath}).
 */
final class IsoFormat {
    /** Longest output: {@code 9999-12-31T23:59:59.999999999+18:00:00}. */
    static final int MAX_LENGTH = 40;

    private static final long SECONDS_PER_DAY = 86_400;
    /** The epoch days of 0000-01-01 and 9999-12-31: the years the fast path prints. */
    private static final long FIRST_FAST_DAY = LocalDate.of(0, 1, 1).toEpochDay();

    private static final long LAST_FAST_DAY = LocalDate.of(9999, 12, 31).toEpochDay();

    private IsoFormat() {}

    static int date(LocalDate d, byte[] buf) {
        int year = d.getYear();
        if (year < 0 || year > 9999) {
            return slowPath(DateTimeFormatter.ISO_LOCAL_DATE.format(d), buf);
        }
        return putDate(year, d.getMonthValue(), d.getDayOfMonth(), buf, 0);
    }

    static int time(LocalTime t, byte[] buf) {
        return putTime(t, buf, 0);
    }

    static int dateTime(LocalDateTime t, byte[] buf) {
        int year = t.getYear();
        if (year < 0 || year > 9999) {
            return slowPath(DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(t), buf);
        }
        int at = putDate(year, t.getMonthValue(), t.getDayOfMonth(), buf, 0);
        buf[at++] = (byte) 'T';
        return putTime(t.toLocalTime(), buf, at);
    }

    static int offsetDateTime(OffsetDateTime t, byte[] buf) {
        int year = t.getYear();
        if (year < 0 || year > 9999) {
            return slowPath(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(t), buf);
        }
        int at = putDate(year, t.getMonthValue(), t.getDayOfMonth(), buf, 0);
        buf[at++] = (byte) 'T';
        at = putTime(t.toLocalTime(), buf, at);
        return putOffset(t.getOffset(), buf, at);
    }

    /**
     * As {@code ISO_OFFSET_DATE_TIME} prints the instant at UTC ({@code ...Z}), without the
     * OffsetDateTime, LocalDateTime and LocalTime that printing through it would make.
     */
    static int instant(Instant t, byte[] buf) {
        long second = t.getEpochSecond();
        long epochDay = Math.floorDiv(second, SECONDS_PER_DAY);
        if (epochDay < FIRST_FAST_DAY || epochDay > LAST_FAST_DAY) {
            return slowPath(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(t.atOffset(ZoneOffset.UTC)), buf);
        }
        LocalDate date = LocalDate.ofEpochDay(epochDay);
        int secondOfDay = (int) Math.floorMod(second, SECONDS_PER_DAY);
        int at = putDate(date.getYear(), date.getMonthValue(), date.getDayOfMonth(), buf, 0);
        buf[at++] = (byte) 'T';
        at = putTime(secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60, t.getNano(), buf, at);
        buf[at] = (byte) 'Z';
        return at + 1;
    }

    static int offsetTime(OffsetTime t, byte[] buf) {
        return putOffset(t.getOffset(), buf, putTime(t.toLocalTime(), buf, 0));
    }

    private static int putDate(int year, int month, int day, byte[] buf, int at) {
        put2(year / 100, buf, at);
        put2(year % 100, buf, at + 2);
        buf[at + 4] = (byte) '-';
        put2(month, buf, at + 5);
        buf[at + 7] = (byte) '-';
        put2(day, buf, at + 8);
        return at + 10;
    }

    /** {@code HH:mm:ss} and, when not zero, the fraction without trailing zeros, as ISO_LOCAL_TIME prints it. */
    private static int putTime(LocalTime t, byte[] buf, int at) {
        return putTime(t.getHour(), t.getMinute(), t.getSecond(), t.getNano(), buf, at);
    }

    private static int putTime(int hour, int minute, int second, int nanos, byte[] buf, int at) {
        put2(hour, buf, at);
        buf[at + 2] = (byte) ':';
        put2(minute, buf, at + 3);
        buf[at + 5] = (byte) ':';
        put2(second, buf, at + 6);
        at += 8;
        if (nanos != 0) {
            buf[at++] = (byte) '.';
            int digits = 9;
            while (nanos % 10 == 0) {
                nanos /= 10;
                digits--;
            }
            for (int i = at + digits - 1; i >= at; i--) {
                buf[i] = (byte) ('0' + nanos % 10);
                nanos /= 10;
            }
            at += digits;
        }
        return at;
    }

    private static int putOffset(ZoneOffset offset, byte[] buf, int at) {
        int total = offset.getTotalSeconds();
        if (total == 0) {
            buf[at] = (byte) 'Z';
            return at + 1;
        }
        buf[at] = (byte) (total < 0 ? '-' : '+');
        int abs = Math.abs(total);
        put2(abs / 3600, buf, at + 1);
        buf[at + 3] = (byte) ':';
        put2(abs / 60 % 60, buf, at + 4);
        at += 6;
        if (abs % 60 != 0) {
            buf[at] = (byte) ':';
            put2(abs % 60, buf, at + 1);
            at += 3;
        }
        return at;
    }

    private static void put2(int value, byte[] buf, int at) {
        buf[at] = (byte) ('0' + value / 10);
        buf[at + 1] = (byte) ('0' + value % 10);
    }

    /** Rare values (years before 0 or after 9999): the JDK's formatter, copied into the buffer. */
    private static int slowPath(String text, byte[] buf) {
        byte[] ascii = text.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(ascii, 0, buf, 0, ascii.length);
        return ascii.length;
    }
}
