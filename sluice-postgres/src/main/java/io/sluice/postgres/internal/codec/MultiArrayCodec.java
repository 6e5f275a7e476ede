package io.sluice.postgres.internal.codec;

import io.sluice.ValueConversionException;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Arrays of any number of dimensions (up to PostgreSQL's 6) as nested lists or Java arrays, and
 * nested lists or Java arrays as array parameters. The binary layout is {@link ArrayCodec}'s, with
 * one (size, lower bound) pair per dimension and the elements in row-major order; the text form nests
 * braces, {@code {{1,2},{3,4}}}, after an optional {@code [1:2][0:1]=} bounds decoration (bounds are
 * not kept: a Java list or array starts at 0).
 */
final class MultiArrayCodec {
    private static final int MAXDIM = 6;

    private MultiArrayCodec() {}

    /** Nested lists of {@code leafType} (Object: the element's natural type); a 1-D array is a flat list. */
    static List<Object> decode(byte[] b, int off, int len, int elementOid, boolean binary, Class<?> leafType) {
        return binary ? decodeBinary(b, off, len, elementOid, leafType) : decodeText(b, off, len, elementOid, leafType);
    }

    private static List<Object> decodeBinary(byte[] b, int off, int len, int elementOid, Class<?> leafType) {
        if (len < ArrayCodec.HEADER_SIZE) {
            throw malformed(len);
        }
        int ndim = TextCodec.readInt(b, off);
        if (ndim == 0) {
            return new ArrayList<>();
        }
        if (ndim < 0 || ndim > MAXDIM || len < ArrayCodec.HEADER_SIZE + 8 * ndim) {
            throw malformed(len);
        }
        if (TextCodec.readInt(b, ArrayCodec.elementOidOffset(off)) != elementOid) {
            throw malformed(len);
        }
        int[] dims = new int[ndim];
        long total = 1;
        for (int d = 0; d < ndim; d++) {
            dims[d] = TextCodec.readInt(b, ArrayCodec.dimSizeOffset(off, d));
            if (dims[d] < 0) {
                throw malformed(len);
            }
            total *= dims[d];
        }
        if (total > (len - ArrayCodec.HEADER_SIZE - 8L * ndim) / 4) {
            throw malformed(len);
        }
        int[] p = {off + ArrayCodec.HEADER_SIZE + 8 * ndim};
        List<Object> out = nest(b, p, off + len, len, dims, 0, elementOid, leafType);
        if (p[0] != off + len) {
            throw malformed(len);
        }
        return out;
    }

    private static List<Object> nest(
            byte[] b, int[] p, int end, int len, int[] dims, int d, int elementOid, Class<?> leafType) {
        List<Object> out = new ArrayList<>(dims[d]);
        for (int i = 0; i < dims[d]; i++) {
            if (d < dims.length - 1) {
                out.add(nest(b, p, end, len, dims, d + 1, elementOid, leafType));
                continue;
            }
            if (end - p[0] < 4) {
                throw malformed(len);
            }
            int n = TextCodec.readInt(b, p[0]);
            p[0] += 4;
            if (n == -1) {
                out.add(null);
                continue;
            }
            if (n < 0 || n > end - p[0]) {
                throw malformed(len);
            }
            out.add(ValueCodec.convert(b, p[0], n, elementOid, true, leafType));
            p[0] += n;
        }
        return out;
    }

    private static List<Object> decodeText(byte[] b, int off, int len, int elementOid, Class<?> leafType) {
        String s = TextCodec.utf8(b, off, len).strip();
        int[] at = {0};
        if (s.startsWith("[")) {
            at[0] = s.indexOf('=') + 1;
            if (at[0] == 0) {
                throw malformedText(s);
            }
        }
        List<Object> out = parseLevel(s, at, elementOid, leafType);
        if (at[0] != s.length()) {
            throw malformedText(s);
        }
        return out;
    }

    /** One {@code {...}} level from {@code at[0]}, which must be at its opening brace. */
    private static List<Object> parseLevel(String s, int[] at, int elementOid, Class<?> leafType) {
        int n = s.length();
        if (at[0] >= n || s.charAt(at[0]) != '{') {
            throw malformedText(s);
        }
        at[0]++;
        List<Object> out = new ArrayList<>();
        if (at[0] < n && s.charAt(at[0]) == '}') {
            at[0]++;
            return out;
        }
        StringBuilder e = new StringBuilder();
        while (true) {
            if (at[0] >= n) {
                throw malformedText(s);
            }
            char c = s.charAt(at[0]);
            if (c == '{') {
                out.add(parseLevel(s, at, elementOid, leafType));
            } else {
                e.setLength(0);
                boolean quoted = false;
                while (at[0] < n) {
                    c = s.charAt(at[0]);
                    if (c == '"') {
                        quoted = true;
                        at[0]++;
                        while (at[0] < n && (c = s.charAt(at[0]++)) != '"') {
                            if (c == '\\' && at[0] < n) {
                                c = s.charAt(at[0]++);
                            }
                            e.append(c);
                        }
                    } else if (c == ',' || c == '}') {
                        break;
                    } else {
                        if (c == '\\' && at[0] + 1 < n) {
                            c = s.charAt(++at[0]);
                        }
                        e.append(c);
                        at[0]++;
                    }
                }
                String text = quoted ? e.toString() : e.toString().strip();
                if (!quoted && text.equalsIgnoreCase("NULL")) {
                    out.add(null);
                } else {
                    byte[] u = text.getBytes(StandardCharsets.UTF_8);
                    out.add(ValueCodec.convert(u, 0, u.length, elementOid, false, leafType));
                }
            }
            if (at[0] >= n) {
                throw malformedText(s);
            }
            c = s.charAt(at[0]++);
            if (c == '}') {
                return out;
            }
            if (c != ',') {
                throw malformedText(s);
            }
        }
    }

    /** Nested lists as a Java array of {@code arrayType} ({@code int[][]}, {@code String[][]}...). */
    static Object toJavaArray(List<?> nested, Class<?> arrayType) {
        Class<?> component = arrayType.getComponentType();
        Object out = Array.newInstance(component, nested.size());
        for (int i = 0; i < nested.size(); i++) {
            Object v = nested.get(i);
            if (component.isArray()) {
                if (v != null && !(v instanceof List<?>)) {
                    throw new ValueConversionException(
                            "array has fewer dimensions than the requested type: type=" + arrayType.getName());
                }
                Array.set(out, i, v == null ? null : toJavaArray((List<?>) v, component));
            } else if (v == null && component.isPrimitive()) {
                throw new ValueConversionException(
                        "cannot read NULL element as " + component.getName() + ": type=" + arrayType.getName());
            } else if (v instanceof List<?>) {
                throw new ValueConversionException(
                        "array has more dimensions than the requested type: type=" + arrayType.getName());
            } else {
                Array.set(out, i, v);
            }
        }
        return out;
    }

    /** The innermost component class of a Java array class ({@code int[][]} -> {@code int}). */
    static Class<?> leafClass(Class<?> arrayType) {
        Class<?> c = arrayType;
        while (c.isArray()) {
            c = c.getComponentType();
        }
        return c;
    }

    /**
     * The dimension sizes of a rectangular nested parameter and its leaves in row-major order.
     *
     * @throws ValueConversionException if the nesting is ragged or deeper than 6
     */
    static int[] shape(Object value, List<Object> leaves) {
        List<Integer> dims = new ArrayList<>();
        Object v = value;
        while (v != null && (v instanceof List<?> || (v.getClass().isArray() && !(v instanceof byte[])))) {
            List<?> l = ParamEncoder.elementsOf(v);
            dims.add(l.size());
            v = l.isEmpty() ? null : l.get(0);
        }
        if (dims.size() > MAXDIM) {
            throw new ValueConversionException("array parameter has more than 6 dimensions: ndim=" + dims.size());
        }
        int[] shape = dims.stream().mapToInt(Integer::intValue).toArray();
        flatten(value, shape, 0, leaves);
        return shape;
    }

    private static void flatten(Object value, int[] shape, int d, List<Object> leaves) {
        if (d == shape.length) {
            if (value instanceof List<?> || value != null && value.getClass().isArray() && !(value instanceof byte[])) {
                throw ragged();
            }
            leaves.add(value);
            return;
        }
        if (!(value instanceof List<?>) && (value == null || !value.getClass().isArray() || value instanceof byte[])) {
            throw ragged();
        }
        List<?> l = ParamEncoder.elementsOf(value);
        if (l.size() != shape[d]) {
            throw ragged();
        }
        for (Object e : l) {
            flatten(e, shape, d + 1, leaves);
        }
    }

    /** A multi-dimensional array of {@code shape}, leaves (row-major) in binary as {@code elementOid}. */
    static void encode(int[] shape, List<Object> leaves, int elementOid, PgWriteBuffer out) {
        boolean empty = leaves.isEmpty();
        out.writeInt(empty ? 0 : shape.length);
        out.writeInt(ArrayCodec.flags(leaves));
        out.writeInt(elementOid);
        if (!empty) {
            for (int size : shape) {
                out.writeInt(size);
                out.writeInt(1);
            }
        }
        ArrayCodec.encodeElements(leaves, elementOid, out);
    }

    private static ValueConversionException ragged() {
        return new ValueConversionException(
                "array parameter is not rectangular: PostgreSQL arrays need equal sizes in every dimension");
    }

    private static ValueConversionException malformed(int len) {
        return new ValueConversionException("malformed binary array: length=" + len);
    }

    private static ValueConversionException malformedText(String s) {
        return new ValueConversionException("malformed array text: value=" + s);
    }
}
