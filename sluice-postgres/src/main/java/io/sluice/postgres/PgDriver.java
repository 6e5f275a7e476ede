package io.sluice.postgres;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.postgres.internal.TargetSessionAttrs;
import io.sluice.spi.Driver;
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
    public Connection connect(ConnectionConfig config) {
        return TargetSessionAttrs.connect(config);
    }

    /** Connects with a URL such as {@code postgresql://user:pw@localhost:5432/db?sslmode=verify-full}. */
    public Connection connect(String url) {
        return connect(ConnectionConfig.fromUrl(url));
    }
}
