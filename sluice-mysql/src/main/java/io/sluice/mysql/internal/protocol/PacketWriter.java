package io.sluice.mysql.internal.protocol;

import static io.sluice.mysql.internal.protocol.PacketDescriptor.HEADER_LENGTH;
import static io.sluice.mysql.internal.protocol.PacketDescriptor.MAX_PAYLOAD;

import io.sluice.ConnectionException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Renders outgoing packets into one growing buffer and writes them with one call on
 * {@link #flush()}: several commands queued before a flush go out together (coalesced writes,
 * pipelining). Each packet's length is patched after its body is written.
 */
public final class PacketWriter {
    private OutputStream out;
    private byte[] buf = new byte[16 * 1024];
    private int pos;
    private int packetStart = -1;
    private int sequence;

    public PacketWriter(OutputStream out) {
        this.out = out;
    }

    public void reset(OutputStream out) {
        this.out = out;
    }

    /** Starts a packet with sequence id {@code seq}. */
    public PacketWriter begin(int seq) {
        sequence = seq & 0xff;
        ensure(HEADER_LENGTH);
        packetStart = pos;
        pos += HEADER_LENGTH;
        return this;
    }

    /** Starts a command packet (sequence 0) with its command byte. */
    public PacketWriter command(int command) {
        return begin(0).int1(command);
    }

    /** Patches the length of the packet begun last, splitting it when it exceeds 16 MiB. */
    public void end() {
        int length = pos - packetStart - HEADER_LENGTH;
        if (length >= MAX_PAYLOAD) {
            splitLarge(length);
            return;
        }
        writeHeader(packetStart, length, sequence);
        packetStart = -1;
    }

    /** Slow path: re-lays a payload of 16 MiB or more as a chain of packets. */
    private void splitLarge(int length) {
        byte[] body = java.util.Arrays.copyOfRange(buf, packetStart + HEADER_LENGTH, pos);
        pos = packetStart;
        int off = 0;
        int seq = sequence;
        while (true) {
            int n = Math.min(MAX_PAYLOAD, length - off);
            ensure(HEADER_LENGTH + n);
            writeHeader(pos, n, seq++ & 0xff);
            pos += HEADER_LENGTH;
            System.arraycopy(body, off, buf, pos, n);
            pos += n;
            off += n;
            if (n < MAX_PAYLOAD) {
                break;
            }
        }
        sequence = (seq - 1) & 0xff; // the last packet written
        packetStart = -1;
    }

    /** The sequence id the server's reply must carry: one more than the last packet written. */
    public int nextSequence() {
        return (sequence + 1) & 0xff;
    }

    private void writeHeader(int at, int length, int seq) {
        buf[at] = (byte) length;
        buf[at + 1] = (byte) (length >>> 8);
        buf[at + 2] = (byte) (length >>> 16);
        buf[at + 3] = (byte) seq;
    }

    /** True when packets wait to be flushed. */
    public boolean hasPending() {
        return pos > 0;
    }

    public void flush() {
        if (pos == 0) {
            return;
        }
        try {
            out.write(buf, 0, pos);
            out.flush();
        } catch (IOException e) {
            throw new ConnectionException("write to server failed: " + e.getMessage(), e);
        } finally {
            pos = 0;
        }
        if (buf.length > 1 << 20) {
            buf = new byte[16 * 1024]; // do not keep a huge buffer after one large statement
        }
    }

    /** Drops whatever was rendered but not flushed (after a failure while encoding). */
    public void discard() {
        pos = 0;
        packetStart = -1;
    }

    private void ensure(int n) {
        if (buf.length - pos < n) {
            buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
        }
    }

    public PacketWriter int1(int v) {
        ensure(1);
        buf[pos++] = (byte) v;
        return this;
    }

    public PacketWriter int2(int v) {
        ensure(2);
        buf[pos++] = (byte) v;
        buf[pos++] = (byte) (v >>> 8);
        return this;
    }

    public PacketWriter int3(int v) {
        ensure(3);
        buf[pos++] = (byte) v;
        buf[pos++] = (byte) (v >>> 8);
        buf[pos++] = (byte) (v >>> 16);
        return this;
    }

    public PacketWriter int4(int v) {
        ensure(4);
        buf[pos++] = (byte) v;
        buf[pos++] = (byte) (v >>> 8);
        buf[pos++] = (byte) (v >>> 16);
        buf[pos++] = (byte) (v >>> 24);
        return this;
    }

    public PacketWriter int8(long v) {
        int4((int) v);
        return int4((int) (v >>> 32));
    }

    public PacketWriter zeros(int n) {
        ensure(n);
        java.util.Arrays.fill(buf, pos, pos + n, (byte) 0);
        pos += n;
        return this;
    }

    public PacketWriter lengthEncoded(long v) {
        if (v < 0xfb) {
            return int1((int) v);
        } else if (v < 1 << 16) {
            return int1(0xfc).int2((int) v);
        } else if (v < 1 << 24) {
            return int1(0xfd).int3((int) v);
        }
        return int1(0xfe).int8(v);
    }

    public PacketWriter bytes(byte[] b) {
        return bytes(b, 0, b.length);
    }

    public PacketWriter bytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, pos, len);
        pos += len;
        return this;
    }

    public PacketWriter lengthEncodedBytes(byte[] b) {
        return lengthEncoded(b.length).bytes(b);
    }

    /** Text as UTF-8 with a length prefix, encoded straight into the buffer for ASCII. */
    public PacketWriter lengthEncodedString(String s) {
        int n = s.length();
        boolean ascii = true;
        for (int i = 0; i < n; i++) {
            if (s.charAt(i) >= 0x80) {
                ascii = false;
                break;
            }
        }
        if (!ascii) {
            return lengthEncodedBytes(s.getBytes(StandardCharsets.UTF_8));
        }
        lengthEncoded(n);
        ensure(n);
        for (int i = 0; i < n; i++) {
            buf[pos++] = (byte) s.charAt(i);
        }
        return this;
    }

    /** Text as UTF-8 up to the end of the packet (COM_QUERY, COM_STMT_PREPARE). */
    public PacketWriter restString(String s) {
        return bytes(s.getBytes(StandardCharsets.UTF_8));
    }

    public PacketWriter nulString(String s) {
        return bytes(s.getBytes(StandardCharsets.UTF_8)).int1(0);
    }

    /** Bytes written so far into the payload of the packet begun last. */
    public int payloadLength() {
        return pos - packetStart - HEADER_LENGTH;
    }

    /** Reserves {@code n} bytes and returns their offset, for a field patched later (null bitmap). */
    public int reserve(int n) {
        int at = pos;
        zeros(n);
        return at;
    }

    /** Sets bit {@code bit} of the bitmap reserved at {@code at}. */
    public void setBit(int at, int bit) {
        buf[at + (bit >>> 3)] |= (byte) (1 << (bit & 7));
    }
}
