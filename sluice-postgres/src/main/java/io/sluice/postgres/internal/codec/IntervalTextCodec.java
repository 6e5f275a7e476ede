package io.sluice.postgres.internal.codec;

import io.sluice.Interval;

/**
 * The text forms of interval ({@code EncodeInterval}/{@code DecodeInterval} in {@code datetime.c}).
 * Rendering uses IntervalStyle {@code postgres}, the server default. Parsing accepts all four styles,
 * since a session may change IntervalStyle and text results then follow it:
 *
 * <pre>
 *  postgres          1 year 2 mons -3 days +04:05:06.5
 *  postgres_verbose  @ 1 year 2 mons -3 days 4 hours 5 mins 6.5 secs     (trailing "ago" negates all)
 *  sql_standard      +1-2 -3 +4:05:06.5                                  (a lone leading sign applies to all)
 *  iso_8601          P1Y2M-3DT4H5M6.5S
 * </pre>
 */
public final class IntervalTextCodec {
    private static final long USECS_PER_SEC = 1_000_000L;
    private static final long USECS_PER_MINUTE = 60 * USECS_PER_SEC;
    private static final long USECS_PER_HOUR = 60 * USECS_PER_MINUTE;

    private IntervalTextCodec() {}

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

    /** Parses interval text in any IntervalStyle (recognised by its shape). */
    public static Interval parse(String text) {
        TextCodec.Cursor c = new TextCodec.Cursor(text, "interval");
        Sum sum = new Sum();
        try {
            if (text.startsWith("@")) {
                parseVerbose(c, sum);
            } else if (text.startsWith("P")) {
                parseIso(c, sum);
            } else if (text.chars().noneMatch(Character::isLetter)) {
                parseSqlStandard(text, sum, c);
            } else {
                parsePostgres(c, sum);
            }
            return sum.toInterval();
        } catch (ArithmeticException e) {
            throw c.error();
        }
    }

    /** Exact accumulation of the three fields; overflow throws ArithmeticException. */
    private static final class Sum {
        long months;
        long days;
        long micros;

        void time(long sign, long whole, long unitMicros, long fractionMicros) {
            micros = Math.addExact(
                    micros, Math.addExact(Math.multiplyExact(sign * whole, unitMicros), sign * fractionMicros));
        }

        Interval toInterval() {
            return new Interval(Math.toIntExact(months), Math.toIntExact(days), micros);
        }
    }

    private static int sign(TextCodec.Cursor c) {
        if (c.accept('-')) {
            return -1;
        }
        c.accept('+');
        return 1;
    }

    /** {@code H:MM[:SS[.f]]} after the hours have been read. */
    private static void timeAfterHours(TextCodec.Cursor c, Sum sum, int sign, long hours) {
        long m = c.digits(2);
        long sec = 0;
        long fraction = 0;
        if (c.accept(':')) {
            sec = c.digits(2);
            fraction = c.fraction();
        }
        sum.time(sign, hours, USECS_PER_HOUR, m * USECS_PER_MINUTE + sec * USECS_PER_SEC + fraction);
    }

    private static void parsePostgres(TextCodec.Cursor c, Sum sum) {
        boolean first = true;
        while (!c.atEnd()) {
            if (!first) {
                c.expect(' ');
            }
            first = false;
            int sign = sign(c);
            long n = c.digits(1);
            if (c.accept(':')) {
                timeAfterHours(c, sum, sign, n);
                continue;
            }
            c.expect(' ');
            unit(c, sum, c.word(), sign, n, 0);
        }
    }

    private static void parseVerbose(TextCodec.Cursor c, Sum sum) {
        c.expect('@');
        Sum own = new Sum();
        boolean ago = false;
        while (!c.atEnd()) {
            c.expect(' ');
            if (c.peek() == 'a') {
                if (!c.word().equals("ago")) {
                    throw c.error();
                }
                ago = true;
                break;
            }
            int sign = sign(c);
            long n = c.digits(1);
            long fraction = c.fraction();
            if (c.atEnd()) { // "@ 0": a bare number is seconds
                own.time(sign, n, USECS_PER_SEC, fraction);
                break;
            }
            c.expect(' ');
            unit(c, own, c.word(), sign, n, fraction);
        }
        c.end();
        int k = ago ? -1 : 1;
        sum.months = Math.multiplyExact(own.months, k);
        sum.days = Math.multiplyExact(own.days, k);
        sum.micros = Math.multiplyExact(own.micros, k);
    }

    /** Adds {@code sign * n[.fraction] unit}; only seconds may carry a fraction. */
    private static void unit(TextCodec.Cursor c, Sum sum, String unit, int sign, long n, long fraction) {
        String u = unit.endsWith("s") ? unit.substring(0, unit.length() - 1) : unit;
        if (fraction != 0 && !u.equals("sec")) {
            throw c.error();
        }
        switch (u) {
            case "year" -> sum.months = Math.addExact(sum.months, Math.multiplyExact(sign * n, 12));
            case "mon" -> sum.months = Math.addExact(sum.months, sign * n);
            case "day" -> sum.days = Math.addExact(sum.days, sign * n);
            case "hour" -> sum.time(sign, n, USECS_PER_HOUR, 0);
            case "min" -> sum.time(sign, n, USECS_PER_MINUTE, 0);
            case "sec" -> sum.time(sign, n, USECS_PER_SEC, fraction);
            default -> throw c.error();
        }
    }

    private static void parseIso(TextCodec.Cursor c, Sum sum) {
        c.expect('P');
        boolean time = false;
        boolean any = false;
        while (!c.atEnd()) {
            if (!time && c.accept('T')) {
                time = true;
                continue;
            }
            int sign = sign(c);
            long n = c.digits(1);
            long fraction = c.fraction();
            char designator = c.peek();
            c.expect(designator);
            any = true;
            if (fraction != 0 && !(time && designator == 'S')) {
                throw c.error();
            }
            if (!time) {
                switch (designator) {
                    case 'Y' -> sum.months = Math.addExact(sum.months, Math.multiplyExact(sign * n, 12));
                    case 'M' -> sum.months = Math.addExact(sum.months, sign * n);
                    case 'W' -> sum.days = Math.addExact(sum.days, Math.multiplyExact(sign * n, 7));
                    case 'D' -> sum.days = Math.addExact(sum.days, sign * n);
                    default -> throw c.error();
                }
            } else {
                switch (designator) {
                    case 'H' -> sum.time(sign, n, USECS_PER_HOUR, 0);
                    case 'M' -> sum.time(sign, n, USECS_PER_MINUTE, 0);
                    case 'S' -> sum.time(sign, n, USECS_PER_SEC, fraction);
                    default -> throw c.error();
                }
            }
        }
        if (!any) {
            throw c.error();
        }
    }

    /**
     * sql_standard: space-separated {@code Y-M}, {@code D} and {@code H:MM:SS} fields, each optionally
     * signed; when only the first field carries a sign, that sign applies to every field.
     */
    private static void parseSqlStandard(String text, Sum sum, TextCodec.Cursor whole) {
        String[] fields = text.split(" ", -1);
        boolean laterSigned = false;
        for (int i = 1; i < fields.length; i++) {
            laterSigned |= !fields[i].isEmpty() && (fields[i].charAt(0) == '-' || fields[i].charAt(0) == '+');
        }
        boolean negateAll = fields.length > 1 && fields[0].startsWith("-") && !laterSigned;
        for (String field : fields) {
            TextCodec.Cursor c = new TextCodec.Cursor(field, "interval");
            int sign = sign(c);
            if (negateAll) {
                sign = -1;
            }
            long n = c.digits(1);
            if (c.accept(':')) {
                timeAfterHours(c, sum, sign, n);
            } else if (c.accept('-')) {
                long months = c.digits(1);
                if (months > 11) {
                    throw whole.error();
                }
                sum.months = Math.addExact(sum.months, sign * Math.addExact(Math.multiplyExact(n, 12), months));
            } else {
                sum.days = Math.addExact(sum.days, sign * n);
            }
            if (!c.atEnd()) {
                throw whole.error();
            }
        }
    }
}
