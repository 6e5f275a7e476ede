package io.sluice.mysql.internal.codec;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * FLOAT and DOUBLE values spelt as MariaDB spells them in text results (its {@code my_gcvt}), so that a value read
 * over the binary protocol gives the same {@code getString} as over the text protocol:
 *
 * <ul>
 *   <li>digits: DOUBLE the shortest decimal that reads back as the same double; FLOAT the float's exact value
 *       rounded (half-even) to 6 significant digits (FLT_DIG); trailing zeros dropped;</li>
 *   <li>layout, with {@code decpt} the position of the decimal point after the first digit's place
 *       (value = 0.DIGITS x 10^decpt): plain when -14 &lt;= decpt &lt;= 15, or when decpt &gt; 15 and digits
 *       follow the point ({@code 0.0000000001}, {@code 123457000}, {@code 1234567890123456.8}); else the
 *       exponent form {@code d[.ddd]e[-]x} ({@code 1e20}, {@code 1.4013e-45}, {@code 5e-324});</li>
 *   <li>a column with fixed decimals ({@code FLOAT(7,3)}, decimals &lt; 31) has exactly that many decimals.</li>
 * </ul>
 */
final class FloatingText {
    /** Significant digits of a FLOAT in text results (C's FLT_DIG). */
    private static final int FLOAT_DIGITS = 6;

    private static final MathContext FLOAT_CONTEXT = new MathContext(FLOAT_DIGITS, RoundingMode.HALF_EVEN);
    /** Largest decpt still written plain when no digit follows the point (DBL_DIG). */
    private static final int MAX_DECPT_FOR_F_FORMAT = 15;
    /** Decimals value of a column without fixed decimals (NOT_FIXED_DEC). */
    static final int NOT_FIXED_DEC = 31;

    private FloatingText() {}

    /** A FLOAT column's value as the server's text. */
    static String ofFloat(float f, int decimals) {
        if (decimals < NOT_FIXED_DEC) {
            return fixed(f, decimals);
        }
        if (f == 0 || !Float.isFinite(f)) {
            return special(f);
        }
        BigDecimal d = new BigDecimal(Math.abs((double) f)).round(FLOAT_CONTEXT).stripTrailingZeros();
        String digits = d.unscaledValue().toString();
        return layout(f < 0, digits, digits.length() - d.scale());
    }

    /** A DOUBLE column's value as the server's text. */
    static String ofDouble(double v, int decimals) {
        if (decimals < NOT_FIXED_DEC) {
            return fixed(v, decimals);
        }
        if (v == 0 || !Double.isFinite(v)) {
            return special(v);
        }
        // Double.toString gives the shortest decimal that reads back as v, but never fewer than 2 digits:
        // the 1-digit one, when there is one, is what the server writes (4.9E-324 is "5e-324").
        String j = Double.toString(Math.abs(v));
        int e = j.indexOf('E');
        int exp10 = e < 0 ? 0 : Integer.parseInt(j, e + 1, j.length(), 10);
        String mantissa = e < 0 ? j : j.substring(0, e);
        int dot = mantissa.indexOf('.');
        StringBuilder digits = new StringBuilder(mantissa.length())
                .append(mantissa, 0, dot)
                .append(mantissa, dot + 1, mantissa.length());
        int decpt = dot + exp10;
        int lead = 0;
        while (lead < digits.length() - 1 && digits.charAt(lead) == '0') {
            lead++;
            decpt--;
        }
        int end = digits.length();
        while (end > lead + 1 && digits.charAt(end - 1) == '0') {
            end--;
        }
        String d = digits.substring(lead, end);
        if (d.length() == 2) {
            int first = d.charAt(0) - '0' + (d.charAt(1) >= '5' ? 1 : 0);
            int shift = first == 10 ? 1 : 0;
            String one = first == 10 ? "1" : Integer.toString(first);
            if (Double.parseDouble(one + "E" + (decpt + shift - 1)) == Math.abs(v)) {
                d = one;
                decpt += shift;
            }
        }
        return layout(v < 0, d, decpt);
    }

    private static String special(double v) {
        if (v == 0) {
            return 1 / v < 0 ? "-0" : "0";
        }
        return Double.isNaN(v) ? "nan" : v > 0 ? "inf" : "-inf";
    }

    private static String fixed(double v, int decimals) {
        if (!Double.isFinite(v)) {
            return special(v);
        }
        return new BigDecimal(v).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    }

    /** Writes {@code 0.DIGITS x 10^decpt} plain or in exponent form (see the class comment). */
    static String layout(boolean negative, String digits, int decpt) {
        int len = digits.length();
        StringBuilder s = new StringBuilder(len + 24);
        if (negative) {
            s.append('-');
        }
        if (decpt >= -MAX_DECPT_FOR_F_FORMAT + 1 && (decpt <= MAX_DECPT_FOR_F_FORMAT || len > decpt)) {
            if (decpt <= 0) {
                s.append("0.").repeat('0', -decpt).append(digits);
            } else if (decpt < len) {
                s.append(digits, 0, decpt).append('.').append(digits, decpt, len);
            } else {
                s.append(digits).repeat('0', decpt - len);
            }
        } else {
            s.append(digits.charAt(0));
            if (len > 1) {
                s.append('.').append(digits, 1, len);
            }
            s.append('e').append(decpt - 1);
        }
        return s.toString();
    }
}
