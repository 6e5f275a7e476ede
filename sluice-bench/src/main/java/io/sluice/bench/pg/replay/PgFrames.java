package io.sluice.bench.pg.replay;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Framing of PostgreSQL protocol v3 messages, enough for the replay server to cut a byte stream into
 * messages without understanding them
 * (<a href="https://www.postgresql.org/docs/current/protocol-message-formats.html">Message Formats</a>).
 *
 * <pre>
 * startup-phase message (no type byte)     every later message
 * +--------+-------------------+           +------+--------+-------------------+
 * | int32  | int32 code or     |           | byte | int32  | body              |
 * | length | protocol version  | ...       | type | length | (length - 4)      |
 * +--------+-------------------+           +------+--------+-------------------+
 *  length counts itself                     length counts itself, not the type
 * </pre>
 */
final class PgFrames {
    /** SSLRequest's request code. */
    static final int SSL_REQUEST_CODE = 80877103;
    /** GSSENCRequest's request code. */
    static final int GSSENC_REQUEST_CODE = 80877104;
    /** CancelRequest's request code. */
    static final int CANCEL_REQUEST_CODE = 80877102;

    static final byte SYNC = 'S';
    static final byte QUERY = 'Q';
    static final byte TERMINATE = 'X';
    static final byte FLUSH = 'H';
    static final byte READY_FOR_QUERY = 'Z';
    static final byte ERROR_RESPONSE = 'E';
    static final byte AUTHENTICATION = 'R';

    private static final int MAX_MESSAGE = 64 << 20;

    private PgFrames() {}

    /** Offset of the code (or protocol version) in a startup-phase message. */
    static int startupCodeOffset() {
        return 4;
    }

    /** Offset of the length in a typed message. */
    static int lengthOffset() {
        return 1;
    }

    /** Reads one startup-phase message, whole (length prefix included); null at a clean end of stream. */
    static byte[] readStartup(DataInputStream in) throws IOException {
        int first = in.read();
        if (first < 0) {
            return null;
        }
        byte[] rest3 = in.readNBytes(3);
        if (rest3.length < 3) {
            throw new EOFException("replay: truncated startup length");
        }
        int length = (first << 24) | ((rest3[0] & 0xff) << 16) | ((rest3[1] & 0xff) << 8) | (rest3[2] & 0xff);
        checkLength(length, 8);
        byte[] message = new byte[length];
        message[0] = (byte) first;
        System.arraycopy(rest3, 0, message, 1, 3);
        in.readFully(message, 4, length - 4);
        return message;
    }

    /** The code of a startup-phase message. */
    static int startupCode(byte[] startup) {
        return ByteBuffer.wrap(startup).getInt(startupCodeOffset());
    }

    /** Reads one typed message, whole (type byte and length included); null at a clean end of stream. */
    static byte[] readMessage(DataInputStream in) throws IOException {
        int type = in.read();
        if (type < 0) {
            return null;
        }
        int length = in.readInt();
        checkLength(length, 4);
        byte[] message = new byte[1 + length];
        message[0] = (byte) type;
        ByteBuffer.wrap(message).putInt(lengthOffset(), length);
        in.readFully(message, 5, length - 4);
        return message;
    }

    /**
     * {@code message} with its prepared-statement name replaced by the session's canonical one
     * ({@code S1}, {@code S2}, ... in order of first use), for Parse, Bind, and Describe or Close of a
     * statement; any other message is returned as it is. Drivers may put random parts in statement
     * names (Sluice does, one per connection), so recorded and replayed sessions would never match
     * byte for byte; after this they do. The unnamed statement stays unnamed.
     */
    static byte[] canonicalStatementName(byte[] message, Map<String, String> names) {
        int nameStart;
        switch (message[0]) {
            case 'P' -> nameStart = 5; // Parse: statement name first
            case 'B' -> nameStart = indexOfZero(message, 5) + 1; // Bind: portal, then statement
            case 'D', 'C' -> {
                if (message[5] != 'S') {
                    return message; // a portal
                }
                nameStart = 6;
            }
            default -> {
                return message;
            }
        }
        int nameEnd = indexOfZero(message, nameStart);
        if (nameEnd == nameStart) {
            return message;
        }
        String name = new String(message, nameStart, nameEnd - nameStart, StandardCharsets.UTF_8);
        byte[] canonical =
                names.computeIfAbsent(name, n -> "S" + (names.size() + 1)).getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[message.length - (nameEnd - nameStart) + canonical.length];
        System.arraycopy(message, 0, out, 0, nameStart);
        System.arraycopy(canonical, 0, out, nameStart, canonical.length);
        System.arraycopy(message, nameEnd, out, nameStart + canonical.length, message.length - nameEnd);
        ByteBuffer.wrap(out).putInt(lengthOffset(), out.length - 1);
        return out;
    }

    private static int indexOfZero(byte[] b, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == 0) {
                return i;
            }
        }
        throw new IllegalArgumentException("replay: unterminated string in message type " + (char) b[0]);
    }

    /** An ErrorResponse with severity FATAL, SQLSTATE 08P01 and {@code text}. */
    static byte[] fatal(String text) {
        byte[] t = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(1 + 4 + (1 + 6) + (1 + 6) + (1 + t.length + 1) + 1);
        b.put(ERROR_RESPONSE).putInt(b.capacity() - 1);
        b.put((byte) 'S').put("FATAL\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        b.put((byte) 'C').put("08P01\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        b.put((byte) 'M').put(t).put((byte) 0);
        b.put((byte) 0);
        return b.array();
    }

    private static void checkLength(int length, int min) throws IOException {
        if (length < min || length > MAX_MESSAGE) {
            throw new IOException("replay: bad message length: length=" + length);
        }
    }
}
