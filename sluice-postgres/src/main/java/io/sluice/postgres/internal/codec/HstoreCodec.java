package io.sluice.postgres.internal.codec;

import io.sluice.ValueConversionException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code hstore} extension's values as {@code Map<String, String>} (values may be null), in both
 * formats ({@code hstore_io.c}). Text: {@code "a"=>"1", "b"=>NULL} (keys and values quoted with
 * backslash escapes, or bare). Binary: int32 pair count, then per pair an int32 key length and key
 * bytes, an int32 value length (-1 NULL) and value bytes. Maps keep the server's order (hstore sorts
 * keys by length, then bytes).
 */
public final class HstoreCodec {
    private HstoreCodec() {}

    /** An hstore value from either format. */
    public static Map<String, String> decode(byte[] b, int off, int len, boolean binary) {
        return binary ? decodeBinary(b, off, len) : parse(TextCodec.utf8(b, off, len));
    }

    private static Map<String, String> decodeBinary(byte[] b, int off, int len) {
        int end = off + len;
        if (len < 4) {
            throw malformed(len);
        }
        int count = TextCodec.readInt(b, off);
        if (count < 0 || count > len / 8) {
            throw malformed(len);
        }
        Map<String, String> out = LinkedHashMap.newLinkedHashMap(count);
        int p = off + 4;
        for (int i = 0; i < count; i++) {
            String key = null;
            for (int part = 0; part < 2; part++) {
                if (end - p < 4) {
                    throw malformed(len);
                }
                int n = TextCodec.readInt(b, p);
                p += 4;
                if (n == -1 && part == 1) {
                    out.put(key, null);
                    continue;
                }
                if (n < 0 || n > end - p) {
                    throw malformed(len);
                }
                String s = new String(b, p, n, StandardCharsets.UTF_8);
                p += n;
                if (part == 0) {
                    key = s;
                } else {
                    out.put(key, s);
                }
            }
        }
        if (p != end) {
            throw malformed(len);
        }
        return out;
    }

    /** An hstore value from hstore_out's text. */
    public static Map<String, String> parse(String s) {
        Map<String, String> out = new LinkedHashMap<>();
        int[] at = {0};
        int n = s.length();
        while (true) {
            skipSpace(s, at);
            if (at[0] >= n) {
                return out;
            }
            String key = token(s, at);
            skipSpace(s, at);
            if (!s.startsWith("=>", at[0]) || key == null) {
                throw malformedText(s);
            }
            at[0] += 2;
            skipSpace(s, at);
            boolean quoted = at[0] < n && s.charAt(at[0]) == '"';
            String value = token(s, at);
            out.put(key, !quoted && "NULL".equalsIgnoreCase(value) ? null : value);
            skipSpace(s, at);
            if (at[0] < n) {
                if (s.charAt(at[0]) != ',') {
                    throw malformedText(s);
                }
                at[0]++;
            }
        }
    }

    private static void skipSpace(String s, int[] at) {
        while (at[0] < s.length() && Character.isWhitespace(s.charAt(at[0]))) {
            at[0]++;
        }
    }

    /** A quoted or bare key or value. */
    private static String token(String s, int[] at) {
        int i = at[0];
        int n = s.length();
        if (i >= n) {
            return null;
        }
        StringBuilder v = new StringBuilder();
        if (s.charAt(i) == '"') {
            i++;
            while (i < n && s.charAt(i) != '"') {
                char c = s.charAt(i++);
                if (c == '\\' && i < n) {
                    c = s.charAt(i++);
                }
                v.append(c);
            }
            if (i >= n) {
                throw malformedText(s);
            }
            at[0] = i + 1;
            return v.toString();
        }
        while (i < n) {
            char c = s.charAt(i);
            if (c == ',' || c == '=' && i + 1 < n && s.charAt(i + 1) == '>' || Character.isWhitespace(c)) {
                break;
            }
            if (c == '\\' && i + 1 < n) {
                c = s.charAt(++i);
            }
            v.append(c);
            i++;
        }
        at[0] = i;
        return v.toString();
    }

    /** hstore_out's text: every key and value quoted, NULL bare. */
    public static String format(Map<?, ?> map) {
        StringBuilder s = new StringBuilder();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (e.getKey() == null) {
                throw new ValueConversionException("hstore keys cannot be null");
            }
            if (!s.isEmpty()) {
                s.append(", ");
            }
            quote(s, e.getKey().toString()).append("=>");
            if (e.getValue() == null) {
                s.append("NULL");
            } else {
                quote(s, e.getValue().toString());
            }
        }
        return s.toString();
    }

    private static StringBuilder quote(StringBuilder s, String v) {
        s.append('"');
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '"' || c == '\\') {
                s.append('\\');
            }
            s.append(c);
        }
        return s.append('"');
    }

    private static ValueConversionException malformed(int len) {
        return new ValueConversionException("malformed binary hstore: length=" + len);
    }

    private static ValueConversionException malformedText(String s) {
        return new ValueConversionException("text is not an hstore value: length=" + s.length());
    }
}
