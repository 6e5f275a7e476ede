package io.sluice.postgres.internal.codec;

import io.sluice.ValueConversionException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * float4/float8 text forms. PostgreSQL (12+, {@code extra_float_digits > 0}, the default) prints the
 * shortest decimal that reads back exactly: fixed notation when the decimal exponent is in
 * {@code [-4, 15)} for float8 ({@code [-4, 6)} for float4), else {@code d.ddde+XX}; {@code NaN},
 * {@code Infinity}, {@code -Infinity}, {@code -0}. The JDK's {@code Double.toString} gives the same
 * shortest digits (JDK 19+), so only the layout is redone here.
 */
public final class FloatCodec {
    private static final BigDecimal TWO = BigDecimal.valueOf(2);

    private FloatCodec() {}

    /** Parses PostgreSQL's float text (also integer and numeric text), incl. NaN and the infinities. */
    public static double parse(byte[] b, int off, int len, int oid) {
        String s = TextCodec.utf8(b, off, len).strip();
        switch (s) {
            case "NaN" -> {
                return Double.NaN;
            }
            case "Infinity", "inf", "+Infinity", "+inf" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-Infinity", "-inf" -> {
                return Double.NEGATIVE_INFINITY;
            }
            default -> {
                // Double.parseDouble accepts a trailing 'd'/'f' and hex; PostgreSQL never sends those.
                if (s.isEmpty() || !isDecimal(s)) {
                    throw new ValueConversionException(
                            "text is not a number: type=" + PgTypes.typeName(oid) + ", value=" + s);
                }
                return Double.parseDouble(s);
            }
        }
    }

    private static boolean isDecimal(String s) {
        boolean digit = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                digit = true;
            } else if (c != '.' && c != '-' && c != '+' && c != 'e' && c != 'E') {
                return false;
            }
        }
        return digit;
    }

    /**
     * The shortest decimal that reads back as {@code d}, as PostgreSQL's Ryu picks it. The JDK's
     * {@code toString} agrees except in two cases, which take the exact slow path here: it never prints
     * fewer than two digits ({@code 4.9E-324} where Ryu gives {@code 5e-324}), and it may print a decimal
     * lying exactly halfway to the neighbouring value (reads back only under round-half-even), which Ryu
     * does not accept; such midpoints are integers, so only magnitudes from 2^53 (float: 2^24) are checked.
     */
    private static BigDecimal shortest(double d, boolean single) {
        BigDecimal fromJdk =
                new BigDecimal(single ? Float.toString((float) d) : Double.toString(d)).stripTrailingZeros();
        double abs = Math.abs(d);
        if (fromJdk.precision() > 2 && abs < (single ? 0x1p24 : 0x1p53)) {
            return fromJdk;
        }
        BigDecimal x = new BigDecimal(abs);
        BigDecimal below = new BigDecimal(single ? (double) Math.nextDown((float) abs) : Math.nextDown(abs));
        BigDecimal halfGap = x.subtract(below).divide(TWO);
        double next = single ? Math.nextUp((float) abs) : Math.nextUp(abs);
        BigDecimal lo = x.subtract(halfGap);
        BigDecimal hi = Double.isInfinite(next) || (single && Float.isInfinite((float) next))
                ? x.add(halfGap)
                : x.add(new BigDecimal(next)).divide(TWO);
        for (int n = 1; n <= 17; n++) {
            BigDecimal down = x.round(new MathContext(n, RoundingMode.DOWN));
            BigDecimal up = x.round(new MathContext(n, RoundingMode.UP));
            boolean downInside = down.compareTo(lo) > 0;
            boolean upInside = up.compareTo(hi) < 0;
            if (downInside || upInside) {
                BigDecimal pick;
                if (downInside && upInside) {
                    int c = x.subtract(down).compareTo(up.subtract(x));
                    pick = c < 0 || (c == 0 && !down.unscaledValue().testBit(0)) ? down : up;
                } else {
                    pick = downInside ? down : up;
                }
                return (d < 0 ? pick.negate() : pick).stripTrailingZeros();
            }
        }
        return fromJdk;
    }

    /** The value as PostgreSQL prints it; {@code single} selects float4's precision and layout. */
    public static String format(double d, boolean single) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        if (d == 0) {
            return (Double.doubleToRawLongBits(d) < 0) ? "-0" : "0";
        }
        BigDecimal shortest = shortest(d, single);
        String digits = shortest.unscaledValue().abs().toString();
        int exponent = digits.length() - shortest.scale() - 1;
        StringBuilder out = new StringBuilder(digits.length() + 8);
        if (d < 0) {
            out.append('-');
        }
        int maxFixed = single ? 6 : 15;
        if (exponent < -4 || exponent >= maxFixed) {
            out.append(digits.charAt(0));
            if (digits.length() > 1) {
                out.append('.').append(digits, 1, digits.length());
            }
            out.append('e').append(exponent < 0 ? '-' : '+');
            int abs = Math.abs(exponent);
            if (abs < 10) {
                out.append('0');
            }
            out.append(abs);
        } else if (exponent >= 0) {
            if (digits.length() <= exponent + 1) {
                out.append(digits).repeat('0', exponent + 1 - digits.length());
            } else {
                out.append(digits, 0, exponent + 1).append('.').append(digits, exponent + 1, digits.length());
            }
        } else {
            out.append("0.").repeat('0', -exponent - 1).append(digits);
        }
        return out.toString();
    }
}
