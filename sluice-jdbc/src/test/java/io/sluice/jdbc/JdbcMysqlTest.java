package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The driver against the real MariaDB (tables prefixed {@code jdbc_}). */
class JdbcMysqlTest {
    static final String URL = "jdbc:sluice:mariadb://127.0.0.1:3306/test?sslmode=disable";
    private static final String TABLE = "jdbc_my_items";

    static Connection open() throws SQLException {
        return DriverManager.getConnection(URL, "root", "");
    }

    @BeforeAll
    static void createTable() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TABLE);
            s.execute("CREATE TABLE " + TABLE
                    + " (id BIGINT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(80) UNIQUE, n INT)");
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TABLE);
        }
    }

    @Test
    void shouldRunPreparedStatementsWithPlaceholders() throws SQLException {
        try (Connection c = open();
                PreparedStatement ps = c.prepareStatement("SELECT '?', ? + 1, CONCAT(?, 'b') # ?\n")) {
            ps.setInt(1, 41);
            ps.setString(2, "a");
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals("?", rs.getString(1));
                assertEquals(42, rs.getInt(2));
                assertEquals("ab", rs.getString(3));
                assertFalse(rs.next());
            }
        }
    }

    @Test
    void shouldReturnGeneratedKeysFromTheOkPacket() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            String name = "k-" + UUID.randomUUID();
            assertEquals(
                    2,
                    s.executeUpdate(
                            "INSERT INTO " + TABLE + " (name, n) VALUES ('" + name + "', 1), ('" + name + "2', 2)",
                            Statement.RETURN_GENERATED_KEYS));
            try (ResultSet keys = s.getGeneratedKeys()) {
                assertTrue(keys.next());
                long first = keys.getLong(1);
                assertTrue(keys.next());
                assertEquals(first + 1, keys.getLong(1));
                assertFalse(keys.next());
                try (ResultSet rs =
                        c.createStatement().executeQuery("SELECT id FROM " + TABLE + " WHERE name = '" + name + "'")) {
                    rs.next();
                    assertEquals(first, rs.getLong(1));
                }
            }
        }
    }

    @Test
    void shouldRunBatchesAndTransactions() throws SQLException {
        String prefix = "b-" + UUID.randomUUID();
        try (Connection c = open();
                PreparedStatement ps = c.prepareStatement("INSERT INTO " + TABLE + " (name, n) VALUES (?, ?)")) {
            for (int i = 0; i < 3; i++) {
                ps.setString(1, prefix + i);
                ps.setInt(2, i);
                ps.addBatch();
            }
            assertEquals(Connection.TRANSACTION_REPEATABLE_READ, c.getTransactionIsolation()); // MariaDB's default
            int[] counts = ps.executeBatch();
            assertEquals(3, counts.length);
            c.setAutoCommit(false);
            ps.setString(1, prefix + "rolled-back");
            ps.setInt(2, 9);
            ps.executeUpdate();
            c.rollback();
            c.setAutoCommit(true);
            try (Statement s = c.createStatement();
                    ResultSet rs =
                            s.executeQuery("SELECT count(*) FROM " + TABLE + " WHERE name LIKE '" + prefix + "%'")) {
                rs.next();
                assertEquals(3, rs.getInt(1));
            }
        }
    }

    @Test
    void shouldCarryVendorCodesAndSqlStates() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            String name = "d-" + UUID.randomUUID();
            s.executeUpdate("INSERT INTO " + TABLE + " (name) VALUES ('" + name + "')");
            SQLException e = assertThrows(
                    SQLIntegrityConstraintViolationException.class,
                    () -> s.executeUpdate("INSERT INTO " + TABLE + " (name) VALUES ('" + name + "')"));
            assertEquals("23000", e.getSQLState());
            assertEquals(1062, e.getErrorCode());
        }
    }

    @Test
    void shouldStreamWithFetchSizeAndKeepResultsReadable() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement();
                Statement inner = c.createStatement()) {
            s.setFetchSize(3);
            int rows = 0;
            try (ResultSet rs = s.executeQuery("SELECT seq FROM seq_1_to_20")) {
                while (rs.next()) {
                    rows++;
                }
            }
            assertEquals(20, rows);
            s.setFetchSize(0);
            long sum = 0;
            try (ResultSet rs = s.executeQuery("SELECT seq FROM seq_1_to_5")) {
                while (rs.next()) {
                    try (ResultSet one = inner.executeQuery("SELECT " + rs.getInt(1) + " * 2")) {
                        one.next();
                        sum += one.getLong(1);
                    }
                }
            }
            assertEquals(30, sum);
            assertArrayEquals(new int[0], inner.executeBatch());
        }
    }

    @Test
    void shouldDescribeColumnsFromTheColumnDefinitions() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT id, name, n, CAST(1.5 AS DECIMAL(7,2)) AS d FROM " + TABLE + " LIMIT 0")) {
            java.sql.ResultSetMetaData md = rs.getMetaData();
            assertTrue(md.isAutoIncrement(1));
            assertEquals(java.sql.ResultSetMetaData.columnNoNulls, md.isNullable(1));
            assertEquals(java.sql.ResultSetMetaData.columnNullable, md.isNullable(3));
            assertEquals(TABLE, md.getTableName(2));
            assertEquals("test", md.getSchemaName(2));
            assertEquals(80, md.getPrecision(2));
            assertEquals(java.sql.Types.BIGINT, md.getColumnType(1));
            assertEquals(7, md.getPrecision(4));
            assertEquals(2, md.getScale(4));
        }
    }

    @Test
    void shouldReportServerWarningsAndTimeOut() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            s.execute("DO CAST('1x' AS SIGNED)");
            assertTrue(s.getWarnings() != null, "a truncation warning");
            assertEquals(1292, s.getWarnings().getErrorCode());
            s.setQueryTimeout(1);
            assertThrows(java.sql.SQLTimeoutException.class, () -> {
                try (ResultSet rs = s.executeQuery("SELECT SLEEP(5)")) {
                    rs.next();
                }
            });
            s.setQueryTimeout(0);
            try (ResultSet rs = s.executeQuery("SELECT 1")) {
                assertTrue(rs.next());
            }
        }
    }

    @Test
    void shouldRunJdbcEscapesAndMultipleStatements() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT {fn ucase('a')}, {d '2024-01-02'}, {fn concat('a', 'b')}, "
                    + "{ts '2024-01-02 03:04:05'} # {fn nope}")) {
                rs.next();
                assertEquals("A", rs.getString(1));
                assertEquals(java.time.LocalDate.of(2024, 1, 2), rs.getObject(2, java.time.LocalDate.class));
                assertEquals("ab", rs.getString(3));
                assertEquals(
                        java.time.LocalDateTime.of(2024, 1, 2, 3, 4, 5),
                        rs.getObject(4, java.time.LocalDateTime.class));
            }
            assertTrue(s.execute("SELECT 1; DO 1; SELECT 'two'"));
            assertFalse(s.getMoreResults());
            assertEquals(0, s.getUpdateCount());
            assertTrue(s.getMoreResults());
            try (ResultSet rs = s.getResultSet()) {
                rs.next();
                assertEquals("two", rs.getString(1));
            }
        }
    }
}
