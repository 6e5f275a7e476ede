package io.sluice.postgres.internal.codec;

import io.sluice.ValueConversionException;

/**
 * bytea text forms: hex ({@code \x0a1b}, the default {@code bytea_output}) and, when decoding, the
 * older escape format ({@code \\}, {@code \ooo} octal, other bytes as themselves). The binary form
 * is the raw bytes.
 */
public final class ByteaCodec {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private ByteaCodec() {}

    /** Decodes bytea text in hex or escape format. */
    public static byte[] decodeText(byte[] b, int off, int len) {
        if (len >= 2 && b[off] == '\\' && b[off + 1] == 'x') {
            return decodeHex(b, off + 2, len - 2);
        }
        return decodeEscape(b, off, len);
    }

    private static byte[] decodeHex(byte[] b, int off, int len) {
        if ((len & 1) != 0) {
            throw malformed("odd number of hex digits", len);
        }
        byte[] out = new byte[len / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) ((hexDigit(b[off + 2 * i], len) << 4) | hexDigit(b[off + 2 * i + 1], len));
        }
        return out;
    }

    private static int hexDigit(byte c, int len) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        throw malformed("not a hex digit: " + (char) (c & 0xFF), len);
    }

    private static byte[] decodeEscape(byte[] b, int off, int len) {
        byte[] out = new byte[len];
        int n = 0;
        int end = off + len;
        for (int i = off; i < end; ) {
            byte c = b[i];
            if (c != '\\') {
                out[n++] = c;
                i++;
            } else if (i + 1 < end && b[i + 1] == '\\') {
                out[n++] = '\\';
                i += 2;
            } else if (i + 3 < end && isOctal(b[i + 1]) && isOctal(b[i + 2]) && isOctal(b[i + 3])) {
                out[n++] = (byte) (((b[i + 1] - '0') << 6) | ((b[i + 2] - '0') << 3) | (b[i + 3] - '0'));
                i += 4;
            } else {
                throw malformed("bad escape sequence", len);
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    private static boolean isOctal(byte c) {
        return c >= '0' && c <= '7';
    }

    /** The hex text form {@code \x...} of raw bytes. */
    public static String encodeHexText(byte[] b, int off, int len) {
        char[] out = new char[2 + 2 * len];
        out[0] = '\\';
        out[1] = 'x';
        for (int i = 0; i < len; i++) {
            out[2 + 2 * i] = HEX[(b[off + i] >> 4) & 0xF];
            out[3 + 2 * i] = HEX[b[off + i] & 0xF];
        }
        return new String(out);
    }

    private static ValueConversionException malformed(String why, int len) {
        return new ValueConversionException("malformed bytea text: reason=" + why + ", length=" + len);
    }
}
