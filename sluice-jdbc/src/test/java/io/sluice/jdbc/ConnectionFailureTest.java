package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.testing.FaultProxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** Connections that cannot be made or are cut: the connection exceptions JDBC names, never a hang. */
class ConnectionFailureTest {
    @Test
    void shouldReportARefusedConnectionAsTransient() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort(); // closed again: nothing listens there now
        }
        String url = "jdbc:sluice:postgresql://postgres@127.0.0.1:" + port + "/test?sslmode=disable&connect_timeout=2";
        SQLTransientConnectionException e =
                assertThrows(SQLTransientConnectionException.class, () -> DriverManager.getConnection(url));
        assertEquals("08001", e.getSQLState());
    }

    @Test
    void shouldReportACutConnectionAndStopValidating() throws SQLException {
        for (String server : new String[] {"postgresql", "mariadb"}) {
            int serverPort = server.equals("postgresql") ? 5432 : 3306;
            String user = server.equals("postgresql") ? "postgres" : "root";
            try (FaultProxy proxy = FaultProxy.start("127.0.0.1", serverPort);
                    Connection c = DriverManager.getConnection("jdbc:sluice:" + server + "://" + user + "@127.0.0.1:"
                            + proxy.port() + "/test?sslmode=disable&socket_timeout=5");
                    Statement s = c.createStatement()) {
                try (ResultSet rs = s.executeQuery("SELECT 1")) {
                    assertTrue(rs.next());
                }
                proxy.cutAll();
                SQLException e = assertThrows(SQLException.class, () -> {
                    try (ResultSet rs = s.executeQuery("SELECT 2")) {
                        rs.next();
                    }
                });
                assertTrue(
                        e instanceof SQLTransientConnectionException || e instanceof SQLNonTransientConnectionException,
                        () -> server + ": " + e);
                assertTrue(e.getSQLState().startsWith("08"), e::getSQLState);
                assertFalse(c.isValid(1));
                assertInstanceOf(io.sluice.SluiceException.class, e.getCause());
            }
        }
    }
}
