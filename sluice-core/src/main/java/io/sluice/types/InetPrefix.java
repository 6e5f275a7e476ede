package io.sluice.types;

import java.net.InetAddress;
import java.util.Objects;

/**
 * An IP address with a prefix length, as PostgreSQL's {@code inet} (a host address and its subnet,
 * {@code 192.168.1.5/24}) and {@code cidr} (a network, {@code 192.168.1.0/24}) hold it.
 * {@link InetAddress} alone would lose the prefix length, which is half of a {@code cidr} value.
 *
 * @param address      the address (an {@code Inet4Address} or {@code Inet6Address}); never resolved by name
 * @param prefixLength 0 to 32 for IPv4, 0 to 128 for IPv6
 */
public record InetPrefix(InetAddress address, int prefixLength) {

    /**
     * @throws IllegalArgumentException if the prefix length does not fit the address family
     */
    public InetPrefix {
        Objects.requireNonNull(address, "address");
        int max = address.getAddress().length * 8;
        if (prefixLength < 0 || prefixLength > max) {
            throw new IllegalArgumentException(
                    "prefix length out of range: prefixLength=" + prefixLength + ", max=" + max);
        }
    }

    /** The address with its full prefix length (a single host: /32 or /128). */
    public static InetPrefix of(InetAddress address) {
        return new InetPrefix(address, address.getAddress().length * 8);
    }

    /** True when the prefix covers the whole address (a single host). */
    public boolean isHost() {
        return prefixLength == address.getAddress().length * 8;
    }

    /** {@code address/prefixLength}, the address in its numeric form. */
    @Override
    public String toString() {
        return address.getHostAddress() + "/" + prefixLength;
    }
}
