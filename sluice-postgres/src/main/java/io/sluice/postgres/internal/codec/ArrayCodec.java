package io.sluice.postgres.internal.codec;

import static io.sluice.postgres.internal.codec.TextCodec.readInt;

import io.sluice.ValueConversionException;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One-dimensional arrays in both formats ({@code array_send}, {@code array_out} in
 * {@code src/backend/utils/adt/arrayfuncs.c}). Binary layout, all big-endian:
 *
 * <pre>
 *  0       4       8              12                    12+8*ndim
 *  +-------+-------+--------------+---------------------+-------------------------------------+
 *  | int32 | int32 | int32        | per dimension:      | per element: int32 length (-1 NULL) |
 *  | ndim  | flags | element OID  | int32 size, int32   | then that many bytes                |
 *  |       | (1 = has nulls)      | lower bound         |                                     |
 *  +-------+-------+--------------+---------------------+-------------------------------------+
 * </pre>
 *
 * Text forms: {@link ArrayTextCodec}. {@code getObject}/{@code getList} of an array of more than one
 * dimension throw {@link ValueConversionException}; {@code getString} renders any dimension count.
 */
public final class ArrayCodec {
    public static final int HEADER_SIZE = 12;
    private static final int FLAG_HAS_NULLS = 1;
    /** PostgreSQL's limit on array dimensions (MAXDIM in array.h). */
    private static final int MAXDIM = 6;

    private ArrayCodec() {}

    static int ndimOffset(int value) {
        return value;
    }

    static int flagsOffset(int value) {
        return value + 4;
    }

    static int elementOidOffset(int value) {
        return value + 8;
    }

    static int dimSizeOffset(int value, int dim) {
        return value + HEADER_SIZE + 8 * dim;
    }

    static int lowerBoundOffset(int value, int dim) {
        return value + HEADER_SIZE + 8 * dim + 4;
    }

    /** Decodes an array of type {@code arrayOid}, converting each element to {@code elementType} (Object = natural type). */
    public static <T> List<T> decode(byte[] b, int off, int len, int arrayOid, boolean binary, Class<T> elementType) {
        int elementOid = textArrayElement(arrayOid, binary);
        if (elementOid == 0) {
            throw ValueCodec.unsupported("List", arrayOid);
        }
        return binary
                ? decodeBinary(b, off, len, elementOid, elementType)
                : decodeText(b, off, len, elementOid, elementType);
    }

    /**
     * The element type of {@code arrayOid}; for a type the driver does not know arriving as text (an
     * array of enums or of an extension's type: their OIDs are chosen at creation), {@code unknown},
     * whose elements each getter parses as text. 0 when neither.
     */
    static int textArrayElement(int arrayOid, boolean binary) {
        int element = PgTypes.elementOid(arrayOid);
        return element == 0 && !binary && ValueCodec.isTextLike(arrayOid) ? PgTypes.UNKNOWN : element;
    }

    private static <T> List<T> decodeBinary(byte[] b, int off, int len, int elementOid, Class<T> elementType) {
        int end = off + len;
        if (len < HEADER_SIZE) {
            throw malformed("shorter than header", len);
        }
        int ndim = readInt(b, ndimOffset(off));
        if (ndim == 0) {
            return Collections.emptyList();
        }
        if (ndim != 1) {
            return multiDimensional(b, off, len, elementOid, true, elementType, ndim);
        }
        if (len < HEADER_SIZE + 8 || readInt(b, elementOidOffset(off)) != elementOid) {
            throw malformed("header or element type mismatch", len);
        }
        int size = readInt(b, dimSizeOffset(off, 0));
        if (size < 0 || size > (len - HEADER_SIZE - 8) / 4) {
            throw malformed("element count out of range: " + size, len);
        }
        List<T> out = new ArrayList<>(size);
        Class<T> boxed = ValueCodec.box(elementType);
        int p = off + HEADER_SIZE + 8;
        for (int i = 0; i < size; i++) {
            int n = elementLength(b, p, end, i, len);
            p += 4;
            if (n == -1) {
                out.add(null);
                continue;
            }
            out.add(boxed.cast(ValueCodec.convert(b, p, n, elementOid, true, elementType)));
            p += n;
        }
        if (p != end) {
            throw malformed("bytes after the last element", len);
        }
        return out;
    }

    /** Nested lists for getObject and get(i, List.class); getList of one element class refuses them. */
    @SuppressWarnings("unchecked")
    private static <T> List<T> multiDimensional(
            byte[] b, int off, int len, int elementOid, boolean binary, Class<T> elementType, int ndim) {
        if (elementType != Object.class) {
            throw new ValueConversionException("array has more than one dimension: ndim=" + ndim
                    + " (read it with getObject as nested lists, or get(i, " + elementType.getSimpleName()
                    + "[][].class))");
        }
        return (List<T>) MultiArrayCodec.decode(b, off, len, elementOid, binary, Object.class);
    }

    private static <T> List<T> decodeText(byte[] b, int off, int len, int elementOid, Class<T> elementType) {
        int dims = textDimensions(b, off, len);
        if (dims > 1) {
            return multiDimensional(b, off, len, elementOid, false, elementType, dims);
        }
        List<String> texts = ArrayTextCodec.split(TextCodec.utf8(b, off, len));
        List<T> out = new ArrayList<>(texts.size());
        Class<T> boxed = ValueCodec.box(elementType);
        for (String s : texts) {
            if (s == null) {
                out.add(null);
            } else {
                byte[] e = s.getBytes(StandardCharsets.UTF_8);
                out.add(boxed.cast(ValueCodec.convert(e, 0, e.length, elementOid, false, elementType)));
            }
        }
        return out;
    }

    /** The number of dimensions of an array's text form: its leading braces, or its bounds decoration's pairs. */
    private static int textDimensions(byte[] b, int off, int len) {
        int i = off;
        int end = off + len;
        if (i < end && b[i] == '[') {
            int dims = 0;
            while (i < end && b[i] != '=') {
                dims += b[i++] == '[' ? 1 : 0;
            }
            return dims;
        }
        int dims = 0;
        while (i < end && b[i++] == '{') {
            dims++;
        }
        return dims;
    }

    /** A binary array (any number of dimensions) rendered as PostgreSQL's text form. */
    public static String binaryToText(byte[] b, int off, int len, int arrayOid) {
        if (len < HEADER_SIZE) {
            throw malformed("shorter than header", len);
        }
        int ndim = readInt(b, ndimOffset(off));
        if (ndim == 0) {
            return "{}";
        }
        if (ndim < 0 || ndim > MAXDIM || len < HEADER_SIZE + 8 * ndim) {
            throw malformed("dimension count out of range: " + ndim, len);
        }
        int elementOid = readInt(b, elementOidOffset(off));
        if (elementOid != PgTypes.elementOid(arrayOid)) {
            throw malformed("element type mismatch: " + elementOid, len);
        }
        int[] dims = new int[ndim];
        long total = 1;
        boolean decorate = false;
        StringBuilder bounds = new StringBuilder();
        for (int d = 0; d < ndim; d++) {
            dims[d] = readInt(b, dimSizeOffset(off, d));
            int lower = readInt(b, lowerBoundOffset(off, d));
            if (dims[d] < 0) {
                throw malformed("negative dimension size: " + dims[d], len);
            }
            total *= dims[d];
            decorate |= lower != 1;
            bounds.append('[')
                    .append(lower)
                    .append(':')
                    .append((long) lower + dims[d] - 1)
                    .append(']');
        }
        if (total > (len - HEADER_SIZE - 8L * ndim) / 4) {
            throw malformed("element count out of range: " + total, len);
        }
        List<String> elements = new ArrayList<>((int) total);
        int end = off + len;
        int p = off + HEADER_SIZE + 8 * ndim;
        for (long i = 0; i < total; i++) {
            int n = elementLength(b, p, end, i, len);
            p += 4;
            if (n == -1) {
                elements.add(null);
                continue;
            }
            elements.add(TextFormCodec.toText(b, p, n, elementOid, true));
            p += n;
        }
        if (p != end) {
            throw malformed("bytes after the last element", len);
        }
        StringBuilder s = new StringBuilder(8 * elements.size() + 2);
        if (decorate) {
            s.append(bounds).append('=');
        }
        appendNested(s, elements, dims, 0, new int[] {0});
        return s.toString();
    }

    /** Renders dimension {@code d} of a row-major element list: {@code {{1,2},{3,4}}}. */
    private static void appendNested(StringBuilder s, List<String> elements, int[] dims, int d, int[] next) {
        if (d == dims.length - 1) {
            List<String> run = elements.subList(next[0], next[0] + dims[d]);
            next[0] += dims[d];
            ArrayTextCodec.appendText(s, run);
            return;
        }
        s.append('{');
        for (int i = 0; i < dims[d]; i++) {
            if (i > 0) {
                s.append(',');
            }
            appendNested(s, elements, dims, d + 1, next);
        }
        s.append('}');
    }

    /** Writes a one-dimensional array (lower bound 1) of elements of {@code elementOid}, each in binary format. */
    public static void encode(List<?> elements, int elementOid, PgWriteBuffer out) {
        out.writeInt(1);
        out.writeInt(flags(elements));
        out.writeInt(elementOid);
        out.writeInt(elements.size());
        out.writeInt(1);
        encodeElements(elements, elementOid, out);
    }

    /** The header's flags word for {@code elements}: has-nulls if one is null, else 0. */
    static int flags(List<?> elements) {
        for (Object e : elements) { // not List.contains(null): immutable lists throw on it
            if (e == null) {
                return FLAG_HAS_NULLS;
            }
        }
        return 0;
    }

    /** Writes the elements after an array's header, in order: each its length and binary value, -1 for NULL. */
    static void encodeElements(List<?> elements, int elementOid, PgWriteBuffer out) {
        for (Object e : elements) {
            if (e == null) {
                out.writeInt(-1);
                continue;
            }
            int at = out.reserveInt();
            ParamEncoder.encodeBinary(e, elementOid, out);
            out.putInt(at, out.position() - at - 4);
        }
    }

    /**
     * The length of element {@code i}, whose Int32 length is at {@code p}: -1 for NULL, else checked
     * to fit before {@code end}. Throws on a truncated or out-of-bounds length.
     */
    private static int elementLength(byte[] b, int p, int end, long i, int len) {
        if (end - p < 4) {
            throw malformed("truncated at element " + i, len);
        }
        int n = readInt(b, p);
        if (n != -1 && (n < 0 || n > end - p - 4)) {
            throw malformed("element length out of bounds: " + n, len);
        }
        return n;
    }

    private static ValueConversionException malformed(String why, int len) {
        return new ValueConversionException("malformed binary array: reason=" + why + ", length=" + len);
    }
}
