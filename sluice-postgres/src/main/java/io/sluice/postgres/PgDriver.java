package io.sluice.postgres;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
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
     * @throws io.sluice.AuthenticationException if the server refuses the credentials
     * @throws io.sluice.ConnectionException     if the server cannot be reached or refuses the session
     */
    @Override
    public PgConnection connect(ConnectionConfig config) {
        return new PgConnection(config);
    }

    /** Connects with a URL such as {@code postgresql://user:pw@localhost:5432/db?sslmode=verify-full}. */
    public Connection connect(String url) {
        return connect(ConnectionConfig.fromUrl(url));
    }
}
