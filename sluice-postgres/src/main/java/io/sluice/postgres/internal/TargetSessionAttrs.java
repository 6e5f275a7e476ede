package io.sluice.postgres.internal;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.spi.ServerSelection;
import io.sluice.spi.ServerSelection.Check;
import java.util.Locale;
import java.util.Map;

/**
 * Chooses among the configured servers by {@code target_session_attrs}, with libpq's meanings (see
 * {@link io.sluice.postgres.PgDriver#connect(ConnectionConfig)}); trying each server in turn is
 * {@link ServerSelection}'s job, opening one is {@link PgConnection}'s.
 */
public final class TargetSessionAttrs {
    private TargetSessionAttrs() {}

    public static Connection connect(ConnectionConfig config) {
        String target = config.property("target_session_attrs", "any").toLowerCase(Locale.ROOT);
        return switch (target) {
            case "any" -> ServerSelection.connect(config, PgConnection::new, ServerSelection.any(), null);
            case "read-write" -> select(config, target, c -> readOnly(c) ? "read-only" : null);
            case "read-only" -> select(config, target, c -> readOnly(c) ? null : "read-write");
            case "primary" -> select(config, target, c -> inHotStandby(c) ? "a standby (in hot standby)" : null);
            case "standby", "prefer-standby" -> {
                try {
                    yield select(config, "standby", c -> inHotStandby(c) ? null : "not a standby (not in hot standby)");
                } catch (ConnectionException noStandby) {
                    if (target.equals("standby")) {
                        throw noStandby;
                    }
                    yield select(config, target, ServerSelection.any());
                }
            }
            default ->
                throw new io.sluice.ConfigurationException("target_session_attrs must be any, read-write, read-only, "
                        + "primary, standby or prefer-standby: target_session_attrs=" + target);
        };
    }

    private static PgConnection select(ConnectionConfig config, String target, Check<PgConnection> check) {
        return ServerSelection.connect(config, PgConnection::new, check, "target_session_attrs=" + target);
    }

    /** libpq's "read-only": in hot standby, or read-only transactions by default. */
    private static boolean readOnly(PgConnection c) {
        Map<String, String> reported = c.serverInfo().parameters();
        String defaultReadOnly = reported.get("default_transaction_read_only");
        if (defaultReadOnly == null) { // before PostgreSQL 14 neither value is reported
            return c.queryFirst("SHOW transaction_read_only", r -> r.getString(0))
                    .orElseThrow()
                    .equals("on");
        }
        return defaultReadOnly.equals("on") || inHotStandby(c);
    }

    private static boolean inHotStandby(PgConnection c) {
        String reported = c.serverInfo().parameters().get("in_hot_standby");
        if (reported == null) {
            return c.queryFirst("SELECT pg_is_in_recovery()", r -> r.getBoolean(0))
                    .orElseThrow();
        }
        return reported.equals("on");
    }
}
