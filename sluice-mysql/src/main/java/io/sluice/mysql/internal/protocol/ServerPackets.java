package io.sluice.mysql.internal.protocol;

import io.sluice.ProtocolException;
import io.sluice.ServerMessage;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Decoders for the generic response packets.
 *
 * <pre>
 *  ERR (https://mariadb.com/kb/en/err_packet/)   OK (https://mariadb.com/kb/en/ok_packet/)
 *  int<1>  0xff                                   int<1>      0x00 (or 0xfe ending a result)
 *  int<2>  error code                             int<lenenc> affected rows
 *  string<1> '#'  (protocol 4.1)                  int<lenenc> last insert id
 *  string<5> SQLSTATE                             int<2>      status flags
 *  string<EOF> message                            int<2>      warnings
 *
 *  EOF (https://mariadb.com/kb/en/eof_packet/): int<1> 0xfe, int<2> warnings, int<2> status flags
 * </pre>
 */
public final class ServerPackets {
    private ServerPackets() {}

    /** The fields of an ERR packet whose header byte was not yet consumed. */
    public static ServerMessage decodeError(Payload p) {
        p.position(p.start() + 1);
        int code = p.readInt2();
        String state = "HY000";
        if (p.remaining() > 0 && p.buffer()[p.position()] == '#' && p.remaining() >= 6) {
            p.skip(1);
            state = new String(p.buffer(), p.position(), 5, java.nio.charset.StandardCharsets.US_ASCII);
            p.skip(5);
        }
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("severity", "ERROR");
        fields.put("sqlstate", state);
        fields.put("message", p.readRestString());
        fields.put("error_code", Integer.toString(code));
        return new ServerMessage(fields);
    }

    /** The error code of a decoded ERR packet. */
    public static int errorCode(ServerMessage m) {
        return Integer.parseInt(m.field("error_code"));
    }

    /**
     * Decodes an OK packet (or the OK that ends a result) into {@code into}. Status and warnings are
     * mandatory with CLIENT_PROTOCOL_41: a shorter packet is a {@link io.sluice.ProtocolException}. What follows
     * them is the human-readable info text (no CLIENT_SESSION_TRACK is negotiated), which is not read.
     */
    public static OkPacket decodeOk(Payload p, OkPacket into) {
        p.position(p.start() + 1);
        long affected = p.readLengthEncoded();
        long lastInsertId = p.readLengthEncoded();
        if (affected < 0 || lastInsertId < 0) {
            throw new ProtocolException("malformed OK packet: NULL marker in a count, length=" + p.length());
        }
        into.affectedRows = affected;
        into.lastInsertId = lastInsertId;
        into.status = p.readInt2();
        into.warnings = p.readInt2();
        return into;
    }

    /** Decodes an old-style EOF packet (without CLIENT_DEPRECATE_EOF): exactly 5 bytes. */
    public static OkPacket decodeEof(Payload p, OkPacket into) {
        if (p.length() != 5) {
            throw new ProtocolException("malformed EOF packet: length=" + p.length() + ", expected=5");
        }
        p.position(p.start() + 1);
        into.affectedRows = 0;
        into.lastInsertId = 0;
        into.warnings = p.readInt2();
        into.status = p.readInt2();
        return into;
    }

    /** Mutable holder reused per connection for the last OK/EOF seen. */
    public static final class OkPacket {
        public long affectedRows;
        public long lastInsertId;
        public int status;
        public int warnings;
    }
}
