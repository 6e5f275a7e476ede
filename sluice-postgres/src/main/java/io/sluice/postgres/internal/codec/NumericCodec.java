package io.sluice.postgres.internal.codec;

import static io.sluice.postgres.internal.codec.TextCodec.readShort;

import io.sluice.ValueConversionException;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.HashMap;
import java.util.Map;

/**
 * numeric in both formats, exact in both directions ({@code numeric_send}/{@code numeric_recv} in
 * {@code src/backend/utils/adt/numeric.c}). Binary layout, all big-endian:
 *
 * <pre>
 *  0         2        4        6        8
 *  +---------+--------+--------+--------+---------------------------------+
 *  | ndigits | weight |  sign  | dscale | ndigits x int16 digit, base 10000 |
 *  | uint16  | int16  | uint16 | uint16 | most significant first           |
 *  +---------+--------+--------+--------+---------------------------------+
 * </pre>
 *
 * value = sign x sum(digit[i] x 10000^(weight - i)); dscale is the number of decimal digits shown after
 * the point. sign: 0x0000 positive, 0x4000 negative, 0xC000 NaN, 0xD000 +Infinity, 0xF000 -Infinity
 * (PostgreSQL 14+). BigDecimal has no NaN or infinity: those throw {@link ValueConversionException}
 * naming the value; {@link #binaryToDouble} maps them to the double ones.
 */
public final class NumericCodec {
    public static final int NUMERIC_POS = 0x0000;
    public static final int NUMERIC_NEG = 0x4000;
    public static final int NUMERIC_NAN = 0xC000;
    public static final int NUMERIC_PINF = 0xD000;
    public static final int NUMERIC_NINF = 0xF000;
    /** The largest display scale PostgreSQL stores (NUMERIC_DSCALE_MAX). */
    public static final int NUMERIC_DSCALE_MAX = 0x3FFF;

    public static final int NBASE = 10000;
    public static final int HEADER_SIZE = 8;

    private static final long[] POW10 = new long[19];
    private static final BigInteger NBASE_BIG = BigInteger.valueOf(NBASE);
    private static final BigInteger BILLION = BigInteger.valueOf(1_000_000_000);
    /** Below this length BigDecimal's own parser is as fast (its cost is quadratic only for long text). */
    private static final int PLAIN_PARSE_THRESHOLD = 500;

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    private NumericCodec() {}

    static int ndigitsOffset(int value) {
        return value;
    }

    static int weightOffset(int value) {
        return value + 2;
    }

    static int signOffset(int value) {
        return value + 4;
    }

    static int dscaleOffset(int value) {
        return value + 6;
    }

    static int digitOffset(int value, int i) {
        return value + HEADER_SIZE + 2 * i;
    }

    /** The special value's name (NaN, Infinity, -Infinity) of a binary numeric, or null when it is a number. */
    static String specialName(byte[] b, int off, int len) {
        if (len < HEADER_SIZE) {
            throw malformed("value shorter than header", len);
        }
        return switch (readShort(b, signOffset(off)) & 0xFFFF) {
            case NUMERIC_POS, NUMERIC_NEG -> null;
            case NUMERIC_NAN -> "NaN";
            case NUMERIC_PINF -> "Infinity";
            case NUMERIC_NINF -> "-Infinity";
            default ->
                throw malformed("unknown sign 0x" + Integer.toHexString(readShort(b, signOffset(off)) & 0xFFFF), len);
        };
    }

    /** The digit count of a finite binary numeric, once its length and dscale are checked. */
    private static int checkedNdigits(byte[] b, int off, int len) {
        int ndigits = readShort(b, ndigitsOffset(off)) & 0xFFFF;
        if (len != HEADER_SIZE + 2 * ndigits) {
            throw malformed("length does not match ndigits=" + ndigits, len);
        }
        int dscale = readShort(b, dscaleOffset(off)) & 0xFFFF;
        if (dscale > NUMERIC_DSCALE_MAX) {
            throw malformed("dscale out of range: " + dscale, len);
        }
        return ndigits;
    }

    /** Decodes a binary numeric exactly (scale = dscale). */
    public static BigDecimal decodeBinary(byte[] b, int off, int len) {
        String special = specialName(b, off, len);
        if (special != null) {
            throw noBigDecimal(special);
        }
        int ndigits = checkedNdigits(b, off, len);
        int weight = readShort(b, weightOffset(off));
        boolean negative = (readShort(b, signOffset(off)) & 0xFFFF) == NUMERIC_NEG;
        int dscale = readShort(b, dscaleOffset(off)) & 0xFFFF;
        if (ndigits == 0) {
            return BigDecimal.valueOf(0, dscale);
        }
        int groupScale = 4 * (ndigits - 1 - weight);
        int shift = dscale - groupScale;
        if (ndigits <= 4) {
            // Fast path (numeric(10,2) and friends): the digits fit a long, no BigInteger.
            long a = 0;
            for (int i = 0; i < ndigits; i++) {
                a = a * NBASE + digit(b, off, i, len);
            }
            if (shift >= 0 && shift < POW10.length && a <= Long.MAX_VALUE / POW10[shift]) {
                return BigDecimal.valueOf(negative ? -a * POW10[shift] : a * POW10[shift], dscale);
            }
            if (shift < 0 && -shift < POW10.length && a % POW10[-shift] == 0) {
                long u = a / POW10[-shift];
                return BigDecimal.valueOf(negative ? -u : u, dscale);
            }
        }
        return decodeSlow(b, off, len, ndigits, negative, groupScale, dscale);
    }

    private static BigDecimal decodeSlow(
            byte[] b, int off, int len, int ndigits, boolean negative, int groupScale, int dscale) {
        int[] groups = new int[ndigits];
        for (int i = 0; i < ndigits; i++) {
            groups[i] = digit(b, off, i, len);
        }
        BigInteger a = combine(groups, 0, ndigits, NBASE_BIG, new HashMap<>());
        BigDecimal value = new BigDecimal(negative ? a.negate() : a, groupScale);
        try {
            return value.setScale(dscale, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw malformed("digits beyond dscale=" + dscale, len);
        }
    }

    /**
     * The integer whose digits in {@code base} are {@code chunks[from, to)}, most significant first.
     * Divide and conquer, so that the multiplications are between numbers of similar size and the JDK's
     * Karatsuba/Toom-Cook applies: a 131072-digit numeric takes milliseconds, where digit-by-digit
     * accumulation (or {@code new BigInteger(String)}) takes about a second.
     */
    static BigInteger combine(int[] chunks, int from, int to, BigInteger base, Map<Integer, BigInteger> powers) {
        int n = to - from;
        if (n <= 2) {
            long v = 0;
            for (int i = from; i < to; i++) {
                v = v * base.longValue() + chunks[i];
            }
            return BigInteger.valueOf(v);
        }
        int lowCount = n / 2;
        BigInteger high = combine(chunks, from, to - lowCount, base, powers);
        BigInteger low = combine(chunks, to - lowCount, to, base, powers);
        return high.multiply(powers.computeIfAbsent(lowCount, base::pow)).add(low);
    }

    /**
     * Parses plain decimal text ({@code -123.4500}, as the server prints numeric) of any length in
     * sub-quadratic time; null when the text is not of that form (the caller then uses BigDecimal's parser).
     */
    static BigDecimal parsePlainDigits(String s) {
        int start = s.charAt(0) == '-' || s.charAt(0) == '+' ? 1 : 0;
        int point = -1;
        int[] chunks = new int[(s.length() + 8) / 9];
        int count = 0;
        int digitCount = 0;
        for (int i = start; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '.' && point < 0) {
                point = i;
            } else if (c < '0' || c > '9') {
                return null;
            } else {
                digitCount++;
            }
        }
        if (digitCount == 0) {
            return null;
        }
        // Chunks of 9 digits from the right; the first (most significant) chunk may be shorter.
        int firstLen = digitCount % 9 == 0 ? 9 : digitCount % 9;
        int v = 0;
        int inChunk = 0;
        int chunkLen = firstLen;
        for (int i = start; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '.') {
                continue;
            }
            v = v * 10 + (c - '0');
            if (++inChunk == chunkLen) {
                chunks[count++] = v;
                v = 0;
                inChunk = 0;
                chunkLen = 9;
            }
        }
        BigInteger unscaled = combine(chunks, 0, count, BILLION, new HashMap<>());
        int scale = point < 0 ? 0 : s.length() - point - 1;
        return new BigDecimal(s.charAt(0) == '-' ? unscaled.negate() : unscaled, scale);
    }

    private static int digit(byte[] b, int off, int i, int len) {
        int d = readShort(b, digitOffset(off, i));
        if (d < 0 || d >= NBASE) {
            throw malformed("digit out of range: " + d, len);
        }
        return d;
    }

    /** A binary numeric as a double; NaN and the infinities map to the double ones. */
    public static double binaryToDouble(byte[] b, int off, int len) {
        String special = specialName(b, off, len);
        if (special != null) {
            return switch (special) {
                case "NaN" -> Double.NaN;
                case "Infinity" -> Double.POSITIVE_INFINITY;
                default -> Double.NEGATIVE_INFINITY;
            };
        }
        return decodeBinary(b, off, len).doubleValue();
    }

    /** A binary numeric as PostgreSQL's text form: plain digits with dscale decimals, or NaN, Infinity, -Infinity. */
    public static String binaryToText(byte[] b, int off, int len) {
        String special = specialName(b, off, len);
        return special != null ? special : decodeBinary(b, off, len).toPlainString();
    }

    /**
     * The most bytes {@link #binaryToAscii} writes for this value: sign, integer groups, point and
     * dscale decimals, plus a group's overshoot.
     */
    public static int maxAsciiLength(byte[] b, int off, int len) {
        if (len < HEADER_SIZE) {
            throw malformed("value shorter than header", len);
        }
        int weight = readShort(b, weightOffset(off));
        int dscale = readShort(b, dscaleOffset(off)) & 0xFFFF;
        return 16 + 4 * Math.max(weight + 1, 1) + dscale;
    }

    /**
     * Writes a binary numeric as ASCII into {@code out}, the same text as {@link #binaryToText}
     * (PostgreSQL's {@code numeric_out}: plain digits with dscale decimals, or NaN, Infinity,
     * -Infinity) without a BigDecimal or a String; returns the length. {@code out} holds at least
     * {@link #maxAsciiLength} bytes. Malformed input throws as {@link #decodeBinary} does.
     */
    public static int binaryToAscii(byte[] b, int off, int len, byte[] out) {
        String special = specialName(b, off, len);
        if (special != null) {
            for (int i = 0; i < special.length(); i++) {
                out[i] = (byte) special.charAt(i);
            }
            return special.length();
        }
        int ndigits = checkedNdigits(b, off, len);
        int weight = readShort(b, weightOffset(off));
        boolean negative = (readShort(b, signOffset(off)) & 0xFFFF) == NUMERIC_NEG;
        int dscale = readShort(b, dscaleOffset(off)) & 0xFFFF;
        int at = 0;
        if (negative) {
            out[at++] = '-'; // taken back below if every digit is zero, as BigDecimal has no -0
        }
        boolean nonZero = false;
        for (int d = 0; d <= weight; d++) {
            int digit = d < ndigits ? digit(b, off, d, len) : 0;
            if (nonZero) {
                at = put4(digit, out, at);
            } else if (digit != 0) {
                at = putUnpadded(digit, out, at);
                nonZero = true;
            }
        }
        if (!nonZero) {
            out[at++] = '0';
        }
        int d = weight + 1;
        if (dscale > 0) {
            out[at++] = '.';
            int end = at + dscale;
            for (; at < end; d++) {
                int digit = d >= 0 && d < ndigits ? digit(b, off, d, len) : 0;
                nonZero |= digit != 0;
                at = put4(digit, out, at);
            }
            for (int i = end; i < at; i++) {
                if (out[i] != '0') {
                    throw malformed("digits beyond dscale=" + dscale, len);
                }
            }
            at = end;
        }
        for (d = Math.max(d, 0); d < ndigits; d++) {
            if (digit(b, off, d, len) != 0) {
                throw malformed("digits beyond dscale=" + dscale, len);
            }
        }
        if (negative && !nonZero) {
            System.arraycopy(out, 1, out, 0, --at);
        }
        return at;
    }

    private static int put4(int digit, byte[] out, int at) {
        out[at] = (byte) ('0' + digit / 1000);
        out[at + 1] = (byte) ('0' + digit / 100 % 10);
        out[at + 2] = (byte) ('0' + digit / 10 % 10);
        out[at + 3] = (byte) ('0' + digit % 10);
        return at + 4;
    }

    private static int putUnpadded(int digit, byte[] out, int at) {
        int width = digit >= 1000 ? 4 : digit >= 100 ? 3 : digit >= 10 ? 2 : 1;
        for (int i = at + width - 1; i >= at; i--) {
            out[i] = (byte) ('0' + digit % 10);
            digit /= 10;
        }
        return at + width;
    }

    /** Parses numeric text; NaN, Infinity and -Infinity throw {@link ValueConversionException}. */
    public static BigDecimal parseText(byte[] b, int off, int len) {
        String s = TextCodec.utf8(b, off, len).strip();
        if (s.equals("NaN") || s.equals("Infinity") || s.equals("-Infinity")) {
            throw noBigDecimal(s);
        }
        if (s.length() > PLAIN_PARSE_THRESHOLD) {
            BigDecimal plain = parsePlainDigits(s);
            if (plain != null) {
                return plain;
            }
        }
        try {
            return new BigDecimal(s);
        } catch (NumberFormatException e) {
            throw new ValueConversionException("text is not a number: type=numeric, value=" + s);
        }
    }

    /**
     * Writes {@code value} in binary format. A negative scale is written as scale 0 (the same number).
     *
     * @throws ValueConversionException if the scale exceeds 16383 or the weight does not fit int16
     */
    public static void encode(BigDecimal value, PgWriteBuffer out) {
        if (value.scale() < 0) {
            value = value.setScale(0, RoundingMode.UNNECESSARY);
        }
        int scale = value.scale();
        if (scale > NUMERIC_DSCALE_MAX) {
            throw new ValueConversionException(
                    "numeric scale out of range: scale=" + scale + ", max=" + NUMERIC_DSCALE_MAX);
        }
        if (value.signum() == 0) {
            writeHeader(out, 0, 0, NUMERIC_POS, scale);
            return;
        }
        String digits = value.unscaledValue().abs().toString();
        int intDigits = digits.length() - scale;
        int leftPad = Math.floorMod(-intDigits, 4);
        int rightPad = Math.floorMod(-scale, 4);
        int total = leftPad + digits.length() + rightPad;
        int groups = total / 4;
        int weight = Math.floorDiv(intDigits + leftPad, 4) - 1;
        int[] g = new int[groups];
        for (int i = 0; i < groups; i++) {
            int v = 0;
            for (int k = 0; k < 4; k++) {
                int p = 4 * i + k - leftPad;
                v = v * 10 + (p >= 0 && p < digits.length() ? digits.charAt(p) - '0' : 0);
            }
            g[i] = v;
        }
        int first = 0;
        while (first < groups && g[first] == 0) {
            first++;
            weight--;
        }
        int last = groups;
        while (last > first && g[last - 1] == 0) {
            last--;
        }
        int ndigits = last - first;
        if (weight < Short.MIN_VALUE || weight > Short.MAX_VALUE || ndigits > 0xFFFF) {
            throw new ValueConversionException(
                    "numeric value out of range: precision=" + value.precision() + ", scale=" + scale);
        }
        writeHeader(out, ndigits, weight, value.signum() < 0 ? NUMERIC_NEG : NUMERIC_POS, scale);
        for (int i = first; i < last; i++) {
            out.writeShort(g[i]);
        }
    }

    /** Writes a special value: NaN, +Infinity or -Infinity (sign = NUMERIC_NAN, NUMERIC_PINF, NUMERIC_NINF). */
    public static void encodeSpecial(int sign, PgWriteBuffer out) {
        writeHeader(out, 0, 0, sign, 0);
    }

    private static void writeHeader(PgWriteBuffer out, int ndigits, int weight, int sign, int dscale) {
        out.writeShort(ndigits);
        out.writeShort(weight);
        out.writeShort(sign);
        out.writeShort(dscale);
    }

    private static ValueConversionException noBigDecimal(String special) {
        return new ValueConversionException("numeric value has no BigDecimal form: type=numeric, value=" + special
                + " (read it with getDouble or getString)");
    }

    private static ValueConversionException malformed(String why, int len) {
        return new ValueConversionException("malformed binary numeric: reason=" + why + ", length=" + len);
    }
}
