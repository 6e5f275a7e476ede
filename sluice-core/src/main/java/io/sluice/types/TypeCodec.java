package io.sluice.types;

import java.util.Objects;
import java.util.function.Function;

/**
 * Reads and writes one database type as a Java class: a type of one's own, an extension's type (a
 * PostGIS {@code geometry}, {@code ltree}), or a built-in type the driver leaves as text. Register it
 * with {@link io.sluice.ConnectionConfig.Builder#typeCodec}; the PostgreSQL driver then:
 *
 * <ul>
 *   <li>finds the type's OID by {@link #typeName()} in {@code pg_type} the first time a result or a
 *       parameter of it appears on a connection, and caches it for the connection's life (a pool's
 *       {@code reset()} forgets it, so a type dropped and created again is found again);
 *   <li>returns {@code decodeText}'s value from {@code Row.getObject} and from {@code Row.get(i, javaType())}
 *       for columns of that type, whichever format (text or binary) the value arrived in: with
 *       {@link #decodeBinary} overridden and {@link #binary()} true the driver asks for binary
 *       values, otherwise for text;
 *   <li>sends a parameter whose class is {@link #javaType()} (or a subclass) as {@link #encodeText}'s
 *       text, declared as the type's OID once known, else untyped (the server infers it from the
 *       context; write {@code $1::mytype} where it cannot).
 * </ul>
 *
 * <p>A connection that registers no codec, or meets no registered type, pays nothing: no catalog
 * query, no work per value. Codecs must be thread-safe (one instance serves every connection built
 * from the configuration) and must not use the connection that calls them.
 *
 * @param <T> the Java class values read as
 */
public interface TypeCodec<T> {

    /**
     * The type's name as {@code pg_type} knows it: {@code geometry}, or schema-qualified
     * {@code app.mood} to choose between types of the same name in several schemas (unqualified: the
     * first such type on the connection's {@code search_path}, else any one of that name).
     */
    String typeName();

    /** The Java class values decode to and parameters of which this codec encodes. */
    Class<T> javaType();

    /**
     * The value from its text form (the type's output function's text, without quoting).
     *
     * @throws io.sluice.ValueConversionException (or any RuntimeException, which the driver wraps in
     *         one naming the column) when the text does not parse
     */
    T decodeText(String text);

    /** The type's text form of {@code value} (never null), as the type's input function reads it. */
    String encodeText(T value);

    /** True when {@link #decodeBinary} reads the type's binary ({@code _send}) form; false by default. */
    default boolean binary() {
        return false;
    }

    /**
     * The value from its binary form (the type's send function's bytes); called only when {@link #binary()}.
     *
     * @param value the bytes, a copy the codec may keep
     */
    default T decodeBinary(byte[] value) {
        throw new UnsupportedOperationException("binary decoding not supported: type=" + typeName());
    }

    /** A text-only codec from two functions, e.g. {@code TypeCodec.ofText("ltree", Path.class, Path::of, Path::toString)}. */
    static <T> TypeCodec<T> ofText(
            String typeName, Class<T> javaType, Function<String, T> decode, Function<T, String> encode) {
        Objects.requireNonNull(typeName, "typeName");
        Objects.requireNonNull(javaType, "javaType");
        Objects.requireNonNull(decode, "decode");
        Objects.requireNonNull(encode, "encode");
        return new TypeCodec<>() {
            @Override
            public String typeName() {
                return typeName;
            }

            @Override
            public Class<T> javaType() {
                return javaType;
            }

            @Override
            public T decodeText(String text) {
                return decode.apply(text);
            }

            @Override
            public String encodeText(T value) {
                return encode.apply(value);
            }

            @Override
            public String toString() {
                return "TypeCodec[" + typeName + " as " + javaType.getName() + "]";
            }
        };
    }
}
