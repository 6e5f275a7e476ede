package io.sluice.postgres.internal.codec;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;

/**
 * The text forms of date, time, timetz, timestamp and timestamptz with DateStyle ISO (the driver sets
 * it at startup): {@code 2024-02-29}, {@code 0044-03-15 12:00:00 BC}, {@code 12:34:56.789012},
 * {@code 01:02:03.5+01:02:03}, {@code infinity}. Rendering reproduces {@code EncodeDateTime} in
 * {@code src/backend/utils/adt/datetime.c}; parsing reads what the server prints. The special-value
 * rules are those of {@link DateTimeCodec}.
 */
public final class DateTimeTextCodec {
    private static final long USECS_PER_SEC = 1_000_000L;

    private DateTimeTextCodec() {}

    // ---- text forms (DateStyle ISO) -----------------------------------------------------------

    /** A date as PostgreSQL prints it: {@code 2024-02-29}, {@code 0001-01-01 BC}, {@code infinity}. */
    public static String formatDate(LocalDate d) {
        if (d.equals(LocalDate.MAX)) {
            return "infinity";
        }
        if (d.equals(LocalDate.MIN)) {
            return "-infinity";
        }
        StringBuilder s = new StringBuilder(16);
        appendDate(s, d);
        return bc(s, d.getYear()).toString();
    }

    private static void appendDate(StringBuilder s, LocalDate d) {
        int year = d.getYear();
        pad(s, year <= 0 ? 1 - year : year, 4).append('-');
        pad(s, d.getMonthValue(), 2).append('-');
        pad(s, d.getDayOfMonth(), 2);
    }

    private static StringBuilder bc(StringBuilder s, int year) {
        return year <= 0 ? s.append(" BC") : s;
    }

    /** {@code HH:MM:SS[.ffffff]} with trailing fraction zeros dropped, as PostgreSQL prints it. */
    public static void appendTime(StringBuilder s, long micros) {
        long seconds = micros / USECS_PER_SEC;
        pad(s, seconds / 3600, 2).append(':');
        pad(s, seconds / 60 % 60, 2).append(':');
        pad(s, seconds % 60, 2);
        appendFraction(s, micros % USECS_PER_SEC);
    }

    static void appendFraction(StringBuilder s, long fraction) {
        if (fraction != 0) {
            int digits = 6;
            while (fraction % 10 == 0) {
                fraction /= 10;
                digits--;
            }
            s.append('.');
            pad(s, fraction, digits);
        }
    }

    /** A time of day ({@code 24:00:00} included) as PostgreSQL prints it. */
    public static String formatTime(long micros) {
        StringBuilder s = new StringBuilder(15);
        appendTime(s, micros);
        return s.toString();
    }

    /** A timetz as PostgreSQL prints it: {@code 12:34:56+05:30}. */
    public static String formatTimetz(long micros, ZoneOffset offset) {
        StringBuilder s = new StringBuilder(24);
        appendTime(s, micros);
        appendOffset(s, offset.getTotalSeconds());
        return s.toString();
    }

    /** PostgreSQL's offset form: {@code +HH}, {@code +HH:MM} or {@code +HH:MM:SS}. */
    static void appendOffset(StringBuilder s, int totalSeconds) {
        int abs = Math.abs(totalSeconds);
        s.append(totalSeconds < 0 ? '-' : '+');
        pad(s, abs / 3600, 2);
        if (abs % 3600 != 0) {
            s.append(':');
            pad(s, abs / 60 % 60, 2);
            if (abs % 60 != 0) {
                s.append(':');
                pad(s, abs % 60, 2);
            }
        }
    }

    /** A binary timestamp (utc=false) or timestamptz (utc=true, printed with offset +00) as text. */
    public static String formatTimestamp(long pgMicros, boolean utc) {
        if (pgMicros == DateTimeCodec.DT_NOEND) {
            return "infinity";
        }
        if (pgMicros == DateTimeCodec.DT_NOBEGIN) {
            return "-infinity";
        }
        LocalDateTime t = DateTimeCodec.localDateTime(pgMicros);
        StringBuilder s = new StringBuilder(32);
        appendDate(s, t.toLocalDate());
        s.append(' ');
        appendTime(s, t.toLocalTime().toNanoOfDay() / 1000);
        if (utc) {
            s.append("+00");
        }
        return bc(s, t.getYear()).toString();
    }

    private static StringBuilder pad(StringBuilder s, long value, int width) {
        String digits = Long.toString(value);
        for (int i = digits.length(); i < width; i++) {
            s.append('0');
        }
        return s.append(digits);
    }

    // ---- text parsing -------------------------------------------------------------------------

    /** Parses date text (ISO, BC suffix, infinity). */
    public static LocalDate parseDate(String s) {
        return switch (s) {
            case "infinity" -> LocalDate.MAX;
            case "-infinity" -> LocalDate.MIN;
            default -> {
                TextCodec.Cursor c = new TextCodec.Cursor(s, "date");
                boolean bc = c.stripSuffix(" BC");
                LocalDate d = c.date(bc);
                c.end();
                yield d;
            }
        };
    }

    /** Microseconds since midnight of {@code HH:MM:SS[.f]} text (24:00:00 allowed). */
    public static long parseTimeMicros(String s) {
        TextCodec.Cursor c = new TextCodec.Cursor(s, "time");
        long micros = c.time();
        c.end();
        return micros;
    }

    /** Parses timetz text; the offset may carry seconds. */
    public static OffsetTime parseTimetz(String s) {
        TextCodec.Cursor c = new TextCodec.Cursor(s, "timetz");
        long micros = c.time();
        int offset = c.offset();
        c.end();
        return OffsetTime.of(DateTimeCodec.localTime(micros), ZoneOffset.ofTotalSeconds(offset));
    }

    /** Parses timestamp text (ISO, BC suffix, infinity). */
    public static LocalDateTime parseTimestamp(String s) {
        return switch (s) {
            case "infinity" -> LocalDateTime.MAX;
            case "-infinity" -> LocalDateTime.MIN;
            default -> {
                TextCodec.Cursor c = new TextCodec.Cursor(s, "timestamp");
                boolean bc = c.stripSuffix(" BC");
                LocalDate d = c.date(bc);
                c.expect(' ');
                long micros = c.time();
                c.end();
                yield d.atStartOfDay().plusNanos(micros * 1000);
            }
        };
    }

    /** Parses timestamptz text in any session TimeZone (the offset it carries) and returns it in UTC. */
    public static OffsetDateTime parseTimestamptz(String s) {
        return switch (s) {
            case "infinity" -> OffsetDateTime.MAX;
            case "-infinity" -> OffsetDateTime.MIN;
            default -> {
                TextCodec.Cursor c = new TextCodec.Cursor(s, "timestamptz");
                boolean bc = c.stripSuffix(" BC");
                LocalDate d = c.date(bc);
                c.expect(' ');
                long micros = c.time();
                int offset = c.offset();
                c.end();
                LocalDateTime local = d.atStartOfDay().plusNanos(micros * 1000);
                yield OffsetDateTime.of(local.minusSeconds(offset), ZoneOffset.UTC);
            }
        };
    }
}
