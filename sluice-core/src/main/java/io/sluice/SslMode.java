package io.sluice;

import java.util.Locale;

/**
 * TLS policy, with libpq's names and meanings; the MySQL driver uses the same ones.
 * The default is {@link #PREFER}, as in libpq.
 */
public enum SslMode {
    /** Never use TLS. */
    DISABLE,
    /** Try without TLS first; use TLS if the server insists. */
    ALLOW,
    /** Try TLS first; fall back to plain if the server has no TLS. Certificates are not checked. */
    PREFER,
    /** TLS or fail. Certificates are not checked. */
    REQUIRE,
    /** TLS or fail; the server's certificate must chain to a trusted CA. */
    VERIFY_CA,
    /** As {@link #VERIFY_CA}, and the certificate must name the host connected to. */
    VERIFY_FULL;

    /** Parses libpq's spelling ({@code verify-full}). */
    public static SslMode parse(String value) {
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(
                    "unknown sslmode: value=" + value
                            + ", expected one of disable, allow, prefer, require, verify-ca, verify-full",
                    e);
        }
    }

    /** The libpq spelling. */
    public String urlName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
