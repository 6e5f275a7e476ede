package io.sluice.postgres.internal.codec;

import io.sluice.ValueConversionException;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import io.sluice.types.BitString;

/**
 * {@code bit(n)} and {@code bit varying} in both formats ({@code varbit.c}): binary is an int32 bit
 * count and the bits packed most significant first; text is {@code 0}/{@code 1} characters.
 */
final class BitStringCodec {
    private BitStringCodec() {}

    static BitString decode(byte[] b, int off, int len, boolean binary) {
        if (!binary) {
            return BitString.parse(TextCodec.utf8(b, off, len).strip());
        }
        if (len < 4) {
            throw malformed(len);
        }
        int bits = TextCodec.readInt(b, off);
        if (bits < 0 || (bits + 7L) / 8 != len - 4) {
            throw malformed(len);
        }
        byte[] packed = new byte[len - 4];
        System.arraycopy(b, off + 4, packed, 0, packed.length);
        return BitString.of(bits, packed);
    }

    static void encode(BitString v, PgWriteBuffer out) {
        out.writeInt(v.length());
        out.writeBytes(v.toByteArray());
    }

    private static ValueConversionException malformed(int len) {
        return new ValueConversionException("malformed binary bit string: length=" + len);
    }
}
