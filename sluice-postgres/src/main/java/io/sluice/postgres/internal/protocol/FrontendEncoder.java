package io.sluice.postgres.internal.protocol;

import static io.sluice.postgres.internal.protocol.FrontendMessage.*;

import io.sluice.postgres.internal.codec.ParamEncoder;
import java.util.Map;

/**
 * Renders frontend messages into a {@link PgWriteBuffer}: each method appends one complete message
 * (type byte, self-inclusive Int32 length patched after the body, body), so a burst of messages
 * leaves in a single write.
 *
 * <pre>
 *  Parse:    'P' | len | String statement | String query | Int16 n | Int32 paramTypeOid * n
 *  Bind:     'B' | len | String portal | String statement
 *                      | Int16 nf | Int16 paramFormat * nf
 *                      | Int16 np | (Int32 valueLength (-1 = NULL) | value bytes) * np
 *                      | Int16 nr | Int16 resultFormat * nr      (nr = 0: all text)
 *  Describe: 'D' | len | Byte1 'S' or 'P' | String name
 *  Execute:  'E' | len | String portal | Int32 maxRows (0 = all)
 *  Close:    'C' | len | Byte1 'S' or 'P' | String name
 *  Sync:     'S' | 4          Flush: 'H' | 4          Terminate: 'X' | 4
 *  Query:    'Q' | len | String sql
 *  Startup:  len | Int32 196608 | (String name | String value) * | Byte1 0
 *  SSLRequest:    Int32 8  | Int32 80877103
 *  CancelRequest: Int32 16 | Int32 80877102 | Int32 processId | Int32 secretKey
 * </pre>
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-message-formats.html">Message Formats</a>
 */
public final class FrontendEncoder {
    private FrontendEncoder() {}

    public static void startup(PgWriteBuffer out, Map<String, String> parameters) {
        int len = out.reserveInt();
        out.writeInt(PROTOCOL_VERSION_3);
        for (Map.Entry<String, String> e : parameters.entrySet()) {
            if (e.getValue() != null) {
                out.writeCString(e.getKey());
                out.writeCString(e.getValue());
            }
        }
        out.writeByte(0);
        out.patchLength(len);
    }

    public static void sslRequest(PgWriteBuffer out) {
        out.writeInt(8);
        out.writeInt(SSL_REQUEST_CODE);
    }

    public static void cancelRequest(PgWriteBuffer out, int processId, int secretKey) {
        out.writeInt(16);
        out.writeInt(CANCEL_REQUEST_CODE);
        out.writeInt(processId);
        out.writeInt(secretKey);
    }

    public static void passwordMessage(PgWriteBuffer out, String password) {
        oneString(out, PASSWORD_MESSAGE, password);
    }

    /** SASLInitialResponse: the chosen mechanism and the client-first-message. */
    public static void saslInitialResponse(PgWriteBuffer out, String mechanism, byte[] data) {
        int len = begin(out, SASL_INITIAL_RESPONSE);
        out.writeCString(mechanism);
        out.writeInt(data.length);
        out.writeBytes(data);
        out.patchLength(len);
    }

    /** SASLResponse: the client-final-message. */
    public static void saslResponse(PgWriteBuffer out, byte[] data) {
        int len = begin(out, SASL_RESPONSE);
        out.writeBytes(data);
        out.patchLength(len);
    }

    public static void parse(PgWriteBuffer out, String statement, String sql, int[] paramTypeOids) {
        int len = begin(out, PARSE);
        out.writeCString(statement);
        out.writeCString(sql);
        out.writeShort(paramTypeOids.length);
        for (int oid : paramTypeOids) {
            out.writeInt(oid);
        }
        out.patchLength(len);
    }

    /**
     * Bind with each parameter in the format {@link ParamEncoder#format} chooses.
     *
     * @param resultFormats one format code per result column, or null for all text
     * @throws io.sluice.ValueConversionException from the encoder; the buffer then holds a partial message
     */
    public static void bind(
            PgWriteBuffer out, String portal, String statement, Object[] params, short[] resultFormats) {
        int len = begin(out, BIND);
        out.writeCString(portal);
        out.writeCString(statement);
        out.writeShort(params.length);
        for (Object p : params) {
            out.writeShort(p == null ? 0 : ParamEncoder.format(p));
        }
        out.writeShort(params.length);
        for (Object p : params) {
            if (p == null) {
                out.writeInt(-1);
            } else {
                int valueLength = out.reserveInt();
                ParamEncoder.encode(p, out);
                out.putInt(valueLength, out.position() - valueLength - 4);
            }
        }
        if (resultFormats == null) {
            out.writeShort(0);
        } else {
            out.writeShort(resultFormats.length);
            for (short f : resultFormats) {
                out.writeShort(f);
            }
        }
        out.patchLength(len);
    }

    public static void describe(PgWriteBuffer out, byte target, String name) {
        targeted(out, DESCRIBE, target, name);
    }

    public static void execute(PgWriteBuffer out, String portal, int maxRows) {
        int len = begin(out, EXECUTE);
        out.writeCString(portal);
        out.writeInt(maxRows);
        out.patchLength(len);
    }

    public static void close(PgWriteBuffer out, byte target, String name) {
        targeted(out, CLOSE, target, name);
    }

    public static void sync(PgWriteBuffer out) {
        bodyless(out, SYNC);
    }

    public static void flush(PgWriteBuffer out) {
        bodyless(out, FLUSH);
    }

    public static void terminate(PgWriteBuffer out) {
        bodyless(out, TERMINATE);
    }

    public static void query(PgWriteBuffer out, String sql) {
        oneString(out, QUERY, sql);
    }

    /** CopyData: {@code length} bytes of COPY input, in whatever pieces (boundaries need not match rows). */
    public static void copyData(PgWriteBuffer out, byte[] data, int offset, int length) {
        out.writeByte(COPY_DATA);
        out.writeInt(4 + length);
        out.writeBytes(data, offset, length);
    }

    public static void copyDone(PgWriteBuffer out) {
        bodyless(out, COPY_DONE);
    }

    /** CopyFail: ends COPY FROM STDIN with an error carrying {@code reason}. */
    public static void copyFail(PgWriteBuffer out, String reason) {
        oneString(out, COPY_FAIL, reason);
    }

    /** A message that is its type and length alone. */
    private static void bodyless(PgWriteBuffer out, byte type) {
        out.writeByte(type);
        out.writeInt(4);
    }

    /** Describe or Close: the target (statement or portal) and its name. */
    private static void targeted(PgWriteBuffer out, byte type, byte target, String name) {
        int len = begin(out, type);
        out.writeByte(target);
        out.writeCString(name);
        out.patchLength(len);
    }

    /** A message whose body is one null-terminated string. */
    private static void oneString(PgWriteBuffer out, byte type, String value) {
        int len = begin(out, type);
        out.writeCString(value);
        out.patchLength(len);
    }

    private static int begin(PgWriteBuffer out, byte type) {
        out.writeByte(type);
        return out.reserveInt();
    }
}
