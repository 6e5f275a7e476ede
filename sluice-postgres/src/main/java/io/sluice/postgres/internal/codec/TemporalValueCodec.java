package io.sluice.postgres.internal.codec;

import static io.sluice.postgres.internal.codec.ValueCodec.isTextLike;
import static io.sluice.postgres.internal.codec.ValueCodec.unsupported;

import io.sluice.Interval;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;

/**
 * The date, time and interval rows of the type table ({@link ValueCodec}): one value converted to each
 * java.time type (and {@link Interval}) a getter asks for, from its own type, a related one (the date
 * of a timestamp, a time as an interval) or parsed text. Never NULL here; unsupported types throw.
 */
final class TemporalValueCodec {
    private TemporalValueCodec() {}

    /** date, the date of a timestamp, or parsed text. */
    static LocalDate toLocalDate(byte[] b, int off, int len, int oid, boolean binary) {
        if (oid == PgTypes.DATE) {
            return binary
                    ? DateTimeCodec.dateFromBinary(b, off, len)
                    : DateTimeTextCodec.parseDate(TextCodec.utf8(b, off, len));
        }
        if (oid == PgTypes.TIMESTAMP) {
            return toLocalDateTime(b, off, len, oid, binary).toLocalDate();
        }
        if (isTextLike(oid)) {
            return DateTimeTextCodec.parseDate(TextCodec.utf8(b, off, len).strip());
        }
        throw unsupported("LocalDate", oid);
    }

    /** time (24:00:00 as LocalTime.MAX), or parsed text. */
    static LocalTime toLocalTime(byte[] b, int off, int len, int oid, boolean binary) {
        if (oid == PgTypes.TIME && binary) {
            return DateTimeCodec.localTime(DateTimeCodec.timeMicrosFromBinary(b, off, len, oid));
        }
        if (oid == PgTypes.TIME || isTextLike(oid)) {
            return DateTimeCodec.localTime(DateTimeTextCodec.parseTimeMicros(
                    TextCodec.utf8(b, off, len).strip()));
        }
        throw unsupported("LocalTime", oid);
    }

    /** timetz with its own offset, or parsed text. */
    static OffsetTime toOffsetTime(byte[] b, int off, int len, int oid, boolean binary) {
        if (oid == PgTypes.TIMETZ && binary) {
            return OffsetTime.of(
                    DateTimeCodec.localTime(DateTimeCodec.timeMicrosFromBinary(b, off, len, oid)),
                    DateTimeCodec.timetzOffsetFromBinary(b, off, len));
        }
        if (oid == PgTypes.TIMETZ || isTextLike(oid)) {
            return DateTimeTextCodec.parseTimetz(TextCodec.utf8(b, off, len).strip());
        }
        throw unsupported("OffsetTime", oid);
    }

    /** timestamp, a date at the start of its day, or parsed text; never timestamptz. */
    static LocalDateTime toLocalDateTime(byte[] b, int off, int len, int oid, boolean binary) {
        if (oid == PgTypes.TIMESTAMP && binary) {
            return DateTimeCodec.localDateTime(DateTimeCodec.timestampMicrosFromBinary(b, off, len, oid));
        }
        if (oid == PgTypes.DATE) {
            LocalDate d = toLocalDate(b, off, len, oid, binary);
            return d.equals(LocalDate.MAX)
                    ? LocalDateTime.MAX
                    : d.equals(LocalDate.MIN) ? LocalDateTime.MIN : d.atStartOfDay();
        }
        if (oid == PgTypes.TIMESTAMP || isTextLike(oid)) {
            return DateTimeTextCodec.parseTimestamp(TextCodec.utf8(b, off, len).strip());
        }
        throw unsupported("LocalDateTime", oid);
    }

    /** timestamptz in UTC (text carries the session offset), or parsed text. */
    static OffsetDateTime toOffsetDateTime(byte[] b, int off, int len, int oid, boolean binary) {
        if (oid == PgTypes.TIMESTAMPTZ && binary) {
            return DateTimeCodec.offsetDateTime(DateTimeCodec.timestampMicrosFromBinary(b, off, len, oid));
        }
        if (oid == PgTypes.TIMESTAMPTZ || isTextLike(oid)) {
            return DateTimeTextCodec.parseTimestamptz(
                    TextCodec.utf8(b, off, len).strip());
        }
        throw unsupported("OffsetDateTime", oid);
    }

    /** timestamptz as an instant; the infinities become Instant.MIN/MAX. */
    static Instant toInstant(byte[] b, int off, int len, int oid, boolean binary) {
        if (oid == PgTypes.TIMESTAMPTZ && binary) {
            return DateTimeCodec.instant(DateTimeCodec.timestampMicrosFromBinary(b, off, len, oid));
        }
        OffsetDateTime t = toOffsetDateTime(b, off, len, oid, binary);
        return t.equals(OffsetDateTime.MAX) ? Instant.MAX : t.equals(OffsetDateTime.MIN) ? Instant.MIN : t.toInstant();
    }

    /** interval (any IntervalStyle in text), a time as a duration since midnight, or parsed text. */
    static Interval toInterval(byte[] b, int off, int len, int oid, boolean binary) {
        if (oid == PgTypes.INTERVAL) {
            return binary
                    ? IntervalCodec.decodeBinary(b, off, len)
                    : IntervalTextCodec.parse(TextCodec.utf8(b, off, len));
        }
        if (oid == PgTypes.TIME) {
            long micros = binary
                    ? DateTimeCodec.timeMicrosFromBinary(b, off, len, oid)
                    : DateTimeTextCodec.parseTimeMicros(TextCodec.utf8(b, off, len));
            return new Interval(0, 0, micros);
        }
        if (isTextLike(oid)) {
            return IntervalTextCodec.parse(TextCodec.utf8(b, off, len).strip());
        }
        throw unsupported("Interval", oid);
    }
}
