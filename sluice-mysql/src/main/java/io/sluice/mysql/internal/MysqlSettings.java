package io.sluice.mysql.internal;

import io.sluice.ConfigurationException;
import io.sluice.ConnectionConfig;
import io.sluice.mysql.internal.auth.AuthScramble;
import io.sluice.mysql.internal.auth.Ed25519Password;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The MySQL driver's own settings ({@code zero_date}, {@code max_packet_size}, {@code auth_plugin},
 * {@code local_infile_files}), parsed and checked once before any socket is opened: a malformed value is a
 * {@link ConfigurationException} naming the setting, never a failure halfway through a login.
 *
 * @param zeroDateAsNull   {@code zero_date=null}
 * @param maxPayload       the largest logical payload accepted from the server: the smaller of
 *                         {@code max_message_size} and {@code max_packet_size}
 * @param authPlugin       the plugin of the first login attempt, or null for the server's
 * @param localInfileFiles the files LOAD DATA LOCAL INFILE may send
 */
record MysqlSettings(boolean zeroDateAsNull, int maxPayload, String authPlugin, List<String> localInfileFiles) {
    /** Plugins {@link Handshaker#authResponse} can answer. */
    static final Set<String> AUTH_PLUGINS = Set.of(
            AuthScramble.MYSQL_NATIVE_PASSWORD,
            AuthScramble.CACHING_SHA2_PASSWORD,
            Ed25519Password.CLIENT_ED25519,
            AuthScramble.MYSQL_CLEAR_PASSWORD);
    /** The smallest max_packet_size: a handshake or a column definition must fit. */
    static final int MIN_PACKET_SIZE = 1024;

    /** Parses the driver settings of {@code config}; throws {@link ConfigurationException} for a bad value. */
    static MysqlSettings of(ConnectionConfig config) {
        String zeroDate = config.property("zero_date", "error");
        if (!zeroDate.equals("error") && !zeroDate.equals("null")) {
            throw new ConfigurationException(
                    "unknown zero_date setting: zero_date=" + zeroDate + ", expected error or null");
        }
        int maxPayload = config.maxMessageSize();
        String packet = config.property("max_packet_size", null);
        if (packet != null) {
            int n;
            try {
                n = Integer.parseInt(packet.strip());
            } catch (NumberFormatException e) {
                throw new ConfigurationException(
                        "max_packet_size is not a number of bytes: max_packet_size=" + packet, e);
            }
            if (n < MIN_PACKET_SIZE) {
                throw new ConfigurationException(
                        "max_packet_size too small: max_packet_size=" + packet + ", minimum=" + MIN_PACKET_SIZE);
            }
            maxPayload = Math.min(maxPayload, n);
        }
        String plugin = config.property("auth_plugin", null);
        if (plugin != null && !AUTH_PLUGINS.contains(plugin)) {
            throw new ConfigurationException("unknown auth_plugin setting: auth_plugin=" + plugin + ", supported="
                    + AUTH_PLUGINS.stream().sorted().toList());
        }
        String files = config.property("local_infile_files", "");
        List<String> allowed = files.isEmpty() ? List.of() : List.of(files.split(","));
        for (String f : allowed) {
            try {
                if (f.isBlank()) {
                    throw new ConfigurationException(
                            "empty file name in local_infile_files: local_infile_files=" + files);
                }
                Path.of(f);
            } catch (InvalidPathException e) {
                throw new ConfigurationException(
                        "bad file name in local_infile_files: file=" + f + ", reason=" + e.getReason(), e);
            }
        }
        return new MysqlSettings(zeroDate.equals("null"), maxPayload, plugin, allowed);
    }
}
