package io.sluice.jdbc;

import java.util.Locale;

/**
 * Sluice's JDBC URLs: {@code jdbc:sluice:} followed by a native Sluice URL
 * ({@code jdbc:sluice:postgresql://host:5432/db?sslmode=verify-full}), so every setting the native URL takes
 * works unchanged.
 */
public final class JdbcUrl {
    /** The prefix every Sluice JDBC URL starts with. */
    public static final String PREFIX = "jdbc:sluice:";

    private JdbcUrl() {}

    /** Whether {@code url} is a Sluice JDBC URL (the prefix is matched without regard to case). */
    public static boolean accepts(String url) {
        return url != null && url.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    /** The native URL inside a Sluice JDBC URL; throws {@link IllegalArgumentException} if it is not one. */
    public static String nativeUrl(String url) {
        if (!accepts(url)) {
            throw new IllegalArgumentException("not a Sluice JDBC URL (expected " + PREFIX + "postgresql://...): "
                    + (url == null ? null : url.substring(0, Math.min(url.length(), PREFIX.length())).toLowerCase(Locale.ROOT)));
        }
        return url.substring(PREFIX.length());
    }
}
