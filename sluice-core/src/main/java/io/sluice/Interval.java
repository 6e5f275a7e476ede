package io.sluice;

import java.time.Duration;

/**
 * A span of time as SQL databases keep it: months, days and microseconds, each signed and
 * independent (a month has no fixed number of days, nor a day a fixed number of microseconds under
 * daylight saving). PostgreSQL's {@code interval} maps here exactly; MySQL's {@code TIME} maps to
 * months = days = 0.
 */
public record Interval(int months, int days, long micros) {

    /** The zero interval. */
    public static final Interval ZERO = new Interval(0, 0, 0);

    /** An interval of exactly {@code duration}, at microsecond precision (nanoseconds are truncated). */
    public static Interval of(Duration duration) {
        long micros = Math.addExact(Math.multiplyExact(duration.getSeconds(), 1_000_000L), duration.getNano() / 1_000);
        return new Interval(0, 0, micros);
    }

    /**
     * This interval as an exact duration, counting a day as 24 hours.
     *
     * @throws ValueConversionException if {@link #months()} is not zero
     */
    public Duration toDuration() {
        if (months != 0) {
            throw new ValueConversionException("interval has no exact duration: months=" + months);
        }
        // plus(micros, MICROS) splits into seconds and nanoseconds: micros * 1000 overflows a long past
        // about 2,562,047 hours, which a Duration (and an interval) still holds.
        return Duration.ofDays(days).plus(micros, java.time.temporal.ChronoUnit.MICROS);
    }
}
