package io.sluice.postgres.internal.codec;

import io.sluice.Interval;
import io.sluice.Json;
import io.sluice.ValueConversionException;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * Parameter values for Bind: the type OID to declare in Parse, the format code, and the bytes.
 * Everything is sent in binary except {@link String}, {@link Character} and enum constants, which go
 * as text with type OID 0 so that the server infers the type from the context (a String works for
 * any column, as in psql); so do the text-form types of {@link ExtendedParams} (hstore maps, records,
 * a type codec's text, the latter declared with its type's OID). The mapping is in TYPES.md.
 */
public final class ParamEncoder {
    private ParamEncoder() {}

    /** The type OID to declare in Parse for this value; 0 (the server infers) for null, String, Character, enums and lists with no typed element. */
    public static int typeOid(Object value) {
        if (value == null || isText(value)) {
            return 0;
        }
        if (value instanceof List<?> || isJavaArray(value)) {
            int element = elementOid(value);
            return element == 0 ? 0 : PgTypes.arrayOid(element);
        }
        int oid = scalarOid(value.getClass());
        return oid == ExtendedParams.BY_VALUE ? ExtendedParams.valueOid(value) : oid;
    }

    /** Bind format code for the value: 1 binary, 0 text. */
    public static short format(Object value) {
        return (short) (value == null || typeOid(value) == 0 || value instanceof ExtendedParams.TextParam ? 0 : 1);
    }

    /**
     * Writes the value (not null) in {@link #format}'s format, without the Int32 length prefix.
     *
     * @throws ValueConversionException for an unsupported Java type (naming it), or a value PostgreSQL
     *                                  cannot hold (a BigDecimal scale above 16383, a date out of range)
     */
    public static void encode(Object value, PgWriteBuffer out) {
        int oid = typeOid(value);
        if (oid == 0) {
            if (value instanceof List<?> || isJavaArray(value)) {
                // No element to infer a type from: an array literal of NULLs, typed by the server.
                List<?> elements = elements(value);
                out.writeByte('{');
                for (int i = 0; i < elements.size(); i++) {
                    out.writeUtf8(i == 0 ? "NULL" : ",NULL");
                }
                out.writeByte('}');
            } else {
                out.writeUtf8(value instanceof String s ? s : ExtendedParams.text(value));
            }
            return;
        }
        int element = PgTypes.elementOid(oid);
        if (element != 0 && isNested(value)) {
            List<Object> leaves = new ArrayList<>();
            int[] shape = MultiArrayCodec.shape(value, leaves);
            MultiArrayCodec.encode(shape, leaves, element, out);
        } else if (element != 0) {
            ArrayCodec.encode(elements(value), element, out);
        } else {
            encodeBinary(value, oid, out);
        }
    }

    /** Writes a scalar {@code value} in binary format as type {@code oid} (as {@link #scalarOid} chose it). */
    static void encodeBinary(Object value, int oid, PgWriteBuffer out) {
        switch (value) {
            case Boolean v -> out.writeByte(v ? 1 : 0);
            case Short v -> out.writeShort(v);
            case Byte v -> out.writeShort(v);
            case Integer v -> out.writeInt(v);
            case Long v -> out.writeLong(v);
            case Float v -> out.writeInt(Float.floatToRawIntBits(v));
            case Double v -> out.writeLong(Double.doubleToRawLongBits(v));
            case BigDecimal v -> NumericCodec.encode(v, out);
            case BigInteger v -> NumericCodec.encode(new BigDecimal(v), out);
            case byte[] v -> out.writeBytes(v);
            case UUID v -> {
                out.writeLong(v.getMostSignificantBits());
                out.writeLong(v.getLeastSignificantBits());
            }
            case LocalDate v -> DateTimeCodec.encodeDate(v, out);
            case LocalTime v -> DateTimeCodec.encodeTime(v, out);
            case OffsetTime v -> DateTimeCodec.encodeTimetz(v, out);
            case LocalDateTime v -> DateTimeCodec.encodeTimestamp(v, out);
            case OffsetDateTime v -> DateTimeCodec.encodeTimestamptz(v, out);
            case Instant v -> DateTimeCodec.encodeTimestamptz(v, out);
            case ZonedDateTime v -> DateTimeCodec.encodeTimestamptz(v.toOffsetDateTime(), out);
            case Interval v -> IntervalCodec.encode(v, out);
            case Duration v -> IntervalCodec.encode(v, out);
            case Json v -> {
                out.writeByte(JsonbCodec.JSONB_VERSION);
                out.writeUtf8(v.text());
            }
            // Array elements only: text's binary format is its UTF-8 bytes.
            case String v -> out.writeUtf8(v);
            case Character v -> out.writeUtf8(v.toString());
            case Enum<?> v -> out.writeUtf8(v.name());
            default -> {
                if (!ExtendedParams.encodeBinary(value, oid, out)) {
                    throw unsupported(value.getClass());
                }
            }
        }
    }

    /** The binary type OID for a Java class (String as text, for array elements). */
    static int scalarOid(Class<?> c) {
        if (c == Boolean.class || c == boolean.class) {
            return PgTypes.BOOL;
        } else if (c == Short.class || c == short.class || c == Byte.class) {
            return PgTypes.INT2;
        } else if (c == Integer.class || c == int.class) {
            return PgTypes.INT4;
        } else if (c == Long.class || c == long.class) {
            return PgTypes.INT8;
        } else if (c == Float.class || c == float.class) {
            return PgTypes.FLOAT4;
        } else if (c == Double.class || c == double.class) {
            return PgTypes.FLOAT8;
        } else if (c == BigDecimal.class || c == BigInteger.class) {
            return PgTypes.NUMERIC;
        } else if (c == byte[].class) {
            return PgTypes.BYTEA;
        } else if (c == UUID.class) {
            return PgTypes.UUID;
        } else if (c == LocalDate.class) {
            return PgTypes.DATE;
        } else if (c == LocalTime.class) {
            return PgTypes.TIME;
        } else if (c == OffsetTime.class) {
            return PgTypes.TIMETZ;
        } else if (c == LocalDateTime.class) {
            return PgTypes.TIMESTAMP;
        } else if (c == OffsetDateTime.class || c == Instant.class || c == ZonedDateTime.class) {
            return PgTypes.TIMESTAMPTZ;
        } else if (c == Interval.class || c == Duration.class) {
            return PgTypes.INTERVAL;
        } else if (c == Json.class) {
            return PgTypes.JSONB;
        } else if (c == String.class || c == Character.class || c == char.class || (c != null && c.isEnum())) {
            return PgTypes.TEXT;
        }
        int extended = c == null ? -1 : ExtendedParams.scalarOid(c);
        if (extended >= 0 || extended == ExtendedParams.BY_VALUE) {
            return extended;
        }
        throw unsupported(c);
    }

    private static boolean isText(Object value) {
        return value instanceof String || value instanceof Character || value instanceof Enum<?>;
    }

    private static boolean isJavaArray(Object value) {
        return value.getClass().isArray() && !(value instanceof byte[]);
    }

    /** The element type OID of a List or Java array parameter; 0 when it has no non-null element and no typed component. */
    private static int elementOid(Object value) {
        Class<?> component = value.getClass().getComponentType();
        if (isNested(value)) {
            List<Object> leaves = new ArrayList<>();
            MultiArrayCodec.shape(value, leaves);
            return leafOid(
                    leaves, value.getClass().isArray() ? MultiArrayCodec.leafClass(value.getClass()) : null, value);
        }
        return leafOid(elements(value), component, value);
    }

    /** The element type OID shared by {@code leaves} (or of their declared class); 0 when all are null. */
    private static int leafOid(List<?> leaves, Class<?> component, Object value) {
        if (component != null && component != Object.class && !component.isArray()) {
            return elementScalarOid(component, value);
        }
        int oid = 0;
        for (Object e : leaves) {
            if (e == null) {
                continue;
            }
            if (e instanceof List<?> || isJavaArray(e)) {
                throw multiDimensional(value);
            }
            int eo = elementScalarOid(e.getClass(), value);
            if (oid != 0 && eo != oid) {
                throw new ValueConversionException("array parameter mixes element types: first=" + PgTypes.typeName(oid)
                        + ", other=" + PgTypes.typeName(eo) + ", class="
                        + e.getClass().getName());
            }
            oid = eo;
        }
        return oid;
    }

    /** An array element's type OID; refuses classes sent as untyped text (hstore, composites, ranges). */
    private static int elementScalarOid(Class<?> c, Object value) {
        int oid = scalarOid(c);
        if (oid <= 0) { // text-form types (hstore, records) and ranges, whose type depends on the value
            throw new ValueConversionException("unsupported parameter: arrays of " + c.getName()
                    + " are not supported, class=" + value.getClass().getName());
        }
        return oid;
    }

    /** True for a List or Java array (not byte[]) whose first element, or component class, is itself one. */
    static boolean isNested(Object value) {
        Class<?> component = value.getClass().getComponentType();
        if (component != null && component != Object.class) {
            return component.isArray() && component != byte[].class || List.class.isAssignableFrom(component);
        }
        for (Object e : elements(value)) {
            if (e != null) {
                return e instanceof List<?> || isJavaArray(e);
            }
        }
        return false;
    }

    /** A List or Java array parameter's elements. */
    static List<?> elementsOf(Object value) {
        return elements(value);
    }

    private static List<?> elements(Object value) {
        if (value instanceof List<?> list) {
            return list;
        }
        if (value instanceof Object[] array) {
            return Arrays.asList(array);
        }
        int n = Array.getLength(value);
        List<Object> boxed = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            boxed.add(Array.get(value, i));
        }
        return boxed;
    }

    private static ValueConversionException multiDimensional(Object value) {
        return new ValueConversionException("unsupported parameter: an array mixes nested arrays and scalars, class="
                + value.getClass().getName());
    }

    private static ValueConversionException unsupported(Class<?> c) {
        return new ValueConversionException("unsupported parameter type: class=" + (c == null ? "null" : c.getName())
                + " (supported: String, Boolean, Short, Integer, Long, Float, Double, BigDecimal, BigInteger, byte[], UUID,"
                + " java.time types, Interval, Duration, Json, List or array of these (nested for several dimensions),"
                + " InetPrefix, InetAddress, BitString, Range, Map (hstore), records (composites), enums)");
    }
}
