package io.sluice.json;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * ISO-8601 text for java.time values, written into a caller's char buffer: the same text as
 * {@link DateTimeFormatter#ISO_LOCAL_DATE}, {@code ISO_LOCAL_TIME}, {@code ISO_LOCAL_DATE_TIME},
 * {@code ISO_OFFSET_TIME} and {@code ISO_OFFSET_DATE_TIME}, at a fraction of their cost (they build a
 * print context per value, which was a third of a row's JSON time). Years 0 to 9999 take the fast
 * path; other years hand off to the JDK's formatter ({@link #slowPath}).
 */
final class IsoFormat {
    /** Longest output: {@code 9999-12-31T23:59:59.999999999+18:00:00}. */
    static final int MAX_LENGTH = 40;

    private IsoFormat() {}

    static int date(LocalDate d, char[] buf) {
        int year = d.getYear();
        if (year < 0 || year > 9999) {
            return slowPath(DateTimeFormatter.ISO_LOCAL_DATE.format(d), buf);
        }
        return putDate(year, d.getMonthValue(), d.getDayOfMonth(), buf, 0);
    }

    static int time(LocalTime t, char[] buf) {
        return putTime(t, buf, 0);
    }

    static int dateTime(LocalDateTime t, char[] buf) {
        int year = t.getYear();
        if (year < 0 || year > 9999) {
            return slowPath(DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(t), buf);
        }
        int at = putDate(year, t.getMonthValue(), t.getDayOfMonth(), buf, 0);
        buf[at++] = 'T';
        return putTime(t.toLocalTime(), buf, at);
    }

    static int offsetDateTime(OffsetDateTime t, char[] buf) {
        int year = t.getYear();
        if (year < 0 || year > 9999) {
            return slowPath(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(t), buf);
        }
        int at = putDate(year, t.getMonthValue(), t.getDayOfMonth(), buf, 0);
        buf[at++] = 'T';
        at = putTime(t.toLocalTime(), buf, at);
        return putOffset(t.getOffset(), buf, at);
    }

    static int offsetTime(OffsetTime t, char[] buf) {
        return putOffset(t.getOffset(), buf, putTime(t.toLocalTime(), buf, 0));
    }

    private static int putDate(int year, int month, int day, char[] buf, int at) {
        put2(year / 100, buf, at);
        put2(year % 100, buf, at + 2);
        buf[at + 4] = '-';
        put2(month, buf, at + 5);
        buf[at + 7] = '-';
        put2(day, buf, at + 8);
        return at + 10;
    }

    /** {@code HH:mm:ss} and, when not zero, the fraction without trailing zeros, as ISO_LOCAL_TIME prints it. */
    private static int putTime(LocalTime t, char[] buf, int at) {
        put2(t.getHour(), buf, at);
        buf[at + 2] = ':';
        put2(t.getMinute(), buf, at + 3);
        buf[at + 5] = ':';
        put2(t.getSecond(), buf, at + 6);
        at += 8;
        int nanos = t.getNano();
        if (nanos != 0) {
            buf[at++] = '.';
            int digits = 9;
            while (nanos % 10 == 0) {
                nanos /= 10;
                digits--;
            }
            for (int i = at + digits - 1; i >= at; i--) {
                buf[i] = (char) ('0' + nanos % 10);
                nanos /= 10;
            }
            at += digits;
        }
        return at;
    }

    private static int putOffset(ZoneOffset offset, char[] buf, int at) {
        int total = offset.getTotalSeconds();
        if (total == 0) {
            buf[at] = 'Z';
            return at + 1;
        }
        buf[at] = total < 0 ? '-' : '+';
        int abs = Math.abs(total);
        put2(abs / 3600, buf, at + 1);
        buf[at + 3] = ':';
        put2(abs / 60 % 60, buf, at + 4);
        at += 6;
        if (abs % 60 != 0) {
            buf[at] = ':';
            put2(abs % 60, buf, at + 1);
            at += 3;
        }
        return at;
    }

    private static void put2(int value, char[] buf, int at) {
        buf[at] = (char) ('0' + value / 10);
        buf[at + 1] = (char) ('0' + value % 10);
    }

    /** Rare values (years before 0 or after 9999): the JDK's formatter, copied into the buffer. */
    private static int slowPath(String text, char[] buf) {
        text.getChars(0, text.length(), buf, 0);
        return text.length();
    }
}
