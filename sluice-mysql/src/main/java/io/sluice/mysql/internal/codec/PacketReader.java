package io.sluice.mysql.internal.codec;

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
 */
public final class PacketReader {
    private static final int INITIAL_CAPACITY = 64 * 1024;

    private InputStream in;
    private final int maxPacketSize;
    private byte[] buf = new byte[INITIAL_CAPACITY];
    private int readPos;
    private int limit;
    private int sequence;
    private final Payload payload = new Payload();

    /**
     * @param maxPacketSize the largest payload accepted (a larger length is a protocol error, which
     *                      also guards against a garbage length that would allocate gigabytes)
     */
    public PacketReader(InputStream in, int maxPacketSize) {
        this.in = in;
        this.maxPacketSize = maxPacketSize;
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

    /** Slow path: a payload split over several packets is copied into one array. */
    private Payload nextLarge(int first) {
        byte[] joined = new byte[0];
        int total = 0;
        int length = first;
        while (true) {
            if ((long) total + length > maxPacketSize) {
                throw new ProtocolException("packet too large: length>=" + ((long) total + length) + ", max=" + maxPacketSize
                        + " (setting max_packet_size)");
            }
            ensure(length);
            joined = java.util.Arrays.copyOf(joined, total + length);
            System.arraycopy(buf, readPos, joined, total, length);
            readPos += length;
            total += length;
            if (length < MAX_PAYLOAD) {
                return payload.wrap(joined, 0, total);
            }
            length = readHeader();
        }
    }

    private int readHeader() {
        ensure(HEADER_LENGTH);
        int p = readPos;
        int length = (buf[p] & 0xff) | (buf[p + 1] & 0xff) << 8 | (buf[p + 2] & 0xff) << 16;
        int seq = buf[sequenceOffset(p)] & 0xff;
        if (seq != sequence) {
            throw new ProtocolException("packet sequence mismatch: expected=" + sequence + ", actual=" + seq);
        }
        if (length > maxPacketSize) {
            throw new ProtocolException("packet too large: length=" + length + ", max=" + maxPacketSize
                    + " (setting max_packet_size)");
        }
        sequence = (sequence + 1) & 0xff;
        readPos = payloadOffset(p);
        return length;
    }

    /** Makes {@code n} bytes available at {@code readPos}, compacting or growing the buffer. */
    private void ensure(int n) {
        if (limit - readPos >= n) {
            return;
        }
        if (buf.length - readPos < n) {
            byte[] target = buf.length < n ? new byte[Math.max(n, buf.length * 2)] : buf;
            System.arraycopy(buf, readPos, target, 0, limit - readPos);
            limit -= readPos;
            readPos = 0;
            buf = target;
        }
        while (limit - readPos < n) {
            int r;
            try {
                r = in.read(buf, limit, buf.length - limit);
            } catch (IOException e) {
                throw new ConnectionException("read from server failed: " + e.getMessage(), e);
            }
            if (r < 0) {
                throw new ConnectionException("server closed the connection: expected=" + n + " bytes, buffered="
                        + (limit - readPos));
            }
            limit += r;
        }
    }
}
