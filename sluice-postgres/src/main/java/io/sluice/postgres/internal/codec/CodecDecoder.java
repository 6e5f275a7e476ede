package io.sluice.postgres.internal.codec;

import io.sluice.types.TypeCodec;
import java.util.Arrays;

/**
 * Values read through the application's {@link TypeCodec}s: a column of a codec's type (by OID) read
 * as {@code Object} or as the codec's class, or any column read as a codec's class (by class, from
 * its text). Reached only on connections that register codecs.
 */
final class CodecDecoder {
    private CodecDecoder() {}

    /** The value, or null when no codec applies (the caller then uses the driver's own table). */
    static Object decode(CodecLookup codecs, byte[] b, int off, int len, int oid, boolean binary, Class<?> type) {
        TypeCodec<?> codec = codecs.byOid(oid);
        if (codec != null) {
            if (type == Object.class || type == codec.javaType()) {
                return value(codec, b, off, len, binary);
            }
            if (type == String.class && binary) {
                return text(codec, value(codec, b, off, len, true));
            }
            return null;
        }
        if (type == Object.class || type == String.class) {
            return null;
        }
        codec = codecs.byClass(type);
        if (codec == null) {
            return null;
        }
        return codec.decodeText(binary ? TextFormCodec.toText(b, off, len, oid, true) : TextCodec.utf8(b, off, len));
    }

    private static Object value(TypeCodec<?> codec, byte[] b, int off, int len, boolean binary) {
        Object v = binary
                ? codec.decodeBinary(Arrays.copyOfRange(b, off, off + len))
                : codec.decodeText(TextCodec.utf8(b, off, len));
        if (v == null) {
            throw new io.sluice.ValueConversionException(
                    "type codec returned null for a value: type=" + codec.typeName());
        }
        return v;
    }

    @SuppressWarnings("unchecked")
    private static <T> String text(TypeCodec<T> codec, Object value) {
        return codec.encodeText((T) value);
    }
}
