package io.sluice.postgres.internal.codec;

import io.sluice.ValueConversionException;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * {@code money}: binary is an int64 count of the currency's smallest unit, text is formatted by the
 * session's {@code lc_monetary} ({@code $1,234.50}, {@code 1.234,50 €}, {@code -$3.00}). Neither form
 * says how many fraction digits the unit has; the server does not report {@code lc_monetary}. The
 * driver assumes 2, right for the C locale and most others (not for ja_JP's 0): see TYPES.md.
 * The text parser is locale-agnostic: the last {@code .} or {@code ,} followed by exactly two digits
 * is the decimal point, other separators and symbols are ignored, {@code -} or parentheses mean
 * negative.
 */
final class MoneyCodec {
    static final int FRACTION_DIGITS = 2;

    private MoneyCodec() {}

    static BigDecimal decode(byte[] b, int off, int len, boolean binary) {
        if (binary) {
            TextCodec.requireLength(len, 8, PgTypes.MONEY);
            return BigDecimal.valueOf(TextCodec.readLong(b, off), FRACTION_DIGITS);
        }
        return parse(TextCodec.utf8(b, off, len));
    }

    static BigDecimal parse(String s) {
        StringBuilder digits = new StringBuilder(s.length());
        boolean negative = false;
        int fractionDigits = -1; // digits seen since the last separator, -1 before any separator
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                digits.append(c);
                if (fractionDigits >= 0) {
                    fractionDigits++;
                }
            } else if (c == '.' || c == ',') {
                fractionDigits = 0;
            } else if (c == '-' || c == '(') {
                negative = true;
            }
        }
        if (digits.isEmpty()) {
            throw new ValueConversionException("text is not a money value: value=" + s);
        }
        int scale = fractionDigits == FRACTION_DIGITS ? FRACTION_DIGITS : 0;
        BigDecimal v = new BigDecimal(new BigInteger(digits.toString()), scale).setScale(FRACTION_DIGITS);
        return negative ? v.negate() : v;
    }

    /** The C locale's form, {@code -$1,234.50}: getString's one form for both result formats. */
    static String format(BigDecimal v) {
        BigDecimal abs = v.abs().setScale(FRACTION_DIGITS, java.math.RoundingMode.UNNECESSARY);
        String plain = abs.toPlainString();
        int point = plain.indexOf('.');
        StringBuilder s = new StringBuilder(plain.length() + 8);
        if (v.signum() < 0) {
            s.append('-');
        }
        s.append('$');
        for (int i = 0; i < point; i++) {
            if (i > 0 && (point - i) % 3 == 0) {
                s.append(',');
            }
            s.append(plain.charAt(i));
        }
        return s.append(plain, point, plain.length()).toString();
    }
}
