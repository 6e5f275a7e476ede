package io.sluice.postgres.internal.codec;

import io.sluice.types.TypeCodec;

/**
 * The application's {@link TypeCodec}s as one connection has resolved them: by the type OID a result
 * column has, and by the Java class a getter asks for. Attached to the row layouts of connections
 * that register codecs, and absent (null) everywhere else.
 */
public interface CodecLookup {
    /** The codec for type {@code oid}, or null. */
    TypeCodec<?> byOid(int oid);

    /** The codec whose Java type is {@code type}, or null. */
    TypeCodec<?> byClass(Class<?> type);
}
