package io.sluice.jdbc.compat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * One column of the matrix: a JDBC driver talking to one server. Every framework test runs once per
 * target with the same code; only the URL differs.
 *
 * @param driver the driver's name as the matrix shows it ({@code sluice-jdbc}, {@code pgjdbc}, ...)
 * @param server the server behind it
 * @param urlTemplate the JDBC URL with {@code {db}} where the database name goes
 * @param user the user name
 * @param password the password, empty for none
 */
public record Target(String driver, Server server, String urlTemplate, String user, String password) {

    /** True for sluice-jdbc, false for a reference driver. */
    public boolean isSluice() {
        return driver.equals(Targets.SLUICE);
    }

    /** The JDBC URL of {@code database}. */
    public String url(String database) {
        return urlTemplate.replace("{db}", database);
    }

    /** A short identifier, safe in database names: {@code pgjdbc}, {@code sluice_postgresql}, ... */
    public String key() {
        return isSluice() ? "sluice_" + server.id() : driver.replace('-', '_');
    }

    /** The name of a fresh database (PostgreSQL: its public schema is emptied) of this target for one test area. */
    public String freshDatabase(String area) throws SQLException {
        String name = "compat_" + area + "_" + key();
        Admin.recreate(server, name);
        return name;
    }

    /** The driver's connection properties (user, and password when there is one). */
    public Properties properties() {
        Properties p = new Properties();
        p.setProperty("user", user);
        if (!password.isEmpty()) {
            p.setProperty("password", password);
        }
        return p;
    }

    /** A new connection to {@code database} through {@link DriverManager}, as frameworks open them. */
    public Connection connect(String database) throws SQLException {
        return DriverManager.getConnection(url(database), properties());
    }

    @Override
    public String toString() {
        return driver + "/" + server.id();
    }

    /** The server's id of the session behind {@code c}: PostgreSQL's backend pid, MariaDB's connection id. */
    public long sessionId(Connection c) throws SQLException {
        try (var s = c.createStatement();
                var rs = s.executeQuery(
                        server == Server.POSTGRESQL ? "SELECT pg_backend_pid()" : "SELECT CONNECTION_ID()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Ends the server session behind {@code c} from another connection, as a server restart or a DBA would. */
    public void killSession(Connection c) throws SQLException {
        Admin.kill(server, sessionId(c));
    }
}
