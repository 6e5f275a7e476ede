package io.sluice.postgres.internal.codec;

import io.sluice.ValueConversionException;

/**
 * jsonb binary format: one version byte (1) followed by the JSON text in UTF-8
 * ({@code jsonb_send} in {@code src/backend/utils/adt/jsonb.c}). json's binary format is the bare text.
 */
public final class JsonbCodec {
    /** The only jsonb binary format version PostgreSQL defines. */
    public static final int JSONB_VERSION = 1;

    private JsonbCodec() {}

    /** The offset of the JSON text inside a binary jsonb value; checks the version byte. */
    public static int payloadOffset(byte[] b, int off, int len) {
        if (len < 1 || b[off] != JSONB_VERSION) {
            throw new ValueConversionException("malformed binary jsonb: version="
                    + (len < 1 ? "missing" : Integer.toString(b[off])) + ", expected=" + JSONB_VERSION);
        }
        return off + 1;
    }
}
