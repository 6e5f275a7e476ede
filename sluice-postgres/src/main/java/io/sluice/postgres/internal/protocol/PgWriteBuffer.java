package io.sluice.postgres.internal.protocol;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable big-endian byte buffer that outgoing messages are rendered into, so that a burst of
 * messages leaves in one write. Length prefixes are reserved with {@link #reserveInt()} and patched
 * with {@link #patchLength(int)} once the body is written (estimate-then-render).
 *
 * <p>Not thread-safe: owned by the connection's writer.
 */
public final class PgWriteBuffer {
    private byte[] bytes;
    private int position;

    public PgWriteBuffer(int initialCapacity) {
        this.bytes = new byte[Math.max(16, initialCapacity)];
    }

    /** The backing array; valid bytes are {@code [0, position())}. */
    public byte[] array() {
        return bytes;
    }

    public int position() {
        return position;
    }

    /** Forgets the content, keeping the capacity. */
    public void clear() {
        position = 0;
    }

    /** Forgets everything after {@code position} (a message that failed half-way through encoding). */
    public void truncate(int position) {
        if (position < 0 || position > this.position) {
            throw new IllegalArgumentException(
                    "truncate beyond content: position=" + position + ", size=" + this.position);
        }
        this.position = position;
    }

    /** Makes room for {@code n} more bytes. */
    public void ensure(int n) {
        int needed = position + n;
        if (needed > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(needed, bytes.length * 2));
        }
    }

    public void writeByte(int b) {
        ensure(1);
        bytes[position++] = (byte) b;
    }

    public void writeShort(int s) {
        ensure(2);
        bytes[position++] = (byte) (s >>> 8);
        bytes[position++] = (byte) s;
    }

    public void writeInt(int i) {
        ensure(4);
        putInt(position, i);
        position += 4;
    }

    public void writeLong(long l) {
        ensure(8);
        for (int shift = 56; shift >= 0; shift -= 8) {
            bytes[position++] = (byte) (l >>> shift);
        }
    }

    public void writeBytes(byte[] src) {
        writeBytes(src, 0, src.length);
    }

    public void writeBytes(byte[] src, int offset, int length) {
        ensure(length);
        System.arraycopy(src, offset, bytes, position, length);
        position += length;
    }

    /** Writes {@code s} as UTF-8 without a terminator; returns the number of bytes written. */
    public int writeUtf8(String s) {
        int start = position;
        int n = s.length();
        ensure(n);
        // Fast path: ASCII needs no encoder; the first non-ASCII char hands off to the general path.
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                position = start;
                writeBytes(s.getBytes(StandardCharsets.UTF_8));
                return position - start;
            }
            bytes[position++] = (byte) c;
        }
        return n;
    }

    /** Writes {@code s} as UTF-8 followed by a NUL byte (a protocol "String"). */
    public void writeCString(String s) {
        writeUtf8(s);
        writeByte(0);
    }

    /** Reserves four bytes for a length written later by {@link #patchLength}; returns their position. */
    public int reserveInt() {
        ensure(4);
        int at = position;
        position += 4;
        return at;
    }

    /** Writes at {@code at} the number of bytes from {@code at} to the current position (PostgreSQL's self-inclusive length). */
    public void patchLength(int at) {
        putInt(at, position - at);
    }

    public void putInt(int at, int i) {
        bytes[at] = (byte) (i >>> 24);
        bytes[at + 1] = (byte) (i >>> 16);
        bytes[at + 2] = (byte) (i >>> 8);
        bytes[at + 3] = (byte) i;
    }
}
