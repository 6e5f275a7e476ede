package io.sluice.mysql.internal.protocol;

import io.sluice.ProtocolException;
import java.nio.charset.StandardCharsets;

/**
 * A read cursor over one packet payload inside a shared buffer: the protocol's basic types
 * (https://mariadb.com/kb/en/protocol-data-types/) decoded in place. Reused for every packet;
 * valid until the next packet is read. Reading past the end throws {@link ProtocolException}.
 */
public final class Payload {
    byte[] buf;
    int start;
    int pos;
    int end;

    /** Points this cursor at {@code buf[start, end)}. */
    public Payload wrap(byte[] buf, int start, int end) {
        this.buf = buf;
        this.start = start;
        this.pos = start;
        this.end = end;
        return this;
    }

    public byte[] buffer() {
        return buf;
    }

    public int position() {
        return pos;
    }

    public void position(int pos) {
        this.pos = pos;
    }

    public int start() {
        return start;
    }

    public int end() {
        return end;
    }

    public int length() {
        return end - start;
    }

    public int remaining() {
        return end - pos;
    }

    /** The first byte of the payload, unsigned, or -1 when empty. */
    public int header() {
        return end > start ? buf[start] & 0xff : -1;
    }

    private void need(int n) {
        if (end - pos < n) {
            throw new ProtocolException(
                    "truncated packet: needed=" + n + ", remaining=" + (end - pos) + ", length=" + (end - start));
        }
    }

    public void skip(int n) {
        need(n);
        pos += n;
    }

    public int readInt1() {
        need(1);
        return buf[pos++] & 0xff;
    }

    public int readInt2() {
        need(2);
        int v = (buf[pos] & 0xff) | (buf[pos + 1] & 0xff) << 8;
        pos += 2;
        return v;
    }

    public int readInt3() {
        need(3);
        int v = (buf[pos] & 0xff) | (buf[pos + 1] & 0xff) << 8 | (buf[pos + 2] & 0xff) << 16;
        pos += 3;
        return v;
    }

    public int readInt4() {
        need(4);
        int v = getInt4(buf, pos);
        pos += 4;
        return v;
    }

    public long readInt8() {
        need(8);
        long v = getInt8(buf, pos);
        pos += 8;
        return v;
    }

    /** A length-encoded integer; -1 for the NULL marker 0xfb. */
    public long readLengthEncoded() {
        int first = readInt1();
        if (first < 0xfb) {
            return first;
        }
        return switch (first) {
            case 0xfb -> -1;
            case 0xfc -> readInt2();
            case 0xfd -> readInt3();
            case 0xfe -> readInt8();
            default ->
                throw new ProtocolException(
                        "malformed length-encoded integer: first=0xff, position=" + (pos - 1 - start));
        };
    }

    /** A length-encoded length that must fit in this payload (the NULL marker is no length). */
    public int readLengthEncodedLength() {
        long n = readLengthEncoded();
        if (n < 0) {
            throw new ProtocolException("NULL marker where a length is needed: position=" + (pos - 1 - start));
        }
        if (n > end - pos) {
            throw new ProtocolException(
                    "length-encoded field exceeds its packet: length=" + n + ", remaining=" + (end - pos));
        }
        return (int) n;
    }

    public String readLengthEncodedString() {
        long n = readLengthEncoded();
        if (n < 0) {
            return null;
        }
        if (n > end - pos) {
            throw new ProtocolException(
                    "length-encoded string exceeds its packet: length=" + n + ", remaining=" + (end - pos));
        }
        String s = new String(buf, pos, (int) n, StandardCharsets.UTF_8);
        pos += (int) n;
        return s;
    }

    /** A NUL-terminated string; a missing terminator is a protocol error. */
    public String readNulString() {
        int i = pos;
        while (i < end && buf[i] != 0) {
            i++;
        }
        if (i == end) {
            throw new ProtocolException("unterminated string in packet: position=" + (pos - start));
        }
        String s = new String(buf, pos, i - pos, StandardCharsets.UTF_8);
        pos = i + 1;
        return s;
    }

    /** The rest of the payload as text (EOF-terminated string). */
    public String readRestString() {
        String s = new String(buf, pos, end - pos, StandardCharsets.UTF_8);
        pos = end;
        return s;
    }

    public byte[] readBytes(int n) {
        need(n);
        byte[] b = new byte[n];
        System.arraycopy(buf, pos, b, 0, n);
        pos += n;
        return b;
    }

    public static int getInt4(byte[] b, int p) {
        return (b[p] & 0xff) | (b[p + 1] & 0xff) << 8 | (b[p + 2] & 0xff) << 16 | (b[p + 3] & 0xff) << 24;
    }

    public static long getInt8(byte[] b, int p) {
        return (getInt4(b, p) & 0xffffffffL) | ((long) getInt4(b, p + 4)) << 32;
    }
}
