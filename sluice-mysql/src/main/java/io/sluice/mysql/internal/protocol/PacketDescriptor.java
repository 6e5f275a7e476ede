package io.sluice.mysql.internal.protocol;

/**
 * Layout of one MySQL packet (https://mariadb.com/kb/en/0-packet/):
 *
 * <pre>
 *   0         3     4
 *  +---------+-----+---------------------------+
 *  | length  | seq | payload (length bytes)    |
 *  | int<3>  | int1|                           |
 *  +---------+-----+---------------------------+
 * </pre>
 *
 * A payload of {@link #MAX_PAYLOAD} bytes is continued by the next packet; a payload of exactly
 * that size ends with an empty packet.
 */
public final class PacketDescriptor {
    private PacketDescriptor() {}

    public static final int HEADER_LENGTH = 4;
    public static final int MAX_PAYLOAD = 0xffffff;

    public static int lengthOffset(int packet) {
        return packet;
    }

    public static int sequenceOffset(int packet) {
        return packet + 3;
    }

    public static int payloadOffset(int packet) {
        return packet + HEADER_LENGTH;
    }
}
