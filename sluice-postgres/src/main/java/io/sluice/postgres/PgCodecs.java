package io.sluice.postgres;

import io.sluice.ValueConversionException;
import io.sluice.postgres.internal.codec.CompositeCodec;
import io.sluice.postgres.internal.codec.HstoreCodec;
import io.sluice.types.TypeCodec;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;

/**
 * Ready-made {@link TypeCodec}s for PostgreSQL types whose OID is chosen when they are created, to
 * register with {@link io.sluice.ConnectionConfig.Builder#typeCodec}. Without them those types read
 * as text from {@code getObject} and still convert by the class a getter asks for
 * ({@code get(i, Mood.class)}); with them {@code getObject} gives the Java value, parameters are
 * declared with the type's OID, and hstore and enum values travel in binary on cached statements.
 */
public final class PgCodecs {
    private PgCodecs() {}

    /**
     * The {@code hstore} extension's type as {@code Map<String, String>} (null values kept, the
     * server's key order), both formats.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static TypeCodec<Map<String, String>> hstore() {
        return new TypeCodec<>() {
            @Override
            public String typeName() {
                return "hstore";
            }

            @Override
            public Class<Map<String, String>> javaType() {
                return (Class) Map.class;
            }

            @Override
            public Map<String, String> decodeText(String text) {
                return HstoreCodec.parse(text);
            }

            @Override
            public String encodeText(Map<String, String> value) {
                return HstoreCodec.format(value);
            }

            @Override
            public boolean binary() {
                return true;
            }

            @Override
            public Map<String, String> decodeBinary(byte[] value) {
                return HstoreCodec.decode(value, 0, value.length, true);
            }

            @Override
            public String toString() {
                return "PgCodecs.hstore";
            }
        };
    }

    /**
     * A PostgreSQL enum ({@code CREATE TYPE mood AS ENUM (...)}) as the Java enum whose constant
     * names are its labels; both formats (an enum's binary form is its label).
     *
     * @param typeName the enum's name, optionally schema-qualified ({@code app.mood})
     */
    public static <E extends Enum<E>> TypeCodec<E> enumType(String typeName, Class<E> type) {
        Objects.requireNonNull(typeName, "typeName");
        Objects.requireNonNull(type, "type");
        return new Named<>("enumType", typeName, type) {
            @Override
            public E decodeText(String label) {
                try {
                    return Enum.valueOf(type, label);
                } catch (IllegalArgumentException e) {
                    throw new ValueConversionException("no constant of " + type.getName() + " for the label: type="
                            + typeName + ", value=" + label);
                }
            }

            @Override
            public String encodeText(E value) {
                return value.name();
            }

            @Override
            public boolean binary() {
                return true;
            }

            @Override
            public E decodeBinary(byte[] value) {
                return decodeText(new String(value, StandardCharsets.UTF_8));
            }
        };
    }

    /**
     * A composite type ({@code CREATE TYPE point AS (x int4, label text)}, a table's row type) as a
     * Java record, fields by position, each converted by the column rules of TYPES.md; text format
     * (so that {@code getString} stays the server's {@code record_out} text).
     */
    public static <R extends Record> TypeCodec<R> composite(String typeName, Class<R> type) {
        Objects.requireNonNull(typeName, "typeName");
        Objects.requireNonNull(type, "type");
        return new Named<>("composite", typeName, type) {
            @Override
            public R decodeText(String text) {
                byte[] b = text.getBytes(StandardCharsets.UTF_8);
                return type.cast(CompositeCodec.decode(b, 0, b.length, false, type));
            }

            @Override
            public String encodeText(R value) {
                return CompositeCodec.encodeText(value);
            }
        };
    }

    /** A codec for a type named at registration, mapped to a class given with it: the part enumType and composite share. */
    private abstract static class Named<T> implements TypeCodec<T> {
        private final String kind;
        final String typeName;
        final Class<T> type;

        Named(String kind, String typeName, Class<T> type) {
            this.kind = kind;
            this.typeName = typeName;
            this.type = type;
        }

        @Override
        public final String typeName() {
            return typeName;
        }

        @Override
        public final Class<T> javaType() {
            return type;
        }

        @Override
        public final String toString() {
            return "PgCodecs." + kind + "[" + typeName + " as " + type.getName() + "]";
        }
    }
}
