package io.sluice.postgres.internal.codec;

import io.sluice.ValueConversionException;
import java.util.ArrayList;
import java.util.List;

/**
 * The text form of arrays ({@code array_in}/{@code array_out} in {@code arrayfuncs.c}):
 * {@code {1,2,NULL}}, {@code {"a b","x\"y"}}, optionally prefixed by {@code [lb:ub]=}. An element is
 * quoted when empty, equal to NULL (any case), or holding braces, quotes, commas, backslashes or
 * white space; inside quotes a backslash escapes the next character.
 */
public final class ArrayTextCodec {
    private ArrayTextCodec() {}

    /** The elements of a one-dimensional array's text form, unquoted and unescaped; null for NULL. */
    static List<String> split(String s) {
        int i = 0;
        int n = s.length();
        if (n > 0 && s.charAt(0) == '[') {
            i = s.indexOf('=');
            if (i < 0) {
                throw malformedText(s);
            }
            int bounds = (int) s.substring(0, i).chars().filter(ch -> ch == '[').count();
            if (bounds > 1) {
                throw multiDimensional(s, bounds);
            }
            i++;
        }
        if (i >= n || s.charAt(i) != '{' || s.charAt(n - 1) != '}') {
            throw malformedText(s);
        }
        int braces = 0;
        while (i + braces < n && s.charAt(i + braces) == '{') {
            braces++;
        }
        if (braces > 1) {
            throw multiDimensional(s, braces);
        }
        i++;
        List<String> out = new ArrayList<>();
        if (i == n - 1) {
            return out;
        }
        StringBuilder e = new StringBuilder();
        while (true) {
            e.setLength(0);
            char c = s.charAt(i);
            if (c == '{') {
                throw malformedText(s); // a nested array after the first element: {1,{2}}
            }
            if (c == '"') {
                i++;
                while (true) {
                    if (i >= n - 1) {
                        throw malformedText(s);
                    }
                    c = s.charAt(i++);
                    if (c == '"') {
                        break;
                    }
                    if (c == '\\') {
                        if (i >= n - 1) {
                            throw malformedText(s);
                        }
                        c = s.charAt(i++);
                    }
                    e.append(c);
                }
                out.add(e.toString());
            } else {
                int start = i;
                while (i < n - 1 && s.charAt(i) != ',') {
                    char x = s.charAt(i);
                    if (x == '"' || x == '{' || x == '}') {
                        throw malformedText(s);
                    }
                    if (x == '\\' && i + 1 < n - 1) {
                        i++;
                    }
                    i++;
                }
                String raw = s.substring(start, i).strip();
                out.add(raw.equalsIgnoreCase("NULL") ? null : unescape(raw));
            }
            if (i == n - 1) {
                return out;
            }
            if (s.charAt(i) != ',') {
                throw malformedText(s);
            }
            i++;
        }
    }

    private static String unescape(String raw) {
        if (raw.indexOf('\\') < 0) {
            return raw;
        }
        StringBuilder s = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '\\' && i + 1 < raw.length()) {
                c = raw.charAt(++i);
            }
            s.append(c);
        }
        return s.toString();
    }

    /** {@code {a,b,NULL}} with PostgreSQL's quoting (array_out). */
    static StringBuilder appendText(StringBuilder s, List<String> elements) {
        s.append('{');
        for (int i = 0; i < elements.size(); i++) {
            if (i > 0) {
                s.append(',');
            }
            String e = elements.get(i);
            if (e == null) {
                s.append("NULL");
            } else if (needsQuotes(e)) {
                s.append('"');
                for (int k = 0; k < e.length(); k++) {
                    char c = e.charAt(k);
                    if (c == '"' || c == '\\') {
                        s.append('\\');
                    }
                    s.append(c);
                }
                s.append('"');
            } else {
                s.append(e);
            }
        }
        return s.append('}');
    }

    private static boolean needsQuotes(String e) {
        if (e.isEmpty() || e.equalsIgnoreCase("NULL")) {
            return true;
        }
        for (int i = 0; i < e.length(); i++) {
            char c = e.charAt(i);
            if (c == '{' || c == '}' || c == ',' || c == '"' || c == '\\' || c == ' ' || c == '\t' || c == '\n'
                    || c == '\r' || c == 0x0B || c == '\f') {
                return true;
            }
        }
        return false;
    }

    /** The same refusal as the binary form's, so that both formats fail alike. */
    private static ValueConversionException multiDimensional(String s, int ndim) {
        return new ValueConversionException(
                "array has more than one dimension: ndim=" + ndim + ", value=" + s + " (read it with getString)");
    }

    private static ValueConversionException malformedText(String s) {
        return new ValueConversionException("malformed array text: value=" + s);
    }
}
