package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDate;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Escapes, streams, arrays, scrolling, cancel, abort and session settings against the real PostgreSQL. */
class JdbcPostgresFeaturesTest {
    private static Connection open() throws SQLException {
        return JdbcPostgresTest.open();
    }

    @Test
    void shouldRunJdbcEscapesOnTheServer() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            s.execute("CREATE OR REPLACE FUNCTION jdbc_twice(x int) RETURNS int LANGUAGE sql AS 'SELECT x * 2'");
            try (ResultSet rs = s.executeQuery("SELECT {fn ucase('a')}, {d '2024-01-02'}, {fn concat('a', 'b')}, "
                    + "{fn length('ab  ')}, {fn locate('b', 'abc')}")) {
                rs.next();
                assertEquals("A", rs.getString(1));
                assertEquals(LocalDate.of(2024, 1, 2), rs.getObject(2, LocalDate.class));
                assertEquals("ab", rs.getString(3));
                assertEquals(2, rs.getInt(4));
                assertEquals(2, rs.getInt(5));
            }
            try (PreparedStatement call = c.prepareStatement("{call jdbc_twice(?)}")) {
                call.setInt(1, 21);
                try (ResultSet rs = call.executeQuery()) {
                    rs.next();
                    assertEquals(42, rs.getInt(1));
                }
            }
            s.execute("DROP FUNCTION jdbc_twice(int)");
        }
    }

    @Test
    void shouldBindStreamsNullsAndArrays() throws SQLException, IOException {
        try (Connection c = open();
                PreparedStatement ps = c.prepareStatement("SELECT ?::bytea, ?::text, ?::int IS NULL, ?::int4[]")) {
            ps.setBinaryStream(1, new ByteArrayInputStream(new byte[] {1, 2, 3}));
            ps.setCharacterStream(2, new StringReader("stream text"), 6);
            ps.setNull(3, Types.INTEGER);
            ps.setArray(4, c.createArrayOf("int4", new Integer[] {1, 2, 3}));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertArrayEquals(new byte[] {1, 2, 3}, rs.getBinaryStream(1).readAllBytes());
                try (Reader r = rs.getCharacterStream(2)) {
                    char[] buf = new char[16];
                    assertEquals("stream", new String(buf, 0, r.read(buf)));
                }
                assertTrue(rs.getBoolean(3));
                assertArrayEquals(
                        new Object[] {1, 2, 3}, (Object[]) rs.getArray(4).getArray());
                assertEquals(Types.ARRAY, rs.getMetaData().getColumnType(4));
            }
        }
    }

    @Test
    void shouldScrollAnInsensitiveResultSet() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY);
                ResultSet rs = s.executeQuery("SELECT g FROM generate_series(1, 3) g")) {
            assertTrue(rs.last());
            assertEquals(3, rs.getRow());
            assertTrue(rs.previous());
            assertEquals(2, rs.getInt(1));
            assertTrue(rs.absolute(1));
            assertEquals(1, rs.getInt(1));
            rs.afterLast();
            assertTrue(rs.isAfterLast());
            rs.beforeFirst();
            assertTrue(rs.next());
            assertEquals(1, rs.getInt(1));
        }
        try (Connection c = open();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT 1")) {
            assertThrows(SQLException.class, rs::previous);
        }
    }

    @Test
    void shouldCancelARunningStatementFromAnotherThread() throws Exception {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            CompletableFuture<Void> canceller = CompletableFuture.runAsync(() -> {
                try {
                    TimeUnit.MILLISECONDS.sleep(300);
                    s.cancel();
                } catch (SQLException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            SQLException e = assertThrows(SQLException.class, () -> s.execute("SELECT pg_sleep(10)"));
            assertEquals("57014", e.getSQLState());
            canceller.get(10, TimeUnit.SECONDS);
            try (ResultSet rs = s.executeQuery("SELECT 2")) {
                assertTrue(rs.next());
            }
        }
    }

    @Test
    void shouldAbortAndReportTheConnectionClosed() throws SQLException {
        Connection c = open();
        c.abort(Runnable::run);
        assertTrue(c.isClosed());
        assertFalse(c.isValid(1));
        assertThrows(SQLNonTransientConnectionException.class, c::createStatement);
    }

    @Test
    void shouldApplySchemaAndClientInfo() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            c.setSchema("pg_catalog");
            assertEquals("pg_catalog", c.getSchema());
            c.setClientInfo("ApplicationName", "jdbc_app");
            assertEquals("jdbc_app", c.getClientInfo("ApplicationName"));
            try (ResultSet rs = s.executeQuery("SHOW application_name")) {
                rs.next();
                assertEquals("jdbc_app", rs.getString(1));
            }
            assertEquals("test", c.getCatalog());
        }
    }

    @Test
    void shouldReturnNamedGeneratedKeysAndStopStatementBatchesAtTheFirstFailure() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            s.execute("CREATE TEMP TABLE jdbc_tmp_keys (id serial PRIMARY KEY, v text NOT NULL)");
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO jdbc_tmp_keys (v) VALUES (?)", new String[] {"id"})) {
                ps.setString(1, "a");
                ps.executeUpdate();
                try (ResultSet keys = ps.getGeneratedKeys()) {
                    assertEquals(1, keys.getMetaData().getColumnCount());
                    keys.next();
                    assertEquals(1, keys.getInt("id"));
                }
            }
            s.addBatch("INSERT INTO jdbc_tmp_keys (v) VALUES ('b')");
            s.addBatch("INSERT INTO jdbc_tmp_keys (v) VALUES (NULL)");
            s.addBatch("INSERT INTO jdbc_tmp_keys (v) VALUES ('c')");
            BatchUpdateException e = assertThrows(BatchUpdateException.class, s::executeBatch);
            assertArrayEquals(new int[] {1}, e.getUpdateCounts());
            assertEquals("23502", e.getSQLState());
        }
    }

    @Test
    void shouldMapConnectFailures() {
        Properties wrong = new Properties();
        wrong.setProperty("user", "sluice_scram");
        wrong.setProperty("password", "not-the-password");
        assertThrows(
                SQLInvalidAuthorizationSpecException.class,
                () -> DriverManager.getConnection(JdbcPostgresTest.URL, wrong));
        assertThrows(
                SQLNonTransientConnectionException.class,
                () -> DriverManager.getConnection("jdbc:sluice:postgresql://127.0.0.1:5432/test?sslmode=bogus"));
    }

    @Test
    void shouldLetTheUrlWinOverProperties() throws SQLException {
        Driver d = DriverManager.getDriver(JdbcPostgresTest.URL);
        assertNull(d.connect("jdbc:postgresql://127.0.0.1/test", new Properties()));
        Properties p = new Properties();
        p.setProperty("user", "someone_else");
        p.setProperty("application_name", "jdbc_props");
        try (Connection c = d.connect("jdbc:sluice:postgresql://postgres@127.0.0.1:5432/test?sslmode=disable", p);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT current_user, current_setting('application_name')")) {
            rs.next();
            assertEquals("postgres", rs.getString(1));
            assertEquals("jdbc_props", rs.getString(2));
        }
    }

    @Test
    void shouldCloseTheStatementOnCompletion() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            s.closeOnCompletion();
            ResultSet rs = s.executeQuery("SELECT 1");
            rs.close();
            assertTrue(s.isClosed());
        }
    }
}
