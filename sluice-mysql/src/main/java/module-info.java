/**
 * Sluice's native MySQL and MariaDB driver: the client/server protocol spoken directly over a
 * socket, behind the {@link io.sluice.Connection} API. Registered for the {@code mysql} and
 * {@code mariadb} URL schemes.
 */
module io.sluice.mysql {
    requires transitive io.sluice.core;

    exports io.sluice.mysql;

    provides io.sluice.spi.Driver with
            io.sluice.mysql.MysqlDriver;
}
