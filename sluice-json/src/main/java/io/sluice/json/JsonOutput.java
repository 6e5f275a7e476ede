package io.sluice.json;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The byte buffer a result's JSON is rendered into, handed to the {@link OutputStream} whenever it
 * fills: UTF-8 straight from the driver's bytes, numbers and dates as ASCII digits, strings escaped
 * per RFC 8259 ({@code "}, {@code \}, control characters; everything else verbatim). It holds at most
 * its capacity, whatever the document's size. Not thread-safe.
 *
 * <p>It replaced jackson-core's {@code UTF8JsonGenerator} (see the package overview for the figures):
 * the generator checks its context per token and scans ISO dates char by char for escapes.
 */
final class JsonOutput {
    /** Longest text {@link #writeInt}/{@link #writeLong} produce: {@code -9223372036854775808}. */
    private static final int MAX_LONG_LENGTH = 20;
    /** Longest UTF-8 form of one UTF-16 char once escaped: a control character takes 6 (backslash, u, four hex digits). */
    private static final int MAX_BYTES_PER_CHAR = 6;
    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    /**
     * For each ASCII byte, 0 when it goes out as is, else the letter of its short escape ({@code \n})
     * or {@code 'u'} for the six-byte hexadecimal form.
     */
    private static final byte[] ESCAPE = new byte[128];

    static {
        for (int c = 0; c < 0x20; c++) {
            ESCAPE[c] = 'u';
        }
        ESCAPE['"'] = '"';
        ESCAPE['\\'] = '\\';
        ESCAPE['\b'] = 'b';
        ESCAPE['\f'] = 'f';
        ESCAPE['\n'] = 'n';
        ESCAPE['\r'] = 'r';
        ESCAPE['\t'] = 't';
    }

    private final OutputStream out;
    private final byte[] buf;
    private int pos;
    /**
     * Scratch for number text: {@code StringBuilder.append(double)} renders in place, where
     * {@code Double.toString} builds a String per value and took twice the time (58 vs 131 ns per
     * value on the benchmark machine).
     */
    private final StringBuilder digits = new StringBuilder(32);

    JsonOutput(OutputStream out, int capacity) {
        this.out = out;
        this.buf = new byte[Math.max(capacity, 64)];
    }

    /** Makes room for {@code n} bytes (at most the capacity) and returns the buffer to write them at {@link #position()}. */
    byte[] room(int n) throws IOException {
        if (buf.length - pos < n) {
            flushBuffer();
        }
        return buf;
    }

    int position() {
        return pos;
    }

    /** Marks the bytes up to {@code position} as written (after {@link #room}). */
    void position(int position) {
        pos = position;
    }

    void writeByte(char c) throws IOException {
        if (pos == buf.length) {
            flushBuffer();
        }
        buf[pos++] = (byte) c;
    }

    /** Writes {@code b} verbatim: pre-encoded keys, spliced JSON, base64. */
    void writeRaw(byte[] b) throws IOException {
        writeRaw(b, 0, b.length);
    }

    void writeRaw(byte[] b, int off, int len) throws IOException {
        if (buf.length - pos < len) {
            flushBuffer();
            if (len > buf.length) { // larger than the buffer: straight through, no copy
                out.write(b, off, len);
                return;
            }
        }
        System.arraycopy(b, off, buf, pos, len);
        pos += len;
    }

    /** Writes an ASCII-only string verbatim (number text from the JDK). */
    void writeAscii(String s) throws IOException {
        int len = s.length();
        if (len > buf.length) {
            writeRaw(s.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            return;
        }
        byte[] b = room(len);
        s.getBytes(0, len, b, pos); // deprecated for its lossy high byte; exact for ASCII, and copy-only
        pos += len;
    }

    /** Java's shortest round-trip form of a finite double, the text of {@link Double#toString(double)}. */
    void writeDouble(double v) throws IOException {
        digits.setLength(0);
        writeDigits(digits.append(v));
    }

    /** Java's shortest round-trip form of a finite float, the text of {@link Float#toString(float)}. */
    void writeFloat(float v) throws IOException {
        digits.setLength(0);
        writeDigits(digits.append(v));
    }

    private void writeDigits(StringBuilder text) throws IOException {
        int len = text.length();
        byte[] b = room(len);
        for (int i = 0; i < len; i++) {
            b[pos + i] = (byte) text.charAt(i); // ASCII: digits, '.', '-', 'E'
        }
        pos += len;
    }

    void writeInt(int v) throws IOException {
        writeLong(v);
    }

    void writeLong(long v) throws IOException {
        byte[] b = room(MAX_LONG_LENGTH);
        if (v == Long.MIN_VALUE) {
            writeAscii("-9223372036854775808");
            return;
        }
        int p = pos;
        if (v < 0) {
            b[p++] = '-';
            v = -v;
        }
        int end = p + digits(v);
        for (int i = end - 1; i >= p; i--) {
            b[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        pos = end;
    }

    private static int digits(long v) {
        int n = 1;
        for (long limit = 10; n < 19 && v >= limit; limit *= 10) {
            n++;
        }
        return n;
    }

    /** Writes UTF-8 text as a JSON string: quoted, escaped where JSON requires, other bytes copied in runs. */
    void writeQuotedUtf8(byte[] b, int off, int len) throws IOException {
        writeByte('"');
        int end = off + len;
        int run = off;
        for (int i = off; i < end; i++) {
            int c = b[i];
            if (c >= 0 && ESCAPE[c] != 0) { // bytes of multi-byte sequences are negative: never escaped
                writeRaw(b, run, i - run);
                writeEscape(c);
                run = i + 1;
            }
        }
        writeRaw(b, run, end - run);
        writeByte('"');
    }

    /** Writes a Java string as a JSON string: UTF-8, escaped; an unpaired surrogate becomes {@code ?}. */
    void writeQuoted(String s) throws IOException {
        writeByte('"');
        int len = s.length();
        int i = 0;
        while (i < len) {
            // One segment at a time, each small enough to fit the buffer even if every char escapes.
            int segmentEnd = Math.min(len, i + buf.length / MAX_BYTES_PER_CHAR - 1);
            byte[] b = room((segmentEnd - i) * MAX_BYTES_PER_CHAR + 1);
            int p = pos;
            for (; i < segmentEnd; i++) {
                char c = s.charAt(i);
                if (c < 0x80) {
                    if (ESCAPE[c] == 0) {
                        b[p++] = (byte) c;
                    } else {
                        p = putEscape(c, b, p);
                    }
                } else if (c < 0x800) {
                    b[p++] = (byte) (0xC0 | c >> 6);
                    b[p++] = (byte) (0x80 | c & 0x3F);
                } else if (Character.isHighSurrogate(c) && i + 1 < len && Character.isLowSurrogate(s.charAt(i + 1))) {
                    int cp = Character.toCodePoint(c, s.charAt(++i)); // may pass segmentEnd by one: room has the +1
                    b[p++] = (byte) (0xF0 | cp >> 18);
                    b[p++] = (byte) (0x80 | cp >> 12 & 0x3F);
                    b[p++] = (byte) (0x80 | cp >> 6 & 0x3F);
                    b[p++] = (byte) (0x80 | cp & 0x3F);
                } else if (Character.isSurrogate(c)) {
                    b[p++] = '?';
                } else {
                    b[p++] = (byte) (0xE0 | c >> 12);
                    b[p++] = (byte) (0x80 | c >> 6 & 0x3F);
                    b[p++] = (byte) (0x80 | c & 0x3F);
                }
            }
            pos = p;
        }
        writeByte('"');
    }

    private void writeEscape(int c) throws IOException {
        byte[] b = room(MAX_BYTES_PER_CHAR);
        pos = putEscape(c, b, pos);
    }

    private static int putEscape(int c, byte[] b, int p) {
        byte e = ESCAPE[c];
        b[p++] = '\\';
        if (e != 'u') {
            b[p++] = e;
            return p;
        }
        b[p] = 'u';
        b[p + 1] = '0';
        b[p + 2] = '0';
        b[p + 3] = HEX[c >> 4];
        b[p + 4] = HEX[c & 0xF];
        return p + 5;
    }

    /** Hands the buffered bytes to the stream. */
    private void flushBuffer() throws IOException {
        if (pos > 0) {
            out.write(buf, 0, pos);
            pos = 0;
        }
    }

    /** Hands the buffered bytes to the stream and flushes it. */
    void flush() throws IOException {
        flushBuffer();
        out.flush();
    }
}
