package io.sluice.jdbc.compat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Set-up outside the matrix: creates the test databases through the reference drivers, so that a
 * failure of the driver under test never hides behind a failed set-up.
 */
final class Admin {
    private Admin() {}

    /** Makes {@code name} exist and be empty: MariaDB drops and creates it, PostgreSQL recreates its public schema. */
    static void recreate(Server server, String name) throws SQLException {
        if (!name.matches("compat_[a-z0-9_]+")) {
            throw new IllegalArgumentException("test database names carry the compat_ prefix: name=" + name);
        }
        switch (server) {
            case POSTGRESQL -> {
                try (Connection c = DriverManager.getConnection(
                        "jdbc:postgresql://127.0.0.1:5432/postgres?sslmode=disable&user=postgres")) {
                    boolean exists;
                    try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
                        ps.setString(1, name);
                        try (ResultSet rs = ps.executeQuery()) {
                            exists = rs.next();
                        }
                    }
                    if (!exists) {
                        try (Statement s = c.createStatement()) {
                            s.execute("CREATE DATABASE " + name);
                        }
                    }
                }
                try (Connection c = DriverManager.getConnection(
                                "jdbc:postgresql://127.0.0.1:5432/" + name + "?sslmode=disable&user=postgres");
                        Statement s = c.createStatement()) {
                    s.execute("DROP SCHEMA IF EXISTS public CASCADE");
                    s.execute("CREATE SCHEMA public");
                }
            }
            case MARIADB -> {
                try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:3306/?user=root");
                        Statement s = c.createStatement()) {
                    s.execute("DROP DATABASE IF EXISTS " + name);
                    s.execute("CREATE DATABASE " + name + " CHARACTER SET utf8mb4");
                }
            }
        }
    }

    /** Ends the server session {@code sessionId} (a PostgreSQL backend pid, a MariaDB connection id) from outside. */
    static void kill(Server server, long sessionId) throws SQLException {
        String url = server == Server.POSTGRESQL
                ? "jdbc:postgresql://127.0.0.1:5432/postgres?sslmode=disable&user=postgres"
                : "jdbc:mariadb://127.0.0.1:3306/?user=root";
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            s.execute(
                    server == Server.POSTGRESQL
                            ? "SELECT pg_terminate_backend(" + sessionId + ")"
                            : "KILL CONNECTION " + sessionId);
        }
    }
}
