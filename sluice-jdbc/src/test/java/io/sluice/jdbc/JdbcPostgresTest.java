package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Properties;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The driver against the real PostgreSQL (tables prefixed {@code jdbc_}). */
class JdbcPostgresTest {
    static final String URL = "jdbc:sluice:postgresql://127.0.0.1:5432/test?sslmode=disable";
    private static final String TABLE = "jdbc_pg_items";

    static Connection open() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", "postgres");
        return DriverManager.getConnection(URL, p);
    }

    @BeforeAll
    static void createTable() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TABLE);
            s.execute("CREATE TABLE " + TABLE + " (id serial PRIMARY KEY, name text UNIQUE, n int)");
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
    void shouldConnectThroughDriverManagerWithProperties() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT current_user, 1")) {
            assertTrue(rs.next());
            assertEquals("postgres", rs.getString(1));
            assertEquals(1, rs.getInt(2));
            assertFalse(rs.next());
            assertNotNull(c.unwrap(io.sluice.Connection.class));
            assertTrue(c.isValid(2));
        }
    }

    @Test
    void shouldBindPlaceholdersButNotQuestionMarksInLiterals() throws SQLException {
        try (Connection c = open();
                PreparedStatement ps = c.prepareStatement("SELECT '?' || ?, $$?$$ /* ? */, ?::int + 1")) {
            ps.setString(1, "x");
            ps.setInt(2, 41);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals("?x", rs.getString(1));
                assertEquals("?", rs.getString(2));
                assertEquals(42, rs.getInt(3));
            }
        }
    }

    @Test
    void shouldReturnGeneratedKeysThroughReturning() throws SQLException {
        try (Connection c = open();
                PreparedStatement ps = c.prepareStatement(
                        "INSERT INTO " + TABLE + " (name, n) VALUES (?, ?)", Statement.RETURN_GENERATED_KEYS)) {
            ps.setString(1, "keys-" + UUID.randomUUID());
            ps.setInt(2, 1);
            assertEquals(1, ps.executeUpdate());
            try (ResultSet keys = ps.getGeneratedKeys()) {
                assertTrue(keys.next());
                assertTrue(keys.getLong("id") > 0);
            }
        }
    }

    @Test
    void shouldRunBatchesAndReportFailedEntries() throws SQLException {
        String prefix = "batch-" + UUID.randomUUID();
        try (Connection c = open();
                PreparedStatement ps = c.prepareStatement("INSERT INTO " + TABLE + " (name, n) VALUES (?, ?)")) {
            for (int i = 0; i < 3; i++) {
                ps.setString(1, prefix + i);
                ps.setInt(2, i);
                ps.addBatch();
            }
            assertArrayEquals(new int[] {1, 1, 1}, ps.executeBatch());
            ps.setString(1, prefix + "x");
            ps.setInt(2, 9);
            ps.addBatch();
            ps.setString(1, prefix + 0); // duplicate
            ps.setInt(2, 9);
            ps.addBatch();
            BatchUpdateException e = assertThrows(BatchUpdateException.class, ps::executeBatch);
            assertEquals("23505", e.getSQLState());
            assertArrayEquals(new int[] {Statement.EXECUTE_FAILED, Statement.EXECUTE_FAILED}, e.getUpdateCounts());
            try (Statement s = c.createStatement();
                    ResultSet rs =
                            s.executeQuery("SELECT count(*) FROM " + TABLE + " WHERE name LIKE '" + prefix + "%'")) {
                rs.next();
                assertEquals(3, rs.getInt(1)); // the failed batch was atomic
            }
        }
    }

    @Test
    void shouldCommitRollBackAndUseSavepoints() throws SQLException {
        String name = "tx-" + UUID.randomUUID();
        try (Connection c = open()) {
            c.setAutoCommit(false);
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO " + TABLE + " (name, n) VALUES (?, ?)")) {
                ins.setString(1, name);
                ins.setInt(2, 1);
                ins.executeUpdate();
                Savepoint sp = c.setSavepoint();
                ins.setString(1, name + "-2");
                ins.executeUpdate();
                c.rollback(sp);
                Savepoint named = c.setSavepoint("jdbc_named");
                assertEquals("jdbc_named", named.getSavepointName());
                c.releaseSavepoint(named);
                c.commit();
                ins.setString(1, name + "-3");
                ins.executeUpdate();
                c.rollback();
            }
            c.setAutoCommit(true);
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT name FROM " + TABLE + " WHERE name LIKE '" + name + "%' ORDER BY name")) {
                assertTrue(rs.next());
                assertEquals(name, rs.getString(1));
                assertFalse(rs.next());
            }
        }
    }

    @Test
    void shouldApplyIsolationAndReadOnly() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
            try (ResultSet rs = s.executeQuery("SHOW transaction_isolation")) {
                rs.next();
                assertEquals("serializable", rs.getString(1));
            }
            c.setReadOnly(true);
            SQLException e = assertThrows(
                    SQLException.class, () -> s.executeUpdate("INSERT INTO " + TABLE + " (name) VALUES ('ro')"));
            assertEquals("25006", e.getSQLState());
            c.setReadOnly(false);
            assertEquals(Connection.TRANSACTION_SERIALIZABLE, c.getTransactionIsolation());
        }
    }

    @Test
    void shouldMapSqlStatesToExceptionSubclasses() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            String name = "dup-" + UUID.randomUUID();
            s.executeUpdate("INSERT INTO " + TABLE + " (name) VALUES ('" + name + "')");
            SQLException dup = assertThrows(
                    SQLIntegrityConstraintViolationException.class,
                    () -> s.executeUpdate("INSERT INTO " + TABLE + " (name) VALUES ('" + name + "')"));
            assertEquals("23505", dup.getSQLState());
            assertThrows(SQLSyntaxErrorException.class, () -> s.executeQuery("SELEC 1"));
            s.setQueryTimeout(1);
            assertThrows(SQLTimeoutException.class, () -> s.execute("SELECT pg_sleep(5)"));
            s.setQueryTimeout(0);
            try (ResultSet rs = s.executeQuery("SELECT 1")) { // the connection survives the timeout
                assertTrue(rs.next());
            }
        }
    }

    @Test
    void shouldStreamWithFetchSizeAndHonourMaxRows() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            s.setFetchSize(7);
            long sum = 0;
            try (ResultSet rs = s.executeQuery("SELECT g FROM generate_series(1, 1000) g")) {
                while (rs.next()) {
                    sum += rs.getLong(1);
                }
            }
            assertEquals(500_500, sum);
            s.setFetchSize(0);
            s.setMaxRows(5);
            int rows = 0;
            try (ResultSet rs = s.executeQuery("SELECT g FROM generate_series(1, 1000) g")) {
                while (rs.next()) {
                    rows++;
                }
            }
            assertEquals(5, rows);
        }
    }

    @Test
    void shouldKeepAResultSetReadableWhileOtherStatementsRun() throws SQLException {
        try (Connection c = open();
                Statement outer = c.createStatement();
                Statement inner = c.createStatement()) {
            int seen = 0;
            try (ResultSet rs = outer.executeQuery("SELECT g FROM generate_series(1, 3) g")) {
                while (rs.next()) {
                    try (ResultSet one = inner.executeQuery("SELECT " + rs.getInt(1) + " * 10")) {
                        one.next();
                        assertEquals(rs.getInt(1) * 10, one.getInt(1));
                    }
                    seen++;
                }
            }
            assertEquals(3, seen);
        }
    }

    @Test
    void shouldReturnMultipleResultsInOrder() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            assertTrue(s.execute("SELECT 1; UPDATE " + TABLE + " SET n = n WHERE false; SELECT 'two'"));
            try (ResultSet rs = s.getResultSet()) {
                rs.next();
                assertEquals(1, rs.getInt(1));
            }
            assertFalse(s.getMoreResults());
            assertEquals(0, s.getUpdateCount());
            assertTrue(s.getMoreResults());
            ResultSet rs = s.getResultSet();
            rs.next();
            assertEquals("two", rs.getString(1));
            assertFalse(s.getMoreResults());
            assertEquals(-1, s.getUpdateCount());
        }
    }

    @Test
    void shouldTurnNoticesIntoWarnings() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement()) {
            s.execute("DO $$ BEGIN RAISE NOTICE 'jdbc notice'; END $$");
            assertNotNull(s.getWarnings());
            assertEquals("jdbc notice", s.getWarnings().getMessage());
        }
    }

    @Test
    void shouldConvertValuesAsTheSpecRequires() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT '42'::text, 3.5::numeric, NULL::int, true, date '2024-02-03', "
                        + "timestamp '2024-02-03 04:05:06', timestamptz '2024-02-03 04:05:06+00', 7::int2")) {
            assertTrue(rs.next());
            assertEquals(42, rs.getInt(1));
            assertEquals(new BigDecimal("3.5"), rs.getBigDecimal(2));
            assertEquals(3.5, rs.getDouble(2));
            assertEquals("3.5", rs.getString(2));
            assertEquals(0, rs.getInt(3));
            assertTrue(rs.wasNull());
            assertNull(rs.getObject(3));
            assertEquals(Boolean.TRUE, rs.getObject(4));
            assertEquals(java.sql.Date.valueOf("2024-02-03"), rs.getObject(5));
            assertEquals(LocalDate.of(2024, 2, 3), rs.getObject(5, LocalDate.class));
            assertEquals(LocalDateTime.of(2024, 2, 3, 4, 5, 6), rs.getObject(6, LocalDateTime.class));
            assertEquals(java.sql.Timestamp.valueOf("2024-02-03 04:05:06"), rs.getTimestamp(6));
            assertEquals(
                    OffsetDateTime.of(2024, 2, 3, 4, 5, 6, 0, ZoneOffset.UTC).toInstant(),
                    rs.getObject(7, OffsetDateTime.class).toInstant());
            assertEquals(Integer.valueOf(7), rs.getObject(8));
            assertEquals(Types.SMALLINT, rs.getMetaData().getColumnType(8));
            assertEquals(Types.BIT, rs.getMetaData().getColumnType(4));
        }
    }

    @Test
    void shouldConvertSetObjectToTheTargetType() throws SQLException {
        try (Connection c = open();
                PreparedStatement ps = c.prepareStatement("SELECT ?::int + 1, ?::numeric, ?::bool")) {
            ps.setObject(1, "41", Types.INTEGER);
            ps.setObject(2, 1.25, Types.NUMERIC, 1);
            ps.setObject(3, 1, Types.BOOLEAN);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(42, rs.getInt(1));
                assertEquals(new BigDecimal("1.3"), rs.getBigDecimal(2));
                assertTrue(rs.getBoolean(3));
            }
        }
    }

    @Test
    void shouldServeConnectionsFromBothDataSources() throws Exception {
        SluiceDataSource plain = new SluiceDataSource();
        plain.setUrl(URL);
        plain.setUsername("postgres");
        try (Connection c = plain.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT 1")) {
            assertTrue(rs.next());
        }
        try (SluicePooledDataSource pooled = new SluicePooledDataSource()) {
            pooled.setJdbcUrl(URL);
            pooled.setUser("postgres");
            pooled.setMaximumPoolSize(2);
            for (int i = 0; i < 4; i++) {
                try (Connection c = pooled.getConnection();
                        Statement s = c.createStatement()) {
                    try (ResultSet rs = s.executeQuery("SHOW transaction_isolation")) {
                        rs.next();
                        assertEquals("read committed", rs.getString(1)); // the previous borrower's setting was reset
                    }
                    c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
                    s.setQueryTimeout(7);
                    s.execute("SELECT 1");
                    assertEquals(
                            java.time.Duration.ofSeconds(7),
                            c.unwrap(io.sluice.Connection.class).queryTimeout()); // applied while borrowed
                }
                try (Connection c = pooled.getConnection()) {
                    assertEquals(
                            java.time.Duration.ZERO,
                            c.unwrap(io.sluice.Connection.class).queryTimeout()); // restored
                }
            }
        }
    }

    @Test
    void shouldTranslateNativeSqlAndRefuseUpdatableResultSetsWhenAsked() throws SQLException {
        try (Connection c = open()) {
            assertEquals("SELECT $1, DATE '2024-01-01'", c.nativeSQL("SELECT ?, {d '2024-01-01'}"));
            assertThrows(
                    java.sql.SQLFeatureNotSupportedException.class,
                    () -> c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_UPDATABLE));
        }
    }

    @Test
    void shouldDescribePrecisionAndScaleFromTypeModifiers() throws SQLException {
        try (Connection c = open();
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery("SELECT 1.5::numeric(7,2), 'x'::varchar(12), now()::timestamp(3), 1::int8")) {
            java.sql.ResultSetMetaData md = rs.getMetaData();
            assertEquals(7, md.getPrecision(1));
            assertEquals(2, md.getScale(1));
            assertEquals(Types.NUMERIC, md.getColumnType(1));
            assertEquals(12, md.getPrecision(2));
            assertEquals(3, md.getScale(3));
            assertEquals(Types.BIGINT, md.getColumnType(4));
            assertEquals("java.lang.Long", md.getColumnClassName(4));
            assertTrue(md.isSigned(4));
        }
    }
}
