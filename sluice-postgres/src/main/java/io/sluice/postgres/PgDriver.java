package io.sluice.postgres;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.spi.Driver;
import io.sluice.spi.ServerSelection;
import io.sluice.spi.ServerSelection.Check;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The PostgreSQL driver, found by {@link java.util.ServiceLoader} as an {@link Driver} for the
 * schemes {@code postgresql} and {@code postgres}.
 */
public final class PgDriver implements Driver {
    private static final Set<String> SCHEMES = Set.of("postgresql", "postgres");

    /** Public for {@link java.util.ServiceLoader}. */
    public PgDriver() {}

    @Override
    public Set<String> schemes() {
        return SCHEMES;
    }

    /**
     * Connects, negotiates TLS as {@code sslmode} says and authenticates; costs one TCP connect, the
     * TLS handshake if any, and one or two round trips (a SCRAM login takes two plus PBKDF2).
     *
     * <p>With several {@linkplain ConnectionConfig#addresses() servers}, they are tried in order
     * ({@code load_balance_hosts=random} shuffles them) and the first that logs in and matches
     * {@code target_session_attrs} is used, with libpq's meanings: {@code any} (the default),
     * {@code read-write} (not in hot standby and {@code default_transaction_read_only} off),
     * {@code read-only} (the converse), {@code primary} (not in hot standby), {@code standby} (in hot
     * standby), {@code prefer-standby} (a standby if any server is one, else any). The check reads the
     * {@code in_hot_standby} and {@code default_transaction_read_only} values PostgreSQL 14+ reports at
     * start-up; an older server is asked with one query.
     *
     * @throws io.sluice.AuthenticationException if the one server refuses the credentials
     * @throws io.sluice.ConnectionException     if no server can be reached, or none matches
     *         {@code target_session_attrs} (the message names every server with its reason)
     */
    @Override
    public PgConnection connect(ConnectionConfig config) {
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

    /** Connects with a URL such as {@code postgresql://user:pw@localhost:5432/db?sslmode=verify-full}. */
    public Connection connect(String url) {
        return connect(ConnectionConfig.fromUrl(url));
    }
}
