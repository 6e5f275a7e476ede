package io.sluice.mysql.internal.protocol;

import io.sluice.ProtocolException;

/**
 * The server's Initial Handshake Packet, protocol version 10
 * (https://mariadb.com/kb/en/connection/#initial-handshake-packet):
 *
 * <pre>
 *  int<1>     protocol version (10)
 *  string<NUL> server version ("5.5.5-" prefix on MariaDB)
 *  int<4>     connection id
 *  string<8>  scramble, part 1
 *  int<1>     reserved
 *  int<2>     capabilities, lower 16 bits
 *  int<1>     default collation
 *  int<2>     status flags
 *  int<2>     capabilities, upper 16 bits
 *  int<1>     scramble length (with CLIENT_PLUGIN_AUTH), else 0
 *  string<6>  reserved
 *  int<4>     MariaDB extended capabilities (when CLIENT_LONG_PASSWORD a.k.a. CLIENT_MYSQL is unset), else reserved
 *  string<n>  scramble, part 2, n = max(12, scramble length - 9), then a NUL
 *  string<NUL> authentication plugin name (with CLIENT_PLUGIN_AUTH)
 * </pre>
 *
 * @param serverVersion the version without MariaDB's replication prefix
 * @param capabilities  all 64 capability bits (MariaDB's extended ones in the upper half)
 * @param scramble      the 20-byte nonce for the authentication plugin
 */
public record InitialHandshake(
        String serverVersion,
        long connectionId,
        long capabilities,
        int collation,
        byte[] scramble,
        String authPlugin,
        boolean mariaDb) {

    /** Decodes the handshake, or throws {@link ProtocolException} if it is not a v10 handshake. */
    public static InitialHandshake decode(Payload p) {
        int protocol = p.readInt1();
        if (protocol != 10) {
            throw new ProtocolException("unsupported handshake: protocol_version=" + protocol + ", expected=10");
        }
        String version = p.readNulString();
        long connectionId = p.readInt4() & 0xffffffffL;
        byte[] part1 = p.readBytes(8);
        p.skip(1);
        long caps = p.readInt2();
        int collation = p.readInt1();
        p.skip(2); // status flags
        caps |= (long) p.readInt2() << 16;
        int scrambleLength = p.readInt1();
        p.skip(6);
        long ext = p.readInt4() & 0xffffffffL;
        boolean mariaDb = (caps & Capabilities.CLIENT_LONG_PASSWORD) == 0;
        if (mariaDb) {
            caps |= ext << 32;
        }
        byte[] scramble = part1;
        if ((caps & Capabilities.CLIENT_SECURE_CONNECTION) != 0) {
            int n = Math.max(12, scrambleLength - 9);
            byte[] part2 = p.readBytes(n);
            scramble = new byte[8 + n];
            System.arraycopy(part1, 0, scramble, 0, 8);
            System.arraycopy(part2, 0, scramble, 8, n);
            if (p.remaining() > 0) {
                p.skip(1); // NUL after part 2
            }
        }
        String plugin = "mysql_native_password";
        if ((caps & Capabilities.CLIENT_PLUGIN_AUTH) != 0 && p.remaining() > 0) {
            int s = p.position();
            int e = s;
            byte[] b = p.buffer();
            while (e < p.end() && b[e] != 0) {
                e++;
            }
            plugin = new String(b, s, e - s, java.nio.charset.StandardCharsets.US_ASCII);
        }
        if (version.startsWith("5.5.5-")) {
            version = version.substring(6);
        }
        mariaDb |= version.contains("MariaDB");
        return new InitialHandshake(version, connectionId, caps, collation, scramble, plugin, mariaDb);
    }
}
