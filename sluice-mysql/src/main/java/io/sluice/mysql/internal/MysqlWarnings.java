package io.sluice.mysql.internal;

import io.sluice.ServerEventListener;
import io.sluice.ServerMessage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A statement's warnings for the {@link ServerEventListener}: SHOW WARNINGS
 * (https://mariadb.com/kb/en/show-warnings/) read as {@link ServerMessage}s, one extra round trip that
 * {@link MysqlConnection} takes only when a listener is registered and the server counted warnings.
 */
final class MysqlWarnings {
    private MysqlWarnings() {}

    /**
     * Hands the last statement's warnings on {@code c} (the caller holds its lock) to its listener: SHOW WARNINGS,
     * one extra round trip.
     */
    static void deliver(MysqlConnection c) {
        c.pendingWarnings = false;
        ServerEventListener listener = c.config().eventListener();
        List<ServerMessage> messages = read(c);
        c.pendingWarnings = false;
        deliver(listener, messages);
    }

    /** Runs SHOW WARNINGS on {@code c} (the caller holds its lock) and reads every row. */
    static List<ServerMessage> read(MysqlConnection c) {
        List<ServerMessage> messages = new ArrayList<>();
        c.sendText("SHOW WARNINGS").forEachRemaining(row -> {
            Map<String, String> fields = new LinkedHashMap<>();
            fields.put("severity", row.getString(0).toUpperCase(Locale.ROOT));
            fields.put("message", row.getString(2));
            fields.put("error_code", row.getString(1));
            messages.add(new ServerMessage(fields));
        });
        return messages;
    }

    /** Hands each message to {@code listener}; a listener's failure must not fail the statement. */
    static void deliver(ServerEventListener listener, List<ServerMessage> messages) {
        for (ServerMessage m : messages) {
            try {
                listener.onNotice(m);
            } catch (RuntimeException ignored) {
                // the statement succeeded; the listener's own failure is not the caller's
            }
        }
    }
}
