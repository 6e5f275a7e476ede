package io.sluice.postgres.internal.codec;

import io.sluice.ValueConversionException;
import java.nio.charset.StandardCharsets;

/**
 * {@code tsvector}'s binary form rendered as its text form ({@code tsvectorsend}, {@code tsvectorout}
 * in {@code tsvector.c}); read as text only. Binary: int32 lexeme count, then per lexeme its UTF-8
 * bytes and a 0 byte, an int16 position count and per position an int16 (weight in the top two bits,
 * 3 = A ... 0 = D, position in the low 14).
 */
final class TsvectorCodec {
    private TsvectorCodec() {}

    static String binaryToText(byte[] b, int off, int len) {
        int end = off + len;
        if (len < 4) {
            throw malformed(len);
        }
        int count = TextCodec.readInt(b, off);
        if (count < 0 || count > len) {
            throw malformed(len);
        }
        int p = off + 4;
        StringBuilder s = new StringBuilder(len + count * 4);
        for (int i = 0; i < count; i++) {
            int zero = p;
            while (zero < end && b[zero] != 0) {
                zero++;
            }
            if (zero + 3 > end) {
                throw malformed(len);
            }
            if (i > 0) {
                s.append(' ');
            }
            s.append('\'');
            for (char c : new String(b, p, zero - p, StandardCharsets.UTF_8).toCharArray()) {
                if (c == '\'' || c == '\\') {
                    s.append(c);
                }
                s.append(c);
            }
            s.append('\'');
            p = zero + 1;
            int positions = TextCodec.readShort(b, p) & 0xFFFF;
            p += 2;
            if (positions * 2L > end - p) {
                throw malformed(len);
            }
            for (int j = 0; j < positions; j++) {
                int pos = TextCodec.readShort(b, p) & 0xFFFF;
                p += 2;
                s.append(j == 0 ? ':' : ',').append(pos & 0x3FFF);
                switch (pos >>> 14) {
                    case 3 -> s.append('A');
                    case 2 -> s.append('B');
                    case 1 -> s.append('C');
                    default -> {
                        // weight D is the default and is not printed
                    }
                }
            }
        }
        if (p != end) {
            throw malformed(len);
        }
        return s.toString();
    }

    private static ValueConversionException malformed(int len) {
        return new ValueConversionException("malformed binary tsvector: length=" + len);
    }
}
