package io.sluice.mysql.internal.codec;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/**
 * Numbers spelt as text, read in place from a row's buffer: the values of a text-protocol row, and the
 * DECIMAL and string columns of a binary one. The fast paths parse ASCII digits without allocating; anything
 * else (fractions, exponents, more than 18 digits) goes to {@link BigDecimal}'s parser. Failures are left to
 * {@link MysqlRow}, which names the column.
 */
final class NumericText {
    private NumericText() {}

    /** Returned by {@link #parseLong} for text that is not a plain integer of at most 18 digits. */
    static final long NOT_PLAIN = Long.MIN_VALUE;

    /**
     * The integer spelt by the {@code n} bytes at {@code p}, an optional sign and 1 to 18 decimal digits, or
     * {@link #NOT_PLAIN} for any other text (no 18-digit value is {@code Long.MIN_VALUE}).
     */
    static long parseLong(byte[] buf, int p, int n) {
        int end = p + n;
        boolean neg = n > 0 && buf[p] == '-';
        int k = neg || (n > 0 && buf[p] == '+') ? p + 1 : p;
        if (k == end || end - k > 18) {
            return NOT_PLAIN;
        }
        long v = 0;
        for (; k < end; k++) {
            int d = buf[k] - '0';
            if (d < 0 || d > 9) {
                return NOT_PLAIN;
            }
            v = v * 10 + d;
        }
        return neg ? -v : v;
    }

    /**
     * The number spelt by the {@code n} bytes at {@code p}: DECIMAL text of up to 18 digits accumulates its
     * unscaled value in a long, so the only allocation is the BigDecimal itself; anything else goes through
     * BigDecimal's parser.
     *
     * @throws NumberFormatException for text that is not a number
     */
    static BigDecimal parseDecimal(byte[] buf, int p, int n) {
        BigDecimal fast = parseDecimalFast(buf, p, n);
        if (fast != null) {
            return fast;
        }
        char[] chars = new char[n];
        for (int k = 0; k < n; k++) {
            chars[k] = (char) (buf[p + k] & 0xff);
        }
        return new BigDecimal(chars);
    }

    /** Fast path of {@link #parseDecimal}; null for anything but a sign, up to 18 digits and one point. */
    private static BigDecimal parseDecimalFast(byte[] buf, int p, int n) {
        int end = p + n;
        int k = p;
        boolean neg = false;
        if (k < end && (buf[k] == '-' || buf[k] == '+')) {
            neg = buf[k] == '-';
            k++;
        }
        long unscaled = 0;
        int digits = 0;
        int scale = -1;
        for (; k < end; k++) {
            int c = buf[k];
            if (c == '.' && scale < 0) {
                scale = 0;
                continue;
            }
            int d = c - '0';
            if (d < 0 || d > 9 || ++digits > 18) {
                return null;
            }
            unscaled = unscaled * 10 + d;
            if (scale >= 0) {
                scale++;
            }
        }
        if (digits == 0) {
            return null;
        }
        return BigDecimal.valueOf(neg ? -unscaled : unscaled, Math.max(scale, 0));
    }

    /**
     * The double spelt by the {@code n} bytes at {@code p}. A FLOAT's text is read as the float it spells, then
     * widened: the value the binary protocol and the server's CAST(f AS DOUBLE) give whenever the text carries
     * the float's digits.
     *
     * @throws NumberFormatException for text that is not a number
     */
    static double parseDouble(byte[] buf, int p, int n, boolean isFloat) {
        String s = new String(buf, p, n, StandardCharsets.ISO_8859_1);
        return isFloat ? (double) Float.parseFloat(s) : Double.parseDouble(s);
    }

    /**
     * A truth value spelt as text, already trimmed: 1 for {@code 1 true t yes y on} or a non-zero number, 0 for
     * {@code 0 false f no n off} or zero (any case), -1 for anything else.
     */
    static int parseBoolean(String s) {
        return switch (s.toLowerCase(java.util.Locale.ROOT)) {
            case "1", "true", "t", "yes", "y", "on" -> 1;
            case "0", "false", "f", "no", "n", "off" -> 0;
            default -> {
                try {
                    yield new BigDecimal(s).signum() != 0 ? 1 : 0;
                } catch (NumberFormatException e) {
                    yield -1;
                }
            }
        };
    }
}
