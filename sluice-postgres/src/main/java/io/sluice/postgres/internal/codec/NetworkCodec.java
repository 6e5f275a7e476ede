package io.sluice.postgres.internal.codec;

import io.sluice.ValueConversionException;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import io.sluice.types.InetPrefix;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HexFormat;

/**
 * {@code inet}, {@code cidr}, {@code macaddr} and {@code macaddr8} in both formats ({@code network.c},
 * {@code mac.c}, {@code inet_net_ntop.c}). Binary inet/cidr, as {@code inet_send} writes it:
 *
 * <pre>
 *  +--------+--------+---------+--------+-------------------+
 *  | family | bits   | is_cidr | nb     | nb address bytes  |
 *  | 2 = v4 | prefix | 0 or 1  | 4 / 16 | network order     |
 *  | 3 = v6 | length |         |        |                   |
 *  +--------+--------+---------+--------+-------------------+
 * </pre>
 *
 * Text: an inet with the full prefix length prints no {@code /n}; a cidr always does. Addresses are
 * parsed as literals only ({@link InetAddress#ofLiteral}): nothing is ever looked up by name.
 */
final class NetworkCodec {
    private static final int PGSQL_AF_INET = 2;
    private static final int PGSQL_AF_INET6 = 3;
    private static final HexFormat MAC = HexFormat.ofDelimiter(":");

    private NetworkCodec() {}

    static InetPrefix decode(byte[] b, int off, int len, boolean binary) {
        if (!binary) {
            return parse(TextCodec.utf8(b, off, len).strip());
        }
        if (len < 4) {
            throw malformed(len);
        }
        int family = b[off];
        int bits = b[off + 1] & 0xFF;
        int nb = b[off + 3] & 0xFF;
        if (nb != len - 4 || (family == PGSQL_AF_INET ? nb != 4 : family != PGSQL_AF_INET6 || nb != 16)) {
            throw malformed(len);
        }
        byte[] addr = new byte[nb];
        System.arraycopy(b, off + 4, addr, 0, nb);
        try {
            InetAddress a = nb == 4 ? InetAddress.getByAddress(addr) : Inet6Address.getByAddress(null, addr, -1);
            return new InetPrefix(a, bits);
        } catch (UnknownHostException | IllegalArgumentException e) {
            throw new ValueConversionException("malformed binary inet: length=" + len, e);
        }
    }

    /** {@code 10.1.2.3}, {@code 10.1.0.0/16}, {@code ::ffff:1.2.3.4}: IPv4-mapped addresses stay IPv6. */
    static InetPrefix parse(String s) {
        int slash = s.indexOf('/');
        String literal = slash < 0 ? s : s.substring(0, slash);
        try {
            InetAddress a = InetAddress.ofLiteral(literal);
            if (a instanceof Inet4Address && literal.indexOf(':') >= 0) {
                byte[] mapped = new byte[16]; // ofLiteral turns ::ffff:a.b.c.d into IPv4; PostgreSQL keeps it IPv6
                mapped[10] = (byte) 0xFF;
                mapped[11] = (byte) 0xFF;
                System.arraycopy(a.getAddress(), 0, mapped, 12, 4);
                a = Inet6Address.getByAddress(null, mapped, -1);
            }
            int max = a.getAddress().length * 8;
            return new InetPrefix(a, slash < 0 ? max : Integer.parseInt(s.substring(slash + 1)));
        } catch (IllegalArgumentException | UnknownHostException e) {
            throw new ValueConversionException("text is not an inet value: value=" + s, e);
        }
    }

    /** PostgreSQL's text form: inet omits a full-length prefix, cidr always shows it. */
    static String format(InetPrefix v, boolean cidr) {
        byte[] a = v.address().getAddress();
        String addr = a.length == 4 ? v.address().getHostAddress() : formatIpv6(a);
        return cidr || !v.isHost() ? addr + "/" + v.prefixLength() : addr;
    }

    /**
     * RFC 5952-style compression as {@code inet_net_ntop_ipv6} does it: the longest run of two or
     * more zero groups becomes {@code ::}, and an IPv4-mapped or -compatible address ends in dotted quad.
     */
    static String formatIpv6(byte[] a) {
        int[] words = new int[8];
        for (int i = 0; i < 8; i++) {
            words[i] = ((a[2 * i] & 0xFF) << 8) | (a[2 * i + 1] & 0xFF);
        }
        int bestBase = -1;
        int bestLen = 0;
        int curBase = -1;
        int curLen = 0;
        for (int i = 0; i <= 8; i++) {
            if (i < 8 && words[i] == 0) {
                if (curBase == -1) {
                    curBase = i;
                    curLen = 1;
                } else {
                    curLen++;
                }
            } else if (curBase != -1) {
                if (bestBase == -1 || curLen > bestLen) {
                    bestBase = curBase;
                    bestLen = curLen;
                }
                curBase = -1;
            }
        }
        if (bestBase != -1 && bestLen < 2) {
            bestBase = -1;
        }
        StringBuilder s = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            if (bestBase != -1 && i >= bestBase && i < bestBase + bestLen) {
                if (i == bestBase) {
                    s.append(':');
                }
                continue;
            }
            if (i != 0) {
                s.append(':');
            }
            if (i == 6
                    && bestBase == 0
                    && (bestLen == 6 || (bestLen == 7 && words[7] != 0x0001) || (bestLen == 5 && words[5] == 0xffff))) {
                s.append(a[12] & 0xFF).append('.').append(a[13] & 0xFF).append('.');
                s.append(a[14] & 0xFF).append('.').append(a[15] & 0xFF);
                return s.toString();
            }
            s.append(Integer.toHexString(words[i]));
        }
        if (bestBase != -1 && bestBase + bestLen == 8) {
            s.append(':');
        }
        return s.toString();
    }

    /** Binary inet/cidr as {@code inet_send} writes it ({@code inet_recv} ignores the is_cidr byte). */
    static void encode(InetPrefix v, boolean cidr, PgWriteBuffer out) {
        byte[] a = v.address().getAddress();
        out.writeByte(a.length == 4 ? PGSQL_AF_INET : PGSQL_AF_INET6);
        out.writeByte(v.prefixLength());
        out.writeByte(cidr ? 1 : 0);
        out.writeByte(a.length);
        out.writeBytes(a);
    }

    /** macaddr (6 bytes) or macaddr8 (8 bytes): the bytes, from either format. */
    static byte[] macBytes(byte[] b, int off, int len, int oid, boolean binary) {
        int size = oid == PgTypes.MACADDR ? 6 : 8;
        if (binary) {
            TextCodec.requireLength(len, size, oid);
            byte[] out = new byte[size];
            System.arraycopy(b, off, out, 0, size);
            return out;
        }
        String s = TextCodec.utf8(b, off, len).strip();
        try {
            byte[] out = MAC.parseHex(s);
            if (out.length == size) {
                return out;
            }
        } catch (IllegalArgumentException e) {
            // fall through: the server prints only the canonical form, so this is malformed input
        }
        throw new ValueConversionException("text is not a " + PgTypes.typeName(oid) + " value: value=" + s);
    }

    /** The canonical text {@code 08:00:2b:01:02:03}, as macaddr_out writes it. */
    static String macText(byte[] mac) {
        return MAC.formatHex(mac);
    }

    private static ValueConversionException malformed(int len) {
        return new ValueConversionException("malformed binary inet: length=" + len);
    }
}
