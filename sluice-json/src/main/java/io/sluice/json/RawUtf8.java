package io.sluice.json;

import com.fasterxml.jackson.core.SerializableString;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A complete JSON value that is already UTF-8 bytes (a decimal's digits from the driver), handed
 * to Jackson's {@code writeRawValue}: a byte generator copies the bytes into its buffer, a character
 * generator gets the text. A view, pointed at each value in turn with {@link #of}: the bytes are
 * read, not copied, so the value must be written before they change. A raw value is never quoted,
 * so the quoting methods refuse.
 */
final class RawUtf8 implements SerializableString {
    private byte[] bytes;
    private int offset;
    private int length;

    /** Points this view at {@code length} bytes of {@code bytes} from {@code offset}; returns it. */
    RawUtf8 of(byte[] bytes, int offset, int length) {
        this.bytes = bytes;
        this.offset = offset;
        this.length = length;
        return this;
    }

    @Override
    public String getValue() {
        return new String(bytes, offset, length, StandardCharsets.UTF_8);
    }

    @Override
    public int charLength() {
        return getValue().length();
    }

    @Override
    public byte[] asUnquotedUTF8() {
        return Arrays.copyOfRange(bytes, offset, offset + length);
    }

    @Override
    public int appendUnquotedUTF8(byte[] buffer, int at) {
        if (buffer.length - at < length) {
            return -1;
        }
        System.arraycopy(bytes, offset, buffer, at, length);
        return length;
    }

    @Override
    public int appendUnquoted(char[] buffer, int at) {
        String text = getValue();
        if (buffer.length - at < text.length()) {
            return -1;
        }
        text.getChars(0, text.length(), buffer, at);
        return text.length();
    }

    @Override
    public int writeUnquotedUTF8(OutputStream out) throws IOException {
        out.write(bytes, offset, length);
        return length;
    }

    @Override
    public int putUnquotedUTF8(ByteBuffer buffer) {
        if (buffer.remaining() < length) {
            return -1;
        }
        buffer.put(bytes, offset, length);
        return length;
    }

    @Override
    public char[] asQuotedChars() {
        throw notQuoted();
    }

    @Override
    public byte[] asQuotedUTF8() {
        throw notQuoted();
    }

    @Override
    public int appendQuotedUTF8(byte[] buffer, int at) {
        throw notQuoted();
    }

    @Override
    public int appendQuoted(char[] buffer, int at) {
        throw notQuoted();
    }

    @Override
    public int writeQuotedUTF8(OutputStream out) {
        throw notQuoted();
    }

    @Override
    public int putQuotedUTF8(ByteBuffer buffer) {
        throw notQuoted();
    }

    private static UnsupportedOperationException notQuoted() {
        return new UnsupportedOperationException("a raw JSON value is written as it is, never quoted");
    }
}
