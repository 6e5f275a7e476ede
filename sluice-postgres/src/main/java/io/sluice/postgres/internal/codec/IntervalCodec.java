package io.sluice.postgres.internal.codec;

import static io.sluice.postgres.internal.codec.TextCodec.readInt;
import static io.sluice.postgres.internal.codec.TextCodec.readLong;
import static io.sluice.postgres.internal.codec.TextCodec.requireLength;

import io.sluice.Interval;
import io.sluice.ValueConversionException;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import java.time.Duration;

/**
 * interval in both formats ({@code interval_send}, {@code EncodeInterval} in {@code timestamp.c} and
 * {@code datetime.c}), mapped exactly to {@link Interval}. Binary layout:
 *
 * <pre>
 *  0                 8            12            16
 *  +-----------------+------------+-------------+
 *  | int64 time (us) | int32 days | int32 months|
 *  +-----------------+------------+-------------+
 * </pre>
 *
 * Text forms: {@link IntervalTextCodec}.
 */
public final class IntervalCodec {
    public static final int SIZE = 16;

    private IntervalCodec() {}

    static int timeOffset(int value) {
        return value;
    }

    static int daysOffset(int value) {
        return value + 8;
    }

    static int monthsOffset(int value) {
        return value + 12;
    }

    /** A binary interval, exactly. */
    public static Interval decodeBinary(byte[] b, int off, int len) {
        requireLength(len, SIZE, PgTypes.INTERVAL);
        return new Interval(readInt(b, monthsOffset(off)), readInt(b, daysOffset(off)), readLong(b, timeOffset(off)));
    }

    /** Writes a binary interval. */
    public static void encode(Interval v, PgWriteBuffer out) {
        out.writeLong(v.micros());
        out.writeInt(v.days());
        out.writeInt(v.months());
    }

    /** A Duration as an interval of microseconds only (no days, no months); nanoseconds are truncated. */
    public static void encode(Duration d, PgWriteBuffer out) {
        Interval v;
        try {
            v = Interval.of(d);
        } catch (ArithmeticException e) {
            throw new ValueConversionException("duration out of range for interval: value=" + d);
        }
        encode(v, out);
    }
}
