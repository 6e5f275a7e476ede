package io.sluice.postgres.internal.codec;

import static io.sluice.postgres.internal.codec.TextCodec.readInt;
import static io.sluice.postgres.internal.codec.TextCodec.readLong;
import static io.sluice.postgres.internal.codec.TextCodec.requireLength;

import io.sluice.ValueConversionException;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
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
 * nanoseconds are truncated to microseconds when written. Text forms: {@link DateTimeTextCodec}.
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

    /** A binary date; DATEVAL_NOBEGIN/NOEND become LocalDate.MIN/MAX. */
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
            throw new ValueConversionException(
                    "malformed binary time: type=" + PgTypes.typeName(oid) + ", micros=" + micros);
        }
        return micros;
    }

    /** The offset of a binary timetz (the wire holds seconds west of UTC). */
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

    /** A timestamp as microseconds since 2000-01-01; the infinities become LocalDateTime.MIN/MAX. */
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

    /** A timestamptz as microseconds since 2000-01-01 UTC; the infinities become Instant.MIN/MAX. */
    public static Instant instant(long pgMicros) {
        if (pgMicros == DT_NOBEGIN) {
            return Instant.MIN;
        }
        if (pgMicros == DT_NOEND) {
            return Instant.MAX;
        }
        return Instant.ofEpochSecond(
                Math.floorDiv(pgMicros, USECS_PER_SEC) + POSTGRES_EPOCH_SECOND,
                Math.floorMod(pgMicros, USECS_PER_SEC) * 1000);
    }

    /** A timestamptz in UTC; the infinities become OffsetDateTime.MIN/MAX. */
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

    /** Writes a binary date; LocalDate.MIN/MAX become -infinity/infinity. Throws ValueConversionException out of range. */
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

    /** Writes a binary time; LocalTime.MAX becomes 24:00:00. */
    public static void encodeTime(LocalTime t, PgWriteBuffer out) {
        out.writeLong(timeMicros(t));
    }

    /** Writes a binary timetz: microseconds, then the zone as seconds west of UTC. */
    public static void encodeTimetz(OffsetTime t, PgWriteBuffer out) {
        out.writeLong(timeMicros(t.toLocalTime()));
        out.writeInt(-t.getOffset().getTotalSeconds());
    }

    /** Writes a binary timestamp; LocalDateTime.MIN/MAX become -infinity/infinity. */
    public static void encodeTimestamp(LocalDateTime t, PgWriteBuffer out) {
        if (t.equals(LocalDateTime.MAX)) {
            out.writeLong(DT_NOEND);
        } else if (t.equals(LocalDateTime.MIN)) {
            out.writeLong(DT_NOBEGIN);
        } else {
            out.writeLong(pgMicros(t.toEpochSecond(ZoneOffset.UTC), t.getNano(), t));
        }
    }

    /** Writes a binary timestamptz (UTC); the MIN/MAX constants become -infinity/infinity. */
    public static void encodeTimestamptz(Instant t, PgWriteBuffer out) {
        if (t.equals(Instant.MAX)) {
            out.writeLong(DT_NOEND);
        } else if (t.equals(Instant.MIN)) {
            out.writeLong(DT_NOBEGIN);
        } else {
            out.writeLong(pgMicros(t.getEpochSecond(), t.getNano(), t));
        }
    }

    /** Writes a binary timestamptz (UTC); the MIN/MAX constants become -infinity/infinity. */
    public static void encodeTimestamptz(OffsetDateTime t, PgWriteBuffer out) {
        if (t.equals(OffsetDateTime.MAX)) {
            out.writeLong(DT_NOEND);
        } else if (t.equals(OffsetDateTime.MIN)) {
            out.writeLong(DT_NOBEGIN);
        } else {
            encodeTimestamptz(t.toInstant(), out);
        }
    }

    /** Microseconds since 2000-01-01 UTC of a timestamptz value (DT_NOEND/DT_NOBEGIN for OffsetDateTime.MAX/MIN). */
    static long timestamptzMicros(OffsetDateTime t) {
        if (t.equals(OffsetDateTime.MAX)) {
            return DT_NOEND;
        }
        if (t.equals(OffsetDateTime.MIN)) {
            return DT_NOBEGIN;
        }
        return pgMicros(t.toEpochSecond(), t.getNano(), t);
    }

    private static long pgMicros(long epochSecond, int nanos, Object value) {
        try {
            long micros =
                    Math.addExact(Math.multiplyExact(epochSecond - POSTGRES_EPOCH_SECOND, USECS_PER_SEC), nanos / 1000);
            if (micros == DT_NOBEGIN || micros == DT_NOEND) {
                throw new ArithmeticException();
            }
            return micros;
        } catch (ArithmeticException e) {
            throw new ValueConversionException("timestamp out of range: value=" + value);
        }
    }
}
