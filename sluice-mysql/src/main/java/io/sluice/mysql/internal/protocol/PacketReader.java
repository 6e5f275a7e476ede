package io.sluice.mysql.internal.protocol;

import static io.sluice.mysql.internal.protocol.PacketDescriptor.HEADER_LENGTH;
import static io.sluice.mysql.internal.protocol.PacketDescriptor.MAX_PAYLOAD;
import static io.sluice.mysql.internal.protocol.PacketDescriptor.payloadOffset;
import static io.sluice.mysql.internal.protocol.PacketDescriptor.sequenceOffset;

import io.sluice.ConnectionException;
import io.sluice.ProtocolException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads packets from a stream with read-ahead: every {@code read} asks the stream for as much as
 * the buffer can hold, so a result of small rows costs one system call per buffer, not per packet.
 * A payload is handed out in place as a {@link Payload} over the buffer (no copy), valid until the
 * next {@link #next()}. Checks every sequence id and bounds every length.
 *
 * <p>The buffer grows only with bytes that have arrived (doubling when full, up to what the packet
 * still needs), never to a length the server declares, so a garbage length costs at most twice the
 * bytes really sent before the peer stops or the limit ({@code max_message_size}) trips.
 */
public final class PacketReader {
    private static final int INITIAL_CAPACITY = 64 * 1024;

    private InputStream in;
    private final int maxPayload;
    private byte[] buf = new byte[INITIAL_CAPACITY];
    private int readPos;
    private int limit;
    private int sequence;
    private final Payload payload = new Payload();

    /**
     * @param maxPayload the largest logical payload accepted, joined continuation packets included (a
     *                   larger one is a protocol error)
     */
    public PacketReader(InputStream in, int maxPayload) {
        this.in = in;
        this.maxPayload = maxPayload;
    }

    /** Switches to another stream (after the TLS handshake); nothing may be buffered. */
    public void reset(InputStream in) {
        if (readPos != limit) {
            throw new ProtocolException("unexpected bytes before TLS handshake: count=" + (limit - readPos));
        }
        this.in = in;
    }

    /** The sequence id the next packet must carry. */
    public void expectSequence(int sequence) {
        this.sequence = sequence & 0xff;
    }

    /** The sequence id after the last packet read. */
    public int sequence() {
        return sequence;
    }

    /** True when bytes of a further packet are already buffered (read-ahead). */
    public boolean hasBuffered() {
        return limit > readPos;
    }

    /** Reads the next packet's payload, joining continuation packets of a payload over 16 MiB. */
    public Payload next() {
        int length = readHeader();
        if (length < MAX_PAYLOAD) {
            ensure(length);
            int start = readPos;
            readPos += length;
            return payload.wrap(buf, start, start + length);
        }
        return nextLarge(length);
    }

    /**
     * Slow path: a payload split over several packets is copied into one array, grown as the
     * continuation packets arrive.
     */
    private Payload nextLarge(int first) {
        byte[] joined = new byte[0];
        int total = 0;
        int length = first;
        while (true) {
            if ((long) total + length > maxPayload) {
                throw tooLarge((long) total + length);
            }
            ensure(length);
            if (joined.length < total + length) {
                joined = java.util.Arrays.copyOf(
                        joined, (int) Math.min(maxPayload, Math.max(total + length, 2L * joined.length)));
            }
            System.arraycopy(buf, readPos, joined, total, length);
            readPos += length;
            total += length;
            if (length < MAX_PAYLOAD) {
                return payload.wrap(joined, 0, total);
            }
            length = readHeader();
        }
    }

    private ProtocolException tooLarge(long length) {
        return new ProtocolException(
                "packet too large: length>=" + length + ", max=" + maxPayload + " (setting max_message_size)");
    }

    private int readHeader() {
        ensure(HEADER_LENGTH);
        int p = readPos;
        int length = (buf[p] & 0xff) | (buf[p + 1] & 0xff) << 8 | (buf[p + 2] & 0xff) << 16;
        int seq = buf[sequenceOffset(p)] & 0xff;
        if (seq != sequence) {
            throw new ProtocolException("packet sequence mismatch: expected=" + sequence + ", actual=" + seq);
        }
        if (length > maxPayload) {
            throw tooLarge(length);
        }
        sequence = (sequence + 1) & 0xff;
        readPos = payloadOffset(p);
        return length;
    }

    /** Makes {@code n} bytes available at {@code readPos}. */
    private void ensure(int n) {
        if (limit - readPos < n) {
            fill(n);
        }
    }

    /**
     * Slow path of {@link #ensure}: compacts when the rest of the packet would not fit behind
     * {@code readPos}, and grows the buffer only once it is full of bytes that arrived.
     */
    private void fill(int n) {
        if (buf.length - readPos < n && readPos > 0) {
            System.arraycopy(buf, readPos, buf, 0, limit - readPos);
            limit -= readPos;
            readPos = 0;
        }
        while (limit - readPos < n) {
            if (limit == buf.length) {
                buf = java.util.Arrays.copyOf(buf, (int) Math.min((long) readPos + n, 2L * buf.length));
            }
            int r;
            try {
                r = in.read(buf, limit, buf.length - limit);
            } catch (IOException e) {
                throw new ConnectionException("read from server failed: " + e.getMessage(), e);
            }
            if (r < 0) {
                throw new ConnectionException(
                        "server closed the connection: expected=" + n + " bytes, buffered=" + (limit - readPos));
            }
            limit += r;
        }
    }

    /** The buffer's current capacity (for tests of the growth rule). */
    public int capacity() {
        return buf.length;
    }
}
