package io.sluice.jdbc;

import io.sluice.ConnectionConfig;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;

/**
 * Sluice's JDBC URLs: {@code jdbc:sluice:} followed by a native Sluice URL
 * ({@code jdbc:sluice:postgresql://host:5432/db?sslmode=verify-full}), so every setting the native URL takes
 * works unchanged. {@link Properties} given to the driver fill in what the URL leaves out: each
 * becomes a query key of the native URL ({@code user}, {@code password}, {@code sslmode}...), and a
 * key the URL already has keeps the URL's value.
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
                    + (url == null
                            ? null
                            : url.substring(0, Math.min(url.length(), PREFIX.length()))
                                    .toLowerCase(Locale.ROOT)));
        }
        return url.substring(PREFIX.length());
    }

    /** The native URL with {@code info}'s properties added as query keys the URL does not set itself. */
    public static String nativeUrl(String url, Properties info) {
        String base = nativeUrl(url);
        if (info == null || info.isEmpty()) {
            return base;
        }
        int q = base.indexOf('?');
        Set<String> present = new HashSet<>();
        if (q >= 0) {
            for (String pair : base.substring(q + 1).split("&")) {
                int eq = pair.indexOf('=');
                present.add((eq < 0 ? pair : pair.substring(0, eq)).toLowerCase(Locale.ROOT));
            }
        }
        if (hasUserInfo(base)) {
            present.add("user");
            present.add("password");
        }
        StringBuilder b = new StringBuilder(base);
        char sep = q >= 0 ? '&' : '?';
        for (String key : info.stringPropertyNames()) {
            if (present.contains(key.toLowerCase(Locale.ROOT))) {
                continue;
            }
            b.append(sep).append(encode(key)).append('=').append(encode(info.getProperty(key)));
            sep = '&';
        }
        return b.toString();
    }

    private static boolean hasUserInfo(String nativeUrl) {
        int start = nativeUrl.indexOf("://");
        if (start < 0) {
            return false;
        }
        int end = nativeUrl.length();
        for (char c : new char[] {'/', '?', '#'}) {
            int i = nativeUrl.indexOf(c, start + 3);
            if (i >= 0 && i < end) {
                end = i;
            }
        }
        return nativeUrl.substring(start + 3, end).indexOf('@') >= 0;
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /**
     * The native configuration for a JDBC URL and properties, with the listener that turns server
     * notices into {@link java.sql.SQLWarning}s.
     *
     * @throws io.sluice.ConfigurationException for a malformed URL or setting
     */
    public static ConnectionConfig config(String url, Properties info) {
        return ConnectionConfig.fromUrl(nativeUrl(url, info)).toBuilder()
                .eventListener(Warnings.ROUTER)
                .build();
    }
}
