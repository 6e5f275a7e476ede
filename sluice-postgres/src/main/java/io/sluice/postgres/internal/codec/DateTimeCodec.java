package io.sluice.postgres.internal.codec;

import static io.sluice.postgres.internal.codec.TextCodec.readInt;
import static io.sluice.postgres.internal.codec.TextCodec.readLong;
import static io.sluice.postgres.internal.codec.TextCodec.requireLength;

import io.sluice.ValueConversionException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;

/**
 * date, time, timetz, timestamp and timestamptz in both formats ({@code date.c}, {@code timestamp.c}).
 * Binary forms count from the PostgreSQL epoch 2000-01-01 00:00:00:
 *
 * <pre>
 *  date        | int32 days                        | INT32_MIN = -infinity, INT32_MAX = infinity
 *  time        | int64 microseconds since midnight | 0 .. 86_400_000_000 (24:00:00 included)
 *  timetz      | int64 microseconds | int32 zone   | zone in seconds WEST of UTC (= -offset)
 *  timestamp   | int64 microseconds                | INT64_MIN = -infinity, INT64_MAX = infinity
 *  timestamptz | int64 microseconds (UTC)          | same infinities
 * </pre>
 *
 * Rules (TYPES.md): infinities are {@code LocalDate/LocalDateTime/OffsetDateTime/Instant .MIN/.MAX}
 * both ways; years are proleptic ISO (1 BC = year 0); time 24:00:00 reads as {@link LocalTime#MAX} and
 * {@code LocalTime.MAX} is written as 24:00:00; timestamptz reads as a UTC OffsetDateTime in both formats;
 * nanoseconds are truncated to microseconds when written. Text parsing expects DateStyle ISO.
 */
public final class DateTimeCodec {
    /** 2000-01-01 as days since 1970-01-01. */
    public static final long POSTGRES_EPOCH_DAY = 10_957;
    public static final long POSTGRES_EPOCH_SECOND = POSTGRES_EPOCH_DAY * 86_400;
    public static final int DATEVAL_NOBEGIN = Integer.MIN_VALUE;
    public static final int DATEVAL_NOEND = Integer.MAX_VALUE;
    public static final long DT_NOBEGIN = Long.MIN_VALUE;
    public static final long DT_NOEND = Long.MAX_VALUE;
    public static final long USECS_PER_DAY = 86_400_000_000L;
    private static final long USECS_PER_SEC = 1_000_000L;

    private DateTimeCodec() {}

    // ---- binary decoding --------------------------------------------------------------------

    public static LocalDate dateFromBinary(byte[] b, int off, int len) {
        requireLength(len, 4, PgTypes.DATE);
        int days = readInt(b, off);
        if (days == DATEVAL_NOBEGIN) {
            return LocalDate.MIN;
        }
        if (days == DATEVAL_NOEND) {
            return LocalDate.MAX;
        }
        return LocalDate.ofEpochDay(POSTGRES_EPOCH_DAY + days);
    }

    /** Microseconds since midnight of a binary time (0 .. 24:00:00). */
    public static long timeMicrosFromBinary(byte[] b, int off, int len, int oid) {
        requireLength(len, oid == PgTypes.TIMETZ ? 12 : 8, oid);
        long micros = readLong(b, off);
        if (micros < 0 || micros > USECS_PER_DAY) {
            throw new ValueConversionException("malformed binary time: type=" + PgTypes.typeName(oid) + ", micros=" + micros);
        }
        return micros;
    }

    public static ZoneOffset timetzOffsetFromBinary(byte[] b, int off, int len) {
        int zone = readInt(b, off + 8);
        if (zone < -ZoneOffset.MAX.getTotalSeconds() || zone > ZoneOffset.MAX.getTotalSeconds()) {
            throw new ValueConversionException("malformed binary timetz: zone=" + zone);
        }
        return ZoneOffset.ofTotalSeconds(-zone);
    }

    /** Microseconds since 2000-01-01 of a binary timestamp or timestamptz (DT_NOBEGIN/DT_NOEND for infinities). */
    public static long timestampMicrosFromBinary(byte[] b, int off, int len, int oid) {
        requireLength(len, 8, oid);
        return readLong(b, off);
    }

    public static LocalDateTime localDateTime(long pgMicros) {
        if (pgMicros == DT_NOBEGIN) {
            return LocalDateTime.MIN;
        }
        if (pgMicros == DT_NOEND) {
            return LocalDateTime.MAX;
        }
        long seconds = Math.floorDiv(pgMicros, USECS_PER_SEC) + POSTGRES_EPOCH_SECOND;
        int nanos = (int) Math.floorMod(pgMicros, USECS_PER_SEC) * 1000;
        return LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
    }

    public static Instant instant(long pgMicros) {
        if (pgMicros == DT_NOBEGIN) {
            return Instant.MIN;
        }
        if (pgMicros == DT_NOEND) {
            return Instant.MAX;
        }
        return Instant.ofEpochSecond(Math.floorDiv(pgMicros, USECS_PER_SEC) + POSTGRES_EPOCH_SECOND,
                Math.floorMod(pgMicros, USECS_PER_SEC) * 1000);
    }

    public static OffsetDateTime offsetDateTime(long pgMicros) {
        if (pgMicros == DT_NOBEGIN) {
            return OffsetDateTime.MIN;
        }
        if (pgMicros == DT_NOEND) {
            return OffsetDateTime.MAX;
        }
        return OffsetDateTime.of(localDateTime(pgMicros), ZoneOffset.UTC);
    }

    /** LocalTime of microseconds since midnight; 24:00:00 becomes {@link LocalTime#MAX}. */
    public static LocalTime localTime(long micros) {
        return micros == USECS_PER_DAY ? LocalTime.MAX : LocalTime.ofNanoOfDay(micros * 1000);
    }

    // ---- binary encoding --------------------------------------------------------------------

    public static void encodeDate(LocalDate d, PgWriteBuffer out) {
        if (d.equals(LocalDate.MAX)) {
            out.writeInt(DATEVAL_NOEND);
        } else if (d.equals(LocalDate.MIN)) {
            out.writeInt(DATEVAL_NOBEGIN);
        } else {
            long days = d.toEpochDay() - POSTGRES_EPOCH_DAY;
            if (days <= DATEVAL_NOBEGIN || days >= DATEVAL_NOEND) {
                throw new ValueConversionException("date out of range: value=" + d);
            }
            out.writeInt((int) days);
        }
    }

    /** Microseconds since midnight; {@link LocalTime#MAX} is 24:00:00, other values are truncated to microseconds. */
    public static long timeMicros(LocalTime t) {
        return t.equals(LocalTime.MAX) ? USECS_PER_DAY : t.toNanoOfDay() / 1000;
    }

    public static void encodeTime(LocalTime t, PgWriteBuffer out) {
        out.writeLong(timeMicros(t));
    }

    public static void encodeTimetz(OffsetTime t, PgWriteBuffer out) {
        out.writeLong(timeMicros(t.toLocalTime()));
        out.writeInt(-t.getOffset().getTotalSeconds());
    }

    public static void encodeTimestamp(LocalDateTime t, PgWriteBuffer out) {
        if (t.equals(LocalDateTime.MAX)) {
            out.writeLong(DT_NOEND);
        } else if (t.equals(LocalDateTime.MIN)) {
            out.writeLong(DT_NOBEGIN);
        } else {
            out.writeLong(pgMicros(t.toEpochSecond(ZoneOffset.UTC), t.getNano(), t));
        }
    }

    public static void encodeTimestamptz(Instant t, PgWriteBuffer out) {
        if (t.equals(Instant.MAX)) {
            out.writeLong(DT_NOEND);
        } else if (t.equals(Instant.MIN)) {
            out.writeLong(DT_NOBEGIN);
        } else {
            out.writeLong(pgMicros(t.getEpochSecond(), t.getNano(), t));
        }
    }

    public static void encodeTimestamptz(OffsetDateTime t, PgWriteBuffer out) {
        if (t.equals(OffsetDateTime.MAX)) {
            out.writeLong(DT_NOEND);
        } else if (t.equals(OffsetDateTime.MIN)) {
            out.writeLong(DT_NOBEGIN);
        } else {
            encodeTimestamptz(t.toInstant(), out);
        }
    }

    private static long pgMicros(long epochSecond, int nanos, Object value) {
        try {
            long micros = Math.addExact(Math.multiplyExact(epochSecond - POSTGRES_EPOCH_SECOND, USECS_PER_SEC), nanos / 1000);
            if (micros == DT_NOBEGIN || micros == DT_NOEND) {
                throw new ArithmeticException();
            }
            return micros;
        } catch (ArithmeticException e) {
            throw new ValueConversionException("timestamp out of range: value=" + value);
        }
    }

    // ---- text forms (DateStyle ISO) -----------------------------------------------------------

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

    public static String formatTime(long micros) {
        StringBuilder s = new StringBuilder(15);
        appendTime(s, micros);
        return s.toString();
    }

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
        if (pgMicros == DT_NOEND) {
            return "infinity";
        }
        if (pgMicros == DT_NOBEGIN) {
            return "-infinity";
        }
        LocalDateTime t = localDateTime(pgMicros);
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

    public static OffsetTime parseTimetz(String s) {
        TextCodec.Cursor c = new TextCodec.Cursor(s, "timetz");
        long micros = c.time();
        int offset = c.offset();
        c.end();
        return OffsetTime.of(localTime(micros), ZoneOffset.ofTotalSeconds(offset));
    }

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
