package io.sluice.mysql;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.mysql.internal.MysqlConnection;
import io.sluice.spi.Driver;
import io.sluice.spi.ServerSelection;
import java.util.Set;

/**
 * The MySQL/MariaDB driver, found by {@link io.sluice.Sluice#connect} for {@code mysql://} and
 * {@code mariadb://} URLs. Stateless; each {@link #connect} opens one socket.
 */
public final class MysqlDriver implements Driver {

    /** Public for {@link java.util.ServiceLoader}. */
    public MysqlDriver() {}

    @Override
    public Set<String> schemes() {
        return Set.of("mysql", "mariadb");
    }

    /**
     * Connects, negotiates TLS, authenticates (mysql_native_password, caching_sha2_password,
     * mysql_clear_password over TLS) and sets the session time zone to UTC. With several
     * {@linkplain ConnectionConfig#addresses() servers} ({@code mysql://h1:3306,h2:3306/db}), the first
     * that answers and logs in is used ({@code load_balance_hosts=random} shuffles them).
     *
     * @throws io.sluice.ConnectionException     if the server cannot be reached or TLS fails
     * @throws io.sluice.AuthenticationException if the server refuses the login
     */
    @Override
    public Connection connect(ConnectionConfig config) {
        return ServerSelection.connect(config, MysqlConnection::open, ServerSelection.any(), null);
    }
}
