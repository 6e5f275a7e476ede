package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * HikariCP in front of sluice-jdbc, by URL and by DataSource class name: it validates connections
 * (isValid, network timeout), resets what a borrower changed (auto-commit, isolation, read-only) and
 * aborts connections it evicts.
 */
class HikariOverSluiceTest {
    @Test
    void shouldServeConnectionsThroughHikariByUrl() throws SQLException {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(JdbcPostgresTest.URL);
        config.setUsername("postgres");
        config.setMaximumPoolSize(2);
        config.setAutoCommit(false);
        try (HikariDataSource ds = new HikariDataSource(config)) {
            for (int i = 0; i < 5; i++) {
                try (Connection c = ds.getConnection();
                        PreparedStatement ps = c.prepareStatement("SELECT ?::int * 2")) {
                    ps.setInt(1, i);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        assertEquals(2 * i, rs.getInt(1));
                    }
                    c.commit(); // both settings refuse to change inside a transaction, as in pgjdbc
                    c.setReadOnly(true);
                    c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
                }
            }
            try (Connection c = ds.getConnection();
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT current_setting('transaction_read_only'), current_setting('transaction_isolation')")) {
                rs.next();
                assertEquals("off", rs.getString(1)); // Hikari reset the borrower's read-only
                assertEquals("read committed", rs.getString(2));
                c.rollback();
            }
        }
    }

    @Test
    void shouldServeConnectionsThroughHikariByDataSourceClass() throws SQLException {
        HikariConfig config = new HikariConfig();
        config.setDataSourceClassName(SluiceDataSource.class.getName());
        config.addDataSourceProperty("url", JdbcMysqlTest.URL);
        config.addDataSourceProperty("user", "root");
        config.setMaximumPoolSize(1);
        try (HikariDataSource ds = new HikariDataSource(config);
                Connection c = ds.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT DATABASE()")) {
            assertTrue(rs.next());
            assertEquals("test", rs.getString(1));
        }
    }
}
