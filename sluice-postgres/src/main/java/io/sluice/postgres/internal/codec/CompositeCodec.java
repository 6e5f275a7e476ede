package io.sluice.postgres.internal.codec;

import io.sluice.ValueConversionException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Composite values (a table's row type, {@code CREATE TYPE ... AS (...)}, {@code ROW(...)}) read into
 * Java records, field by position ({@code record_out}/{@code record_send} in {@code rowtypes.c}). Text:
 * {@code (1,"a b",)}, an empty unquoted field is NULL, a quoted one may hold doubled quotes and
 * backslash escapes. Binary: int32 field count, then per field its type OID, an int32 length (-1
 * NULL) and the field's binary value. Each field converts to its record component's type by the same
 * rules as a column (a nested composite to a nested record, an enum label to a Java enum...).
 */
public final class CompositeCodec {
    private CompositeCodec() {}

    /** The composite in {@code b} as a {@code type} record; fields beyond the record's components are refused. */
    public static Object decode(byte[] b, int off, int len, boolean binary, Class<?> type) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] args = new Object[components.length];
        int fields;
        if (binary) {
            fields = decodeBinary(b, off, len, components, args);
        } else {
            List<String> texts = split(TextCodec.utf8(b, off, len).strip());
            fields = texts.size();
            for (int i = 0; i < Math.min(fields, components.length); i++) {
                String t = texts.get(i);
                if (t != null) {
                    byte[] u = t.getBytes(StandardCharsets.UTF_8);
                    args[i] = convert(u, 0, u.length, PgTypes.UNKNOWN, false, components[i]);
                }
            }
        }
        if (fields != components.length) {
            throw new ValueConversionException("composite field count differs from the record's: fields=" + fields
                    + ", components=" + components.length + ", record=" + type.getName());
        }
        for (int i = 0; i < args.length; i++) {
            if (args[i] == null && components[i].getType().isPrimitive()) {
                throw new ValueConversionException("cannot read NULL field as " + components[i].getType() + ": field="
                        + components[i].getName() + ", record=" + type.getName());
            }
        }
        try {
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < types.length; i++) {
                types[i] = components[i].getType();
            }
            Constructor<?> c = type.getDeclaredConstructor(types);
            c.trySetAccessible(); // a public record in an exported package needs nothing; others must be open
            return c.newInstance(args);
        } catch (InvocationTargetException e) {
            throw new ValueConversionException(
                    "record constructor refused the composite: record=" + type.getName(), e.getCause());
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new ValueConversionException("cannot construct record: record=" + type.getName(), e);
        }
    }

    private static int decodeBinary(byte[] b, int off, int len, RecordComponent[] components, Object[] args) {
        int end = off + len;
        if (len < 4) {
            throw malformed(len);
        }
        int fields = TextCodec.readInt(b, off);
        if (fields < 0 || fields > len / 8 + 1) {
            throw malformed(len);
        }
        int p = off + 4;
        for (int i = 0; i < fields; i++) {
            if (end - p < 8) {
                throw malformed(len);
            }
            int oid = TextCodec.readInt(b, p);
            int n = TextCodec.readInt(b, p + 4);
            p += 8;
            if (n == -1) {
                continue;
            }
            if (n < 0 || n > end - p) {
                throw malformed(len);
            }
            if (i < components.length) {
                args[i] = convert(b, p, n, oid, true, components[i]);
            }
            p += n;
        }
        if (p != end) {
            throw malformed(len);
        }
        return fields;
    }

    private static Object convert(byte[] b, int off, int len, int oid, boolean binary, RecordComponent c) {
        if (c.getType() == List.class) {
            Class<?> element = elementClass(c);
            return ArrayCodec.decode(b, off, len, oid == PgTypes.UNKNOWN ? PgTypes.TEXT_ARRAY : oid, binary, element);
        }
        return ValueCodec.convert(b, off, len, oid, binary, c.getType());
    }

    private static Class<?> elementClass(RecordComponent c) {
        if (c.getGenericType() instanceof java.lang.reflect.ParameterizedType p
                && p.getActualTypeArguments()[0] instanceof Class<?> e) {
            return e;
        }
        return Object.class;
    }

    /** The fields of record_out's text, unquoted; null for NULL. */
    static List<String> split(String s) {
        int n = s.length();
        if (n < 2 || s.charAt(0) != '(' || s.charAt(n - 1) != ')') {
            throw new ValueConversionException("text is not a composite value: value=" + s);
        }
        List<String> out = new ArrayList<>();
        StringBuilder v = new StringBuilder();
        boolean quoted = false;
        boolean inQuotes = false;
        for (int i = 1; i < n; i++) {
            char c = s.charAt(i);
            if (!inQuotes && (c == ',' || i == n - 1)) {
                out.add(v.isEmpty() && !quoted ? null : v.toString());
                v.setLength(0);
                quoted = false;
                continue;
            }
            if (c == '\\' && i + 1 < n - 1) {
                v.append(s.charAt(++i));
            } else if (c == '"') {
                if (inQuotes && s.charAt(i + 1) == '"') {
                    v.append('"');
                    i++;
                } else {
                    inQuotes = !inQuotes;
                    quoted = true;
                }
            } else {
                v.append(c);
            }
        }
        return out;
    }

    /** record_in's text for a record parameter, each field as its text form (quoted, NULL as nothing). */
    public static String encodeText(Record r) {
        StringBuilder s = new StringBuilder("(");
        RecordComponent[] components = r.getClass().getRecordComponents();
        for (int i = 0; i < components.length; i++) {
            if (i > 0) {
                s.append(',');
            }
            Object v;
            try {
                var accessor = components[i].getAccessor();
                accessor.trySetAccessible();
                v = accessor.invoke(r);
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw new ValueConversionException(
                        "cannot read record component: record=" + r.getClass().getName() + ", component="
                                + components[i].getName(),
                        e);
            }
            if (v != null) {
                String t = ExtendedParams.text(v);
                s.append('"');
                for (int j = 0; j < t.length(); j++) {
                    char c = t.charAt(j);
                    if (c == '"' || c == '\\') {
                        s.append(c);
                    }
                    s.append(c);
                }
                s.append('"');
            }
        }
        return s.append(')').toString();
    }

    private static ValueConversionException malformed(int len) {
        return new ValueConversionException("malformed binary composite: length=" + len);
    }
}
