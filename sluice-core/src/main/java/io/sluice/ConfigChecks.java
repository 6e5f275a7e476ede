package io.sluice;

import java.time.Duration;
import java.util.List;

/**
 * The range checks of {@link ConnectionConfig.Builder}'s setters, in one place: each returns the value it
 * accepts (a list as an immutable copy) or throws {@link ConfigurationException} naming the setting (and
 * the value refused). URL values reach them through the builder too ({@link ConnectionUrl}), so a URL and
 * code refuse the same values with the same message.
 */
final class ConfigChecks {
    /** Smallest {@link ConnectionConfig#maxMessageSize()} the builder accepts. */
    private static final int MIN_MAX_MESSAGE_SIZE = 65_536;

    private ConfigChecks() {}

    /** A TCP port, or 0 for the driver's default. */
    static int port(int port) {
        if (port < 0 || port > 65535) {
            throw new ConfigurationException("port out of range: port=" + port);
        }
        return port;
    }

    /** A server list: at least one. */
    static List<ServerAddress> addresses(List<ServerAddress> addresses) {
        if (addresses.isEmpty()) {
            throw new ConfigurationException("addresses must name at least one server");
        }
        return List.copyOf(addresses);
    }

    /** A duration where zero means none. */
    static Duration nonNegative(Duration d, String name) {
        if (d == null || d.isNegative()) {
            throw new ConfigurationException(name + " must be >= 0: " + name + "=" + d);
        }
        return d;
    }

    /** A duration that must leave some time: negative and zero are refused with their own messages. */
    static Duration positive(Duration d, String name) {
        nonNegative(d, name);
        if (d.isZero()) {
            throw new ConfigurationException(name + " must be > 0: " + name + "=" + d);
        }
        return d;
    }

    static int maxMessageSize(int maxMessageSize) {
        if (maxMessageSize < MIN_MAX_MESSAGE_SIZE) {
            throw new ConfigurationException(
                    "maxMessageSize must be >= " + MIN_MAX_MESSAGE_SIZE + ": maxMessageSize=" + maxMessageSize);
        }
        return maxMessageSize;
    }

    static int statementCacheSize(int statementCacheSize) {
        if (statementCacheSize < 0) {
            throw new ConfigurationException(
                    "statementCacheSize must be >= 0: statementCacheSize=" + statementCacheSize);
        }
        return statementCacheSize;
    }
}
