package io.sluice.postgres.internal.codec;

import io.sluice.ValueConversionException;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import io.sluice.types.Range;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The built-in range and multirange types in both formats ({@code rangetypes.c}, {@code multirangetypes.c}).
 * Binary range, as {@code range_send} writes it:
 *
 * <pre>
 *  +-------+--------------------------------+--------------------------------+
 *  | flags | lower bound, when it has one:  | upper bound, when it has one:  |
 *  | byte  | int32 length, subtype's binary | int32 length, subtype's binary |
 *  +-------+--------------------------------+--------------------------------+
 * </pre>
 *
 * A multirange is an int32 range count, then per range an int32 length and the range's bytes. Text:
 * {@code empty}, {@code [1,5)}, {@code ["2024-01-01 00:00:00",)} (a bound is quoted when empty or
 * holding quotes, backslashes, brackets, parentheses, commas or white space), {@code {[1,3),[5,7)}}.
 */
final class RangeCodec {
    static final int RANGE_EMPTY = 0x01;
    static final int RANGE_LB_INC = 0x02;
    static final int RANGE_UB_INC = 0x04;
    static final int RANGE_LB_INF = 0x08;
    static final int RANGE_UB_INF = 0x10;
    private static final int NO_LOWER = RANGE_EMPTY | RANGE_LB_INF | 0x20; // 0x20: RANGE_LB_NULL, never sent
    private static final int NO_UPPER = RANGE_EMPTY | RANGE_UB_INF | 0x40;

    private RangeCodec() {}

    /** The bound type of a built-in range or multirange type, else 0. */
    static int subtype(int oid) {
        return switch (oid) {
            case PgTypes.INT4RANGE, PgTypes.INT4MULTIRANGE -> PgTypes.INT4;
            case PgTypes.INT8RANGE, PgTypes.INT8MULTIRANGE -> PgTypes.INT8;
            case PgTypes.NUMRANGE, PgTypes.NUMMULTIRANGE -> PgTypes.NUMERIC;
            case PgTypes.TSRANGE, PgTypes.TSMULTIRANGE -> PgTypes.TIMESTAMP;
            case PgTypes.TSTZRANGE, PgTypes.TSTZMULTIRANGE -> PgTypes.TIMESTAMPTZ;
            case PgTypes.DATERANGE, PgTypes.DATEMULTIRANGE -> PgTypes.DATE;
            default -> 0;
        };
    }

    /** The range type whose bounds are {@code subtype}, else 0. */
    static int rangeOid(int subtype) {
        return switch (subtype) {
            case PgTypes.INT4 -> PgTypes.INT4RANGE;
            case PgTypes.INT8 -> PgTypes.INT8RANGE;
            case PgTypes.NUMERIC -> PgTypes.NUMRANGE;
            case PgTypes.TIMESTAMP -> PgTypes.TSRANGE;
            case PgTypes.TIMESTAMPTZ -> PgTypes.TSTZRANGE;
            case PgTypes.DATE -> PgTypes.DATERANGE;
            default -> 0;
        };
    }

    static boolean isMultirange(int oid) {
        return switch (oid) {
            case PgTypes.INT4MULTIRANGE,
                    PgTypes.INT8MULTIRANGE,
                    PgTypes.NUMMULTIRANGE,
                    PgTypes.TSMULTIRANGE,
                    PgTypes.TSTZMULTIRANGE,
                    PgTypes.DATEMULTIRANGE -> true;
            default -> false;
        };
    }

    /** A range with bounds as {@code boundType} (Object: the subtype's natural type). */
    static Range<Object> decode(byte[] b, int off, int len, int subtype, boolean binary, Class<?> boundType) {
        if (!binary) {
            return parse(TextCodec.utf8(b, off, len).strip(), subtype, boundType);
        }
        if (len < 1) {
            throw malformed("range", len);
        }
        int flags = b[off];
        if ((flags & RANGE_EMPTY) != 0) {
            return Range.empty();
        }
        int p = off + 1;
        int end = off + len;
        Object lower = null;
        Object upper = null;
        if ((flags & NO_LOWER) == 0) {
            int n = boundLength(b, p, end, len);
            lower = ValueCodec.convert(b, p + 4, n, subtype, true, boundType);
            p += 4 + n;
        }
        if ((flags & NO_UPPER) == 0) {
            int n = boundLength(b, p, end, len);
            upper = ValueCodec.convert(b, p + 4, n, subtype, true, boundType);
            p += 4 + n;
        }
        if (p != end) {
            throw malformed("range", len);
        }
        return Range.of(lower, (flags & RANGE_LB_INC) != 0, upper, (flags & RANGE_UB_INC) != 0);
    }

    private static int boundLength(byte[] b, int p, int end, int len) {
        if (end - p < 4) {
            throw malformed("range", len);
        }
        int n = TextCodec.readInt(b, p);
        if (n < 0 || n > end - p - 4) {
            throw malformed("range", len);
        }
        return n;
    }

    /** The text form of a binary range, as range_out writes it, bounds canonical as getString gives them. */
    static String binaryToText(byte[] b, int off, int len, int subtype) {
        int flags = len > 0 ? b[off] : 0;
        if (len < 1 || (flags & RANGE_EMPTY) != 0) {
            return decode(b, off, len, subtype, true, Object.class).toString(); // "empty", or the malformed error
        }
        int p = off + 1;
        int end = off + len;
        StringBuilder s = new StringBuilder(len * 2).append((flags & RANGE_LB_INC) != 0 ? '[' : '(');
        if ((flags & NO_LOWER) == 0) {
            int n = boundLength(b, p, end, len);
            appendBound(s, TextFormCodec.toText(b, p + 4, n, subtype, true));
            p += 4 + n;
        }
        s.append(',');
        if ((flags & NO_UPPER) == 0) {
            int n = boundLength(b, p, end, len);
            appendBound(s, TextFormCodec.toText(b, p + 4, n, subtype, true));
            p += 4 + n;
        }
        if (p != end) {
            throw malformed("range", len);
        }
        return s.append((flags & RANGE_UB_INC) != 0 ? ']' : ')').toString();
    }

    /** Text whose bounds depend on the session (tstzrange in TimeZone) rendered in getString's one form. */
    static String canonicalText(String text, int subtype) {
        Range<Object> r = parse(text.strip(), subtype, String.class);
        if (r.isEmpty()) {
            return "empty";
        }
        StringBuilder s = new StringBuilder(text.length()).append(r.lowerInclusive() ? '[' : '(');
        if (r.lower() != null) {
            appendBound(s, canonicalBound((String) r.lower(), subtype));
        }
        s.append(',');
        if (r.upper() != null) {
            appendBound(s, canonicalBound((String) r.upper(), subtype));
        }
        return s.append(r.upperInclusive() ? ']' : ')').toString();
    }

    private static String canonicalBound(String bound, int subtype) {
        byte[] u = bound.getBytes(StandardCharsets.UTF_8);
        return TextFormCodec.toText(u, 0, u.length, subtype, false);
    }

    /** Quotes a bound as range_bound_escape does. */
    static void appendBound(StringBuilder s, String v) {
        boolean quote = v.isEmpty();
        for (int i = 0; i < v.length() && !quote; i++) {
            char c = v.charAt(i);
            quote = c == '"'
                    || c == '\\'
                    || c == '('
                    || c == ')'
                    || c == '['
                    || c == ']'
                    || c == ','
                    || Character.isWhitespace(c);
        }
        if (!quote) {
            s.append(v);
            return;
        }
        s.append('"');
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '"' || c == '\\') {
                s.append(c);
            }
            s.append(c);
        }
        s.append('"');
    }

    /** Parses range_out's text; a bound's text is converted to {@code boundType} as a {@code subtype} value. */
    static Range<Object> parse(String s, int subtype, Class<?> boundType) {
        if (s.equalsIgnoreCase("empty")) {
            return Range.empty();
        }
        int n = s.length();
        if (n < 3 || "[(".indexOf(s.charAt(0)) < 0 || "])".indexOf(s.charAt(n - 1)) < 0) {
            throw malformedText(s);
        }
        int[] at = {1};
        String lower = bound(s, at, ',');
        if (at[0] >= n || s.charAt(at[0]) != ',') {
            throw malformedText(s);
        }
        at[0]++;
        String upper = bound(s, at, s.charAt(n - 1));
        if (at[0] != n - 1) {
            throw malformedText(s);
        }
        return Range.of(
                lower == null ? null : boundValue(lower, subtype, boundType),
                s.charAt(0) == '[',
                upper == null ? null : boundValue(upper, subtype, boundType),
                s.charAt(n - 1) == ']');
    }

    private static Object boundValue(String text, int subtype, Class<?> boundType) {
        if (boundType == String.class) {
            return text;
        }
        byte[] u = text.getBytes(StandardCharsets.UTF_8);
        return ValueCodec.convert(u, 0, u.length, subtype, false, boundType);
    }

    /** One bound from {@code at[0]} up to {@code stop} (not consumed); null when empty and unquoted (unbounded). */
    private static String bound(String s, int[] at, char stop) {
        StringBuilder v = new StringBuilder();
        boolean quoted = false;
        boolean inQuotes = false;
        int i = at[0];
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (!inQuotes && c == stop && (stop == ',' || i == n - 1)) {
                break;
            }
            if (c == '\\' && i + 1 < n) {
                v.append(s.charAt(i + 1));
                i += 2;
                continue;
            }
            if (c == '"') {
                if (inQuotes && i + 1 < n && s.charAt(i + 1) == '"') {
                    v.append('"');
                    i += 2;
                    continue;
                }
                inQuotes = !inQuotes;
                quoted = true;
                i++;
                continue;
            }
            v.append(c);
            i++;
        }
        at[0] = i;
        return v.isEmpty() && !quoted ? null : v.toString();
    }

    /** A multirange's ranges with bounds as {@code boundType}. */
    static List<Range<Object>> decodeMulti(
            byte[] b, int off, int len, int subtype, boolean binary, Class<?> boundType) {
        List<Range<Object>> out = new ArrayList<>();
        if (!binary) {
            for (String r : splitMulti(TextCodec.utf8(b, off, len).strip())) {
                out.add(parse(r, subtype, boundType));
            }
            return out;
        }
        if (len < 4) {
            throw malformed("multirange", len);
        }
        int count = TextCodec.readInt(b, off);
        int p = off + 4;
        int end = off + len;
        if (count < 0 || count > len) {
            throw malformed("multirange", len);
        }
        for (int i = 0; i < count; i++) {
            int n = boundLength(b, p, end, len);
            out.add(decode(b, p + 4, n, subtype, true, boundType));
            p += 4 + n;
        }
        if (p != end) {
            throw malformed("multirange", len);
        }
        return out;
    }

    /** multirange_out's text of a binary multirange: {@code {[1,3),[5,7)}}. */
    static String multiToText(byte[] b, int off, int len, int subtype, boolean binary) {
        StringBuilder s = new StringBuilder(len * 2).append('{');
        if (!binary) {
            List<String> ranges = splitMulti(TextCodec.utf8(b, off, len).strip());
            for (int i = 0; i < ranges.size(); i++) {
                s.append(i == 0 ? "" : ",").append(canonicalText(ranges.get(i), subtype));
            }
            return s.append('}').toString();
        }
        if (len < 4) {
            throw malformed("multirange", len);
        }
        int count = TextCodec.readInt(b, off);
        int p = off + 4;
        int end = off + len;
        for (int i = 0; i < count; i++) {
            int n = boundLength(b, p, end, len);
            s.append(i == 0 ? "" : ",").append(binaryToText(b, p + 4, n, subtype));
            p += 4 + n;
        }
        if (p != end) {
            throw malformed("multirange", len);
        }
        return s.append('}').toString();
    }

    /** The ranges of a multirange's text, each as range text. */
    private static List<String> splitMulti(String s) {
        int n = s.length();
        if (n < 2 || s.charAt(0) != '{' || s.charAt(n - 1) != '}') {
            throw malformedText(s);
        }
        List<String> out = new ArrayList<>();
        int i = 1;
        while (i < n - 1) {
            char c = s.charAt(i);
            if (c == ',' || Character.isWhitespace(c)) {
                i++;
                continue;
            }
            int start = i;
            if (s.regionMatches(true, i, "empty", 0, 5)) {
                i += 5;
            } else {
                boolean inQuotes = false;
                while (i < n - 1) {
                    c = s.charAt(i++);
                    if (c == '\\') {
                        i++;
                    } else if (c == '"') {
                        inQuotes = !inQuotes;
                    } else if (!inQuotes && (c == ']' || c == ')')) {
                        break;
                    }
                }
            }
            out.add(s.substring(start, i));
        }
        return out;
    }

    /** Writes a range parameter in binary as {@code rangeOid(subtype)} (the caller chose the subtype). */
    static void encode(Range<?> r, int subtype, PgWriteBuffer out) {
        if (r.isEmpty()) {
            out.writeByte(RANGE_EMPTY);
            return;
        }
        int flags = (r.lowerInclusive() ? RANGE_LB_INC : 0)
                | (r.upperInclusive() ? RANGE_UB_INC : 0)
                | (r.lower() == null ? RANGE_LB_INF : 0)
                | (r.upper() == null ? RANGE_UB_INF : 0);
        out.writeByte(flags);
        for (Object bound : new Object[] {r.lower(), r.upper()}) {
            if (bound != null) {
                int at = out.reserveInt();
                ParamEncoder.encodeBinary(bound, subtype, out);
                out.putInt(at, out.position() - at - 4);
            }
        }
    }

    private static ValueConversionException malformed(String what, int len) {
        return new ValueConversionException("malformed binary " + what + ": length=" + len);
    }

    private static ValueConversionException malformedText(String s) {
        return new ValueConversionException("text is not a range: value=" + s);
    }
}
