/**
 * sluice-jdbc: a JDBC 4.3 driver ({@code jdbc:sluice:postgresql://...}, {@code jdbc:sluice:mysql://...},
 * {@code jdbc:sluice:mariadb://...}) over Sluice's native drivers. Only {@code io.sluice.jdbc} is API.
 */
module io.sluice.jdbc {
    requires transitive java.sql;
    requires transitive io.sluice.core;
    requires transitive io.sluice.pool;
    requires io.sluice.postgres;
    requires io.sluice.mysql;

    exports io.sluice.jdbc;

    provides java.sql.Driver with
            io.sluice.jdbc.SluiceDriver;
}
