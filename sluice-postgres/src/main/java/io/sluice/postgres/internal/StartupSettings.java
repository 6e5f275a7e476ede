package io.sluice.postgres.internal;

import io.sluice.ConfigurationException;
import io.sluice.ConnectionConfig;
import io.sluice.postgres.internal.protocol.MessageReader;
import java.util.Locale;

/**
 * The driver settings the start-up reads from the connection properties, each checked where it is
 * parsed: {@code spin_micros}, {@code channel_binding} and {@code max_message_size}.
 */
final class StartupSettings {
    private StartupSettings() {}

    /**
     * spin_micros when the URL has none. A spin only pays when it outlasts the answer, and a local
     * server's answer time varies with the machine's own wake-up latency: 200 us catches the slow
     * answers that a shorter spin misses ({@code pg-point} suite). A spin that finds nothing backs off
     * (see SelectingChannelStreams), so a slower server costs little of it.
     */
    static final int DEFAULT_SPIN_MICROS = 200;

    /** spin_micros: default {@link #DEFAULT_SPIN_MICROS}, 0 = never. */
    static int spinMicros(ConnectionConfig config) {
        String value = config.property("spin_micros", Integer.toString(DEFAULT_SPIN_MICROS))
                .trim();
        try {
            int micros = Integer.parseInt(value);
            if (micros >= 0 && micros <= 100_000) {
                return micros;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ConfigurationException("spin_micros must be an integer from 0 to 100000: value=" + value);
    }

    /** libpq's channel_binding: prefer (default), require or disable. */
    static String channelBinding(ConnectionConfig config) {
        String value = config.properties()
                .getOrDefault("channel_binding", "prefer")
                .trim()
                .toLowerCase(Locale.ROOT);
        return switch (value) {
            case "prefer", "require", "disable" -> value;
            default ->
                throw new ConfigurationException(
                        "unknown channel_binding: value=" + value + ", expected one of disable, prefer, require");
        };
    }

    /**
     * max_message_size as the largest length field accepted. The default (1 GiB) keeps 1 KiB of
     * framing on top, so that a value of PostgreSQL's own 1 GiB limit still fits in a DataRow.
     */
    static int maxMessageLength(ConnectionConfig config) {
        int max = config.maxMessageSize();
        return max == ConnectionConfig.DEFAULT_MAX_MESSAGE_SIZE ? MessageReader.DEFAULT_MAX_MESSAGE_LENGTH : max;
    }
}
