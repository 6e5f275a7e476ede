package io.sluice.postgres.internal.codec;

import static io.sluice.postgres.internal.codec.TextCodec.readInt;
import static io.sluice.postgres.internal.codec.TextCodec.readLong;
import static io.sluice.postgres.internal.codec.TextCodec.requireLength;

import io.sluice.Interval;
import io.sluice.ValueConversionException;
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
 * Text: IntervalStyle {@code postgres} (the server default), e.g. {@code 1 year 2 mons -3 days +04:05:06.5}.
 */
public final class IntervalCodec {
    public static final int SIZE = 16;
    private static final long USECS_PER_SEC = 1_000_000L;
    private static final long USECS_PER_MINUTE = 60 * USECS_PER_SEC;
    private static final long USECS_PER_HOUR = 60 * USECS_PER_MINUTE;

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

    public static Interval decodeBinary(byte[] b, int off, int len) {
        requireLength(len, SIZE, PgTypes.INTERVAL);
        return new Interval(readInt(b, monthsOffset(off)), readInt(b, daysOffset(off)), readLong(b, timeOffset(off)));
    }

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

    /** The interval as PostgreSQL prints it with IntervalStyle postgres. */
    public static String format(Interval v) {
        int year = v.months() / 12;
        int mon = v.months() % 12;
        int mday = v.days();
        long time = v.micros();
        long hour = time / USECS_PER_HOUR;
        time -= hour * USECS_PER_HOUR;
        long min = time / USECS_PER_MINUTE;
        time -= min * USECS_PER_MINUTE;
        long sec = time / USECS_PER_SEC;
        long fsec = time - sec * USECS_PER_SEC;
        StringBuilder s = new StringBuilder(40);
        boolean[] state = {true, false}; // is_zero, is_before as in EncodeInterval
        addPart(s, year, "year", state);
        addPart(s, mon, "mon", state);
        addPart(s, mday, "day", state);
        if (state[0] || hour != 0 || min != 0 || sec != 0 || fsec != 0) {
            boolean minus = hour < 0 || min < 0 || sec < 0 || fsec < 0;
            if (!state[0]) {
                s.append(' ');
            }
            s.append(minus ? "-" : state[1] ? "+" : "");
            pad2(s, Math.abs(hour)).append(':');
            pad2(s, Math.abs(min)).append(':');
            pad2(s, Math.abs(sec));
            DateTimeTextCodec.appendFraction(s, Math.abs(fsec));
        }
        return s.toString();
    }

    private static void addPart(StringBuilder s, int value, String unit, boolean[] state) {
        if (value == 0) {
            return;
        }
        if (!state[0]) {
            s.append(' ');
        }
        if (state[1] && value > 0) {
            s.append('+');
        }
        s.append(value).append(' ').append(unit);
        if (value != 1) {
            s.append('s');
        }
        state[1] = value < 0;
        state[0] = false;
    }

    private static StringBuilder pad2(StringBuilder s, long v) {
        return (v < 10 ? s.append('0') : s).append(v);
    }

    /** Parses interval text in IntervalStyle postgres. */
    public static Interval parse(String text) {
        TextCodec.Cursor c = new TextCodec.Cursor(text, "interval");
        long months = 0;
        long days = 0;
        long micros = 0;
        boolean first = true;
        try {
            while (!c.atEnd()) {
                if (!first) {
                    c.expect(' ');
                }
                first = false;
                int sign = c.accept('-') ? -1 : 1;
                if (sign == 1) {
                    c.accept('+');
                }
                long n = c.digits(1);
                if (c.accept(':')) {
                    long m = c.digits(2);
                    c.expect(':');
                    long sec = c.digits(2);
                    long fraction = c.fraction();
                    long t = Math.addExact(Math.multiplyExact(sign * n, USECS_PER_HOUR),
                            sign * (m * USECS_PER_MINUTE + sec * USECS_PER_SEC + fraction));
                    micros = Math.addExact(micros, t);
                    continue;
                }
                c.expect(' ');
                long v = sign * n;
                if (c.accept('y')) {
                    expectWord(c, "ear");
                    months = Math.addExact(months, Math.multiplyExact(v, 12));
                } else if (c.accept('m')) {
                    expectWord(c, "on");
                    months = Math.addExact(months, v);
                } else if (c.accept('d')) {
                    expectWord(c, "ay");
                    days = Math.addExact(days, v);
                } else {
                    throw c.error();
                }
                c.accept('s');
            }
            return new Interval(Math.toIntExact(months), Math.toIntExact(days), micros);
        } catch (ArithmeticException e) {
            throw c.error();
        }
    }

    private static void expectWord(TextCodec.Cursor c, String rest) {
        for (int i = 0; i < rest.length(); i++) {
            c.expect(rest.charAt(i));
        }
    }
}
