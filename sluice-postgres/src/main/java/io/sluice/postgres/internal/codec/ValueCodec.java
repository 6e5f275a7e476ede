package io.sluice.postgres.internal.codec;

import static io.sluice.postgres.internal.codec.TextCodec.readInt;
import static io.sluice.postgres.internal.codec.TextCodec.readLong;
import static io.sluice.postgres.internal.codec.TextCodec.readShort;
import static io.sluice.postgres.internal.codec.TextCodec.requireLength;

import io.sluice.Interval;
import io.sluice.ValueConversionException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * The type table: one value, given as {@code (bytes, offset, length, type OID, format)}, converted to
 * each Java type a getter asks for. Values are never NULL here ({@link PgRow} checks). Every
 * conversion is exact or throws {@link ValueConversionException}: integers out of range, fractions
 * into integers and NaN into BigDecimal are refused, never wrapped or rounded. See TYPES.md. The
 * date and time rows are in {@link TemporalValueCodec}, the text form in {@link TextFormCodec}.
 */
public final class ValueCodec {
    /** The most integer digits a PostgreSQL numeric can hold (131072 before the point). */
    private static final int MAX_INTEGER_DIGITS = 131_072;

    private ValueCodec() {}

    /** True for types whose value is free text: any getter may parse it. */
    static boolean isTextLike(int oid) {
        return switch (oid) {
            case PgTypes.TEXT, PgTypes.VARCHAR, PgTypes.BPCHAR, PgTypes.NAME, PgTypes.UNKNOWN, PgTypes.CHAR -> true;
            default -> !PgTypes.isSupportedScalar(oid) && PgTypes.elementOid(oid) == 0;
        };
    }

    /** bool (binary byte, text t/f) or parsed text (t, true, f, false). */
    public static boolean toBoolean(byte[] b, int off, int len, int oid, boolean binary) {
        if (oid == PgTypes.BOOL) {
            if (binary) {
                requireLength(len, 1, oid);
                return b[off] != 0;
            }
            if (len == 1 && (b[off] == 't' || b[off] == 'f')) {
                return b[off] == 't';
            }
        }
        if (oid == PgTypes.BOOL || isTextLike(oid)) {
            String s = TextCodec.utf8(b, off, len).strip();
            if (s.equalsIgnoreCase("t") || s.equalsIgnoreCase("true")) {
                return true;
            }
            if (s.equalsIgnoreCase("f") || s.equalsIgnoreCase("false")) {
                return false;
            }
            throw new ValueConversionException("text is not a boolean: type=" + PgTypes.typeName(oid) + ", value=" + s);
        }
        if (oid == PgTypes.BIT) { // bit(1), as pgjdbc reads it
            io.sluice.types.BitString bits = BitStringCodec.decode(b, off, len, binary);
            if (bits.length() == 1) {
                return bits.get(0);
            }
        }
        throw unsupported("boolean", oid);
    }

    /** Integer types, oid, and exact conversions of numeric, float and text; otherwise ValueConversionException. */
    public static long toLong(byte[] b, int off, int len, int oid, boolean binary) {
        switch (oid) {
            case PgTypes.INT2 -> {
                if (binary) {
                    requireLength(len, 2, oid);
                    return readShort(b, off);
                }
                return TextCodec.parseLong(b, off, len, oid);
            }
            case PgTypes.INT4 -> {
                if (binary) {
                    requireLength(len, 4, oid);
                    return readInt(b, off);
                }
                return TextCodec.parseLong(b, off, len, oid);
            }
            case PgTypes.INT8 -> {
                if (binary) {
                    requireLength(len, 8, oid);
                    return readLong(b, off);
                }
                return TextCodec.parseLong(b, off, len, oid);
            }
            case PgTypes.OID -> {
                if (binary) {
                    requireLength(len, 4, oid);
                    return readInt(b, off) & 0xFFFFFFFFL;
                }
                return TextCodec.parseLong(b, off, len, oid);
            }
            case PgTypes.FLOAT4, PgTypes.FLOAT8 -> {
                double d = toDouble(b, off, len, oid, binary);
                if (d == Math.rint(d) && d >= -0x1p63 && d < 0x1p63) {
                    return (long) d;
                }
                throw outOfRange("long", oid, FloatCodec.format(d, oid == PgTypes.FLOAT4));
            }
            case PgTypes.NUMERIC -> {
                BigDecimal d = toBigDecimal(b, off, len, oid, binary);
                try {
                    return d.longValueExact();
                } catch (ArithmeticException e) {
                    throw outOfRange("long", oid, d.toString()); // not toPlainString: 1e999999999 is text too
                }
            }
            default -> {
                if (isTextLike(oid)) {
                    return TextCodec.parseLong(b, off, len, oid);
                }
                throw unsupported("long", oid);
            }
        }
    }

    /** As {@link #toLong}, refusing values outside int's range. */
    public static int toInt(byte[] b, int off, int len, int oid, boolean binary) {
        if (oid == PgTypes.INT4 && binary) {
            requireLength(len, 4, oid);
            return readInt(b, off);
        }
        long v = toLong(b, off, len, oid, binary);
        if (v != (int) v) {
            throw outOfRange("int", oid, Long.toString(v));
        }
        return (int) v;
    }

    /** As {@link #toLong}, refusing values outside short's range. */
    public static short toShort(byte[] b, int off, int len, int oid, boolean binary) {
        long v = toLong(b, off, len, oid, binary);
        if (v != (short) v) {
            throw outOfRange("short", oid, Long.toString(v));
        }
        return (short) v;
    }

    /** float types, integers, numeric (NaN and the infinities included) and parsed text. */
    public static double toDouble(byte[] b, int off, int len, int oid, boolean binary) {
        switch (oid) {
            case PgTypes.FLOAT8 -> {
                if (binary) {
                    requireLength(len, 8, oid);
                    return Double.longBitsToDouble(readLong(b, off));
                }
                return FloatCodec.parse(b, off, len, oid);
            }
            case PgTypes.FLOAT4 -> {
                if (binary) {
                    requireLength(len, 4, oid);
                    return Float.intBitsToFloat(readInt(b, off));
                }
                return (float) FloatCodec.parse(b, off, len, oid);
            }
            case PgTypes.INT2, PgTypes.INT4, PgTypes.INT8, PgTypes.OID -> {
                return toLong(b, off, len, oid, binary);
            }
            case PgTypes.NUMERIC -> {
                return binary ? NumericCodec.binaryToDouble(b, off, len) : FloatCodec.parse(b, off, len, oid);
            }
            default -> {
                if (isTextLike(oid)) {
                    return FloatCodec.parse(b, off, len, oid);
                }
                throw unsupported("double", oid);
            }
        }
    }

    /** As {@link #toDouble}, refusing finite values beyond float's range. */
    public static float toFloat(byte[] b, int off, int len, int oid, boolean binary) {
        if (oid == PgTypes.FLOAT4 && binary) {
            requireLength(len, 4, oid);
            return Float.intBitsToFloat(readInt(b, off));
        }
        double d = toDouble(b, off, len, oid, binary);
        float f = (float) d;
        if (Float.isInfinite(f) && !Double.isInfinite(d)) {
            throw outOfRange("float", oid, Double.toString(d));
        }
        return f;
    }

    /** numeric (exact), integers, finite floats and parsed text; NaN and the infinities throw. */
    public static BigDecimal toBigDecimal(byte[] b, int off, int len, int oid, boolean binary) {
        switch (oid) {
            case PgTypes.NUMERIC -> {
                return binary ? NumericCodec.decodeBinary(b, off, len) : NumericCodec.parseText(b, off, len);
            }
            case PgTypes.INT2, PgTypes.INT4, PgTypes.INT8, PgTypes.OID -> {
                return BigDecimal.valueOf(toLong(b, off, len, oid, binary));
            }
            case PgTypes.FLOAT4, PgTypes.FLOAT8 -> {
                double d = toDouble(b, off, len, oid, binary);
                if (Double.isNaN(d) || Double.isInfinite(d)) {
                    throw new ValueConversionException("value has no BigDecimal form: type=" + PgTypes.typeName(oid)
                            + ", value=" + FloatCodec.format(d, oid == PgTypes.FLOAT4));
                }
                return new BigDecimal(oid == PgTypes.FLOAT4 ? Float.toString((float) d) : Double.toString(d));
            }
            default -> {
                if (isTextLike(oid)) {
                    return NumericCodec.parseText(b, off, len);
                }
                BigDecimal money = ExtendedValueCodec.toBigDecimal(b, off, len, oid, binary);
                if (money != null) {
                    return money;
                }
                throw unsupported("BigDecimal", oid);
            }
        }
    }

    /** bytea (hex or escape text), jsonb without its version byte, or the UTF-8 of json and text-like values. */
    public static byte[] toBytes(byte[] b, int off, int len, int oid, boolean binary) {
        if (oid == PgTypes.BYTEA) {
            return binary ? Arrays.copyOfRange(b, off, off + len) : ByteaCodec.decodeText(b, off, len);
        }
        if (oid == PgTypes.JSONB && binary) {
            int start = JsonbCodec.payloadOffset(b, off, len);
            return Arrays.copyOfRange(b, start, off + len);
        }
        if (oid == PgTypes.JSON || oid == PgTypes.JSONB || isTextLike(oid)) {
            return Arrays.copyOfRange(b, off, off + len);
        }
        byte[] mac = ExtendedValueCodec.toBytes(b, off, len, oid, binary);
        if (mac != null) {
            return mac;
        }
        throw unsupported("byte[]", oid);
    }

    /** uuid, or parsed text. */
    public static UUID toUuid(byte[] b, int off, int len, int oid, boolean binary) {
        if (oid == PgTypes.UUID && binary) {
            requireLength(len, 16, oid);
            return new UUID(readLong(b, off), readLong(b, off + 8));
        }
        if (oid == PgTypes.UUID || isTextLike(oid)) {
            String s = TextCodec.utf8(b, off, len).strip();
            try {
                return UUID.fromString(s);
            } catch (IllegalArgumentException e) {
                throw new ValueConversionException(
                        "text is not a uuid: type=" + PgTypes.typeName(oid) + ", value=" + s);
            }
        }
        throw unsupported("UUID", oid);
    }

    /** The value as the Java type of its {@link io.sluice.ColumnType}; see TYPES.md. */
    public static Object toObject(byte[] b, int off, int len, int oid, boolean binary) {
        return switch (oid) {
            case PgTypes.BOOL -> toBoolean(b, off, len, oid, binary);
            case PgTypes.INT2 -> toShort(b, off, len, oid, binary);
            case PgTypes.INT4 -> toInt(b, off, len, oid, binary);
            case PgTypes.INT8, PgTypes.OID -> toLong(b, off, len, oid, binary);
            case PgTypes.FLOAT4 -> toFloat(b, off, len, oid, binary);
            case PgTypes.FLOAT8 -> toDouble(b, off, len, oid, binary);
            case PgTypes.NUMERIC -> toBigDecimal(b, off, len, oid, binary);
            case PgTypes.BYTEA -> toBytes(b, off, len, oid, binary);
            case PgTypes.UUID -> toUuid(b, off, len, oid, binary);
            case PgTypes.DATE -> TemporalValueCodec.toLocalDate(b, off, len, oid, binary);
            case PgTypes.TIME -> TemporalValueCodec.toLocalTime(b, off, len, oid, binary);
            case PgTypes.TIMETZ -> TemporalValueCodec.toOffsetTime(b, off, len, oid, binary);
            case PgTypes.TIMESTAMP -> TemporalValueCodec.toLocalDateTime(b, off, len, oid, binary);
            case PgTypes.TIMESTAMPTZ -> TemporalValueCodec.toOffsetDateTime(b, off, len, oid, binary);
            case PgTypes.INTERVAL -> TemporalValueCodec.toInterval(b, off, len, oid, binary);
            default -> {
                if (PgTypes.elementOid(oid) != 0) {
                    yield ArrayCodec.decode(b, off, len, oid, binary, Object.class);
                }
                yield ExtendedValueCodec.isExtendedScalar(oid)
                        ? ExtendedValueCodec.toObject(b, off, len, oid, binary)
                        : TextFormCodec.toText(b, off, len, oid, binary);
            }
        };
    }

    static ValueConversionException unsupported(String javaType, int oid) {
        return new ValueConversionException("cannot read column as " + javaType + ": type=" + PgTypes.typeName(oid));
    }

    static ValueConversionException outOfRange(String javaType, int oid, String value) {
        return new ValueConversionException(
                "value out of range for " + javaType + ": type=" + PgTypes.typeName(oid) + ", value=" + value);
    }

    /**
     * The value converted to {@code type}: the getter table by Java class ({@code Object} = the column's
     * natural type, {@code List} = an array's elements as their natural types).
     */
    public static Object convert(byte[] b, int off, int len, int oid, boolean binary, Class<?> type) {
        Class<?> t = box(type);
        if (t == String.class) {
            return TextFormCodec.toText(b, off, len, oid, binary);
        } else if (t == Object.class) {
            return toObject(b, off, len, oid, binary);
        } else if (t == Integer.class) {
            return toInt(b, off, len, oid, binary);
        } else if (t == Long.class) {
            return toLong(b, off, len, oid, binary);
        } else if (t == Short.class) {
            return toShort(b, off, len, oid, binary);
        } else if (t == Double.class) {
            return toDouble(b, off, len, oid, binary);
        } else if (t == Float.class) {
            return toFloat(b, off, len, oid, binary);
        } else if (t == Boolean.class) {
            return toBoolean(b, off, len, oid, binary);
        } else if (t == BigDecimal.class) {
            return toBigDecimal(b, off, len, oid, binary);
        } else if (t == BigInteger.class) {
            BigDecimal d = toBigDecimal(b, off, len, oid, binary);
            if ((long) d.precision() - d.scale() > MAX_INTEGER_DIGITS) {
                throw outOfRange(
                        "BigInteger", oid, d.toString()); // numeric text such as 1e999999999 would not fit in memory
            }
            try {
                return d.toBigIntegerExact();
            } catch (ArithmeticException e) {
                throw outOfRange("BigInteger", oid, d.toString());
            }
        } else if (t == byte[].class) {
            return toBytes(b, off, len, oid, binary);
        } else if (t == UUID.class) {
            return toUuid(b, off, len, oid, binary);
        } else if (t == LocalDate.class) {
            return TemporalValueCodec.toLocalDate(b, off, len, oid, binary);
        } else if (t == LocalTime.class) {
            return TemporalValueCodec.toLocalTime(b, off, len, oid, binary);
        } else if (t == OffsetTime.class) {
            return TemporalValueCodec.toOffsetTime(b, off, len, oid, binary);
        } else if (t == LocalDateTime.class) {
            return TemporalValueCodec.toLocalDateTime(b, off, len, oid, binary);
        } else if (t == OffsetDateTime.class) {
            return TemporalValueCodec.toOffsetDateTime(b, off, len, oid, binary);
        } else if (t == Instant.class) {
            return TemporalValueCodec.toInstant(b, off, len, oid, binary);
        } else if (t == Interval.class) {
            return TemporalValueCodec.toInterval(b, off, len, oid, binary);
        } else if (t == Duration.class) {
            return TemporalValueCodec.toInterval(b, off, len, oid, binary).toDuration();
        } else if (t == List.class) {
            return PgTypes.elementOid(oid) == 0 && RangeCodec.isMultirange(oid)
                    ? ExtendedValueCodec.toObject(b, off, len, oid, binary)
                    : ArrayCodec.decode(b, off, len, oid, binary, Object.class);
        }
        Object v = ExtendedValueCodec.convert(b, off, len, oid, binary, t);
        if (v == null) {
            throw unsupported(type.getName(), oid);
        }
        return v;
    }

    /** The wrapper class of a primitive class; other classes unchanged. */
    @SuppressWarnings("unchecked")
    public static <T> Class<T> box(Class<T> type) {
        if (!type.isPrimitive()) {
            return type;
        }
        Class<?> boxed = type == int.class
                ? Integer.class
                : type == long.class
                        ? Long.class
                        : type == short.class
                                ? Short.class
                                : type == double.class
                                        ? Double.class
                                        : type == float.class
                                                ? Float.class
                                                : type == boolean.class
                                                        ? Boolean.class
                                                        : type == byte.class
                                                                ? Byte.class
                                                                : type == char.class ? Character.class : Void.class;
        return (Class<T>) boxed;
    }
}
