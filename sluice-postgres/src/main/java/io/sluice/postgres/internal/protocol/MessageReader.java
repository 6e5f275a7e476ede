package io.sluice.postgres.internal.protocol;

import io.sluice.ProtocolException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits the server's byte stream into messages, reading through one buffer (64 KiB, grown only
 * for a message larger than that, and then only as its bytes arrive, never to a length the server
 * merely declares) so that many small messages cost one read call.
 *
 * <pre>
 *  +------+------------------+------------------------------+
 *  | type | length (Int32,   | body: length - 4 bytes       |
 *  | 1 B  | includes itself) |                              |
 *  +------+------------------+------------------------------+
 *  ^ typeOffset(m)  ^ lengthOffset(m)  ^ bodyOffset(m)
 * </pre>
 *
 * After {@link #next()} the current message's body is {@code [bodyOffset(), bodyOffset() + bodyLength())}
 * of {@link #buffer()}, valid until the next call. A length below 4 or above {@link #maxMessageLength()}
 * is a {@link ProtocolException}; end of stream inside a message is an {@link EOFException}.
 *
 * <p>Not thread-safe: one reader at a time, as the connection's read turn guarantees.
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-overview.html#PROTOCOL-MESSAGE-CONCEPTS">Messaging Overview</a>
 */
public final class MessageReader {
    /** Initial buffer size. */
    public static final int BUFFER_SIZE = 64 * 1024;
    /** The largest message accepted: a 1 GiB field (PostgreSQL's limit) plus framing. */
    public static final int DEFAULT_MAX_MESSAGE_LENGTH = (1 << 30) + 1024;

    private static final int HEADER = 5;

    private final InputStream in;
    private final int maxMessageLength;
    private byte[] buf = new byte[BUFFER_SIZE];
    private int start; // first unconsumed byte
    private int limit; // end of bytes read so far
    private byte type;
    private int bodyOffset;
    private int bodyLength;

    public MessageReader(InputStream in) {
        this(in, DEFAULT_MAX_MESSAGE_LENGTH);
    }

    /** A reader refusing messages whose length field exceeds {@code maxMessageLength} (at least 5). */
    public MessageReader(InputStream in, int maxMessageLength) {
        if (maxMessageLength < HEADER) {
            throw new IllegalArgumentException("maxMessageLength must be >= 5: maxMessageLength=" + maxMessageLength);
        }
        this.in = in;
        this.maxMessageLength = maxMessageLength;
    }

    static int typeOffset(int message) {
        return message;
    }

    static int lengthOffset(int message) {
        return message + 1;
    }

    static int bodyOffset(int message) {
        return message + HEADER;
    }

    /**
     * Reads the next message (blocking) and returns its type byte.
     *
     * @throws ProtocolException for an impossible length
     * @throws IOException       for an I/O failure or end of stream (EOFException)
     */
    public byte next() throws IOException {
        ensure(HEADER);
        int message = start;
        byte t = buf[typeOffset(message)];
        int length = getInt(buf, lengthOffset(message));
        if (length < 4 || length > maxMessageLength) {
            throw new ProtocolException("malformed message length from server: type=" + BackendMessage.describe(t)
                    + ", length=" + length + ", max=" + maxMessageLength + " (setting max_message_size)");
        }
        ensure(1 + length);
        message = start; // ensure() may have compacted the buffer
        type = t;
        bodyOffset = bodyOffset(message);
        bodyLength = length - 4;
        start = message + 1 + length;
        return t;
    }

    /** The current message's type byte. */
    public byte type() {
        return type;
    }

    /** The buffer holding the current message; replaced when a larger message arrives. */
    public byte[] buffer() {
        return buf;
    }

    public int bodyOffset() {
        return bodyOffset;
    }

    public int bodyLength() {
        return bodyLength;
    }

    public int maxMessageLength() {
        return maxMessageLength;
    }

    /**
     * Reads one raw byte outside the message framing (the answer to an SSLRequest).
     * Fails if message bytes were already buffered after it, which would be a server speaking early.
     */
    public byte readSingleByte() throws IOException {
        ensure(1);
        byte b = buf[start++];
        if (start != limit) {
            throw new ProtocolException("unexpected bytes after the one-byte response: buffered=" + (limit - start));
        }
        return b;
    }

    /** Bytes read from the socket but not yet returned as messages. */
    public int buffered() {
        return limit - start;
    }

    /**
     * Makes {@code n} bytes from {@code start} available. The fast path (already buffered) is one
     * compare; the rest is {@link #fill}, which grows the buffer only as bytes arrive: a header that
     * declares 256 MiB and then nothing costs the 64 KiB buffer, not 256 MiB.
     */
    private void ensure(int n) throws IOException {
        if (limit - start >= n) {
            return;
        }
        fill(n);
    }

    private void fill(int n) throws IOException {
        if (buf.length - start < n && start > 0) {
            // Move the partial message to the front so that it can complete in place where it fits.
            System.arraycopy(buf, start, buf, 0, limit - start);
            limit -= start;
            start = 0;
        }
        while (limit - start < n) {
            if (limit == buf.length) {
                // Full, message incomplete: at most double, never beyond the declared need (bounded by
                // maxMessageLength in next()), so memory follows the bytes received.
                buf = Arrays.copyOfRange(buf, start, start + (int) Math.min(n, 2L * buf.length));
                limit -= start;
                start = 0;
            }
            int r = in.read(buf, limit, buf.length - limit);
            if (r < 0) {
                throw new EOFException("server closed the connection: needed=" + n + ", buffered=" + (limit - start));
            }
            limit += r;
        }
    }

    /** Shrinks the buffer back to its normal size after a large message, when nothing is buffered. */
    public void trim() {
        if (buf.length > BUFFER_SIZE && start == limit) {
            buf = new byte[BUFFER_SIZE];
            start = limit = 0;
        }
    }

    static int getInt(byte[] b, int at) {
        return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | (b[at + 3] & 0xff);
    }

    /** For tests: the unread bytes. */
    byte[] unread() {
        return Arrays.copyOfRange(buf, start, limit);
    }
}
