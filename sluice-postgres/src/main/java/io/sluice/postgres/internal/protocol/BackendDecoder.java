package io.sluice.postgres.internal.protocol;

import io.sluice.Notification;
import io.sluice.ProtocolException;
import io.sluice.ServerMessage;
import io.sluice.postgres.internal.codec.RowLayout;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Decodes the bodies of backend messages, checking every length against the message's bounds: a
 * body that is truncated, overruns, or carries an impossible count raises {@link ProtocolException},
 * never an index error.
 *
 * <pre>
 *  RowDescription:  Int16 n | ( String name | Int32 tableOid | Int16 attnum | Int32 typeOid
 *                              | Int16 typlen | Int32 typmod | Int16 format ) * n
 *  ErrorResponse / NoticeResponse: ( Byte1 fieldCode | String value ) * | Byte1 0
 *  CommandComplete: String tag            ("INSERT 0 5", "UPDATE 3", "SELECT 7", "CREATE TABLE")
 *  ParameterStatus: String name | String value
 *  BackendKeyData:  Int32 processId | Int32 secretKey
 *  ReadyForQuery:   Byte1 status ('I' idle, 'T' in transaction, 'E' failed transaction)
 *  ParameterDescription: Int16 n | Int32 typeOid * n
 *  NotificationResponse: Int32 processId | String channel | String payload
 * </pre>
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-message-formats.html">Message Formats</a>
 * @see <a href="https://www.postgresql.org/docs/current/protocol-error-fields.html">Error and Notice Message Fields</a>
 */
public final class BackendDecoder {
    private BackendDecoder() {}

    /** A bounds-checked reading position inside one message body. */
    static final class Cursor {
        final byte type;
        final byte[] b;
        int pos;
        final int end;

        Cursor(byte type, byte[] b, int offset, int length) {
            this.type = type;
            this.b = b;
            this.pos = offset;
            this.end = offset + length;
        }

        int int8() {
            need(1);
            return b[pos++] & 0xff;
        }

        int int16() {
            need(2);
            int v = (short) ((b[pos] & 0xff) << 8 | (b[pos + 1] & 0xff));
            pos += 2;
            return v;
        }

        int int32() {
            need(4);
            int v = MessageReader.getInt(b, pos);
            pos += 4;
            return v;
        }

        String cString() {
            for (int i = pos; i < end; i++) {
                if (b[i] == 0) {
                    String s = new String(b, pos, i - pos, StandardCharsets.UTF_8);
                    pos = i + 1;
                    return s;
                }
            }
            throw malformed("unterminated string");
        }

        byte[] rest() {
            byte[] r = new byte[end - pos];
            System.arraycopy(b, pos, r, 0, r.length);
            pos = end;
            return r;
        }

        int remaining() {
            return end - pos;
        }

        void need(int n) {
            if (end - pos < n) {
                throw malformed("truncated body");
            }
        }

        void expectEnd() {
            if (pos != end) {
                throw malformed("trailing bytes: count=" + (end - pos));
            }
        }

        ProtocolException malformed(String what) {
            return BackendDecoder.malformed(type, what + ", offset=" + pos + ", end=" + end);
        }
    }

    static ProtocolException malformed(byte type, String what) {
        return new ProtocolException(
                "malformed message from server: type=" + BackendMessage.describe(type) + ", " + what);
    }

    /** ErrorResponse or NoticeResponse fields, keyed by the names {@link ServerMessage} documents. */
    public static ServerMessage serverMessage(byte type, byte[] b, int offset, int length) {
        Cursor c = new Cursor(type, b, offset, length);
        Map<String, String> fields = new LinkedHashMap<>();
        String localizedSeverity = null;
        while (true) {
            int code = c.int8();
            if (code == 0) {
                break;
            }
            String value = c.cString();
            if (code == 'S') {
                localizedSeverity = value;
                continue;
            }
            fields.put(fieldName(code), value);
        }
        c.expectEnd();
        if (localizedSeverity != null) {
            if (fields.containsKey("severity")) {
                fields.put("severity_localized", localizedSeverity);
            } else {
                fields.put("severity", localizedSeverity);
            }
        }
        if (fields.get("message") == null) {
            throw malformed(type, "no message field");
        }
        return new ServerMessage(fields);
    }

    static String fieldName(int code) {
        return switch (code) {
            case 'V' -> "severity";
            case 'C' -> "sqlstate";
            case 'M' -> "message";
            case 'D' -> "detail";
            case 'H' -> "hint";
            case 'P' -> "position";
            case 'p' -> "internal_position";
            case 'q' -> "internal_query";
            case 'W' -> "where";
            case 's' -> "schema";
            case 't' -> "table";
            case 'c' -> "column";
            case 'd' -> "datatype";
            case 'n' -> "constraint";
            case 'F' -> "file";
            case 'L' -> "line";
            case 'R' -> "routine";
            default -> String.valueOf((char) code);
        };
    }

    /**
     * RowDescription into a layout whose formats are those the server announced (all text after a
     * Describe of a statement, since no Bind has chosen formats yet).
     */
    public static RowLayout rowDescription(byte[] b, int offset, int length) {
        Cursor c = new Cursor(BackendMessage.ROW_DESCRIPTION, b, offset, length);
        int n = c.int16();
        // Each field takes at least 19 bytes: a bound on n before allocating arrays for it.
        if (n < 0 || n * 19 > c.remaining()) {
            throw c.malformed("impossible field count: count=" + n);
        }
        String[] names = new String[n];
        int[] oids = new int[n];
        int[] mods = new int[n];
        short[] formats = new short[n];
        int[] tables = null; // allocated on the first table column: a result of expressions needs none
        int[] attnums = null;
        for (int i = 0; i < n; i++) {
            names[i] = c.cString();
            c.need(18);
            int table = c.int32();
            int attnum = c.int16();
            if (table != 0) {
                if (tables == null) {
                    tables = new int[n];
                    attnums = new int[n];
                }
                tables[i] = table;
                attnums[i] = attnum;
            }
            oids[i] = c.int32();
            c.pos += 2; // typlen
            mods[i] = c.int32();
            int f = c.int16();
            if (f != 0 && f != 1) {
                throw c.malformed("unknown format code: format=" + f);
            }
            formats[i] = (short) f;
        }
        c.expectEnd();
        return new RowLayout(names, oids, mods, formats, tables, attnums);
    }

    /** ParameterDescription: the type OIDs of a statement's parameters. */
    public static int[] parameterDescription(byte[] b, int offset, int length) {
        Cursor c = new Cursor(BackendMessage.PARAMETER_DESCRIPTION, b, offset, length);
        int n = c.int16() & 0xffff;
        if (n * 4 != c.remaining()) {
            throw c.malformed("parameter count does not match length: count=" + n);
        }
        int[] oids = new int[n];
        for (int i = 0; i < n; i++) {
            oids[i] = c.int32();
        }
        return oids;
    }

    /**
     * The row count in a CommandComplete tag: the last word when it is a number ({@code INSERT 0 5},
     * {@code UPDATE 3}, {@code SELECT 7}), else 0 ({@code CREATE TABLE}).
     */
    public static long commandCompleteRows(byte[] b, int offset, int length) {
        return Math.max(0, commandCompleteCount(b, offset, length));
    }

    /** The row count in a CommandComplete tag, or -1 when the tag carries none ({@code CREATE TABLE}, {@code SHOW}). */
    public static long commandCompleteCount(byte[] b, int offset, int length) {
        int end = offset + length - 1;
        if (length < 1 || b[end] != 0) {
            throw malformed(BackendMessage.COMMAND_COMPLETE, "tag not terminated: length=" + length);
        }
        long rows = 0;
        long scale = 1;
        int i = end - 1;
        for (; i >= offset && b[i] >= '0' && b[i] <= '9'; i--) {
            if (scale > 100_000_000_000_000_000L) {
                throw malformed(BackendMessage.COMMAND_COMPLETE, "row count too long");
            }
            rows += (b[i] - '0') * scale;
            scale *= 10;
        }
        return i < end - 1 && (i < offset || b[i] == ' ') ? rows : -1;
    }

    /** ParameterStatus as {@code {name, value}}. */
    public static String[] parameterStatus(byte[] b, int offset, int length) {
        Cursor c = new Cursor(BackendMessage.PARAMETER_STATUS, b, offset, length);
        String[] nv = {c.cString(), c.cString()};
        c.expectEnd();
        return nv;
    }

    /** BackendKeyData as {@code {processId, secretKey}}. */
    public static int[] backendKeyData(byte[] b, int offset, int length) {
        Cursor c = new Cursor(BackendMessage.BACKEND_KEY_DATA, b, offset, length);
        int[] key = {c.int32(), c.int32()};
        c.expectEnd();
        return key;
    }

    /** ReadyForQuery's transaction status byte, checked to be one of I, T, E. */
    public static byte readyForQuery(byte[] b, int offset, int length) {
        if (length != 1) {
            throw malformed(BackendMessage.READY_FOR_QUERY, "length must be 1: length=" + length);
        }
        byte s = b[offset];
        if (s != BackendMessage.TRANSACTION_IDLE
                && s != BackendMessage.TRANSACTION_IN_BLOCK
                && s != BackendMessage.TRANSACTION_FAILED) {
            throw malformed(
                    BackendMessage.READY_FOR_QUERY, "unknown transaction status: status=" + BackendMessage.describe(s));
        }
        return s;
    }

    /** The Int32 sub-code of an Authentication message. */
    public static int authenticationCode(byte[] b, int offset, int length) {
        Cursor c = new Cursor(BackendMessage.AUTHENTICATION, b, offset, length);
        return c.int32();
    }

    /** The bytes after the sub-code of an Authentication message (salt, SASL data). */
    public static byte[] authenticationData(byte[] b, int offset, int length) {
        Cursor c = new Cursor(BackendMessage.AUTHENTICATION, b, offset, length);
        c.int32();
        return c.rest();
    }

    /** The mechanism names of AuthenticationSASL. */
    public static java.util.List<String> saslMechanisms(byte[] b, int offset, int length) {
        Cursor c = new Cursor(BackendMessage.AUTHENTICATION, b, offset, length);
        c.int32();
        java.util.List<String> names = new java.util.ArrayList<>();
        while (true) {
            String s = c.cString();
            if (s.isEmpty()) {
                break;
            }
            names.add(s);
        }
        c.expectEnd();
        return names;
    }

    /** Checks that a message with no body (ParseComplete, BindComplete, ...) has none. */
    public static void empty(byte type, int length) {
        if (length != 0) {
            throw malformed(type, "body must be empty: length=" + length);
        }
    }

    /** Checks CopyInResponse / CopyOutResponse: Int8 format (0, 1), Int16 n, Int16 format * n (each 0 or 1). */
    public static void copyResponse(byte type, byte[] b, int offset, int length) {
        Cursor c = new Cursor(type, b, offset, length);
        int overall = c.int8();
        int n = c.int16();
        if (overall > 1 || n < 0 || n * 2 != c.remaining()) {
            throw c.malformed("bad format or column count: format=" + overall + ", columns=" + n);
        }
        for (int i = 0; i < n; i++) {
            int f = c.int16();
            if (f != 0 && f != 1) {
                throw c.malformed("unknown column format: format=" + f);
            }
        }
    }

    /** NotificationResponse. */
    public static Notification notification(byte[] b, int offset, int length) {
        Cursor c = new Cursor(BackendMessage.NOTIFICATION_RESPONSE, b, offset, length);
        int processId = c.int32();
        String channel = c.cString();
        String payload = c.cString();
        c.expectEnd();
        return new Notification(channel, payload, processId);
    }
}
