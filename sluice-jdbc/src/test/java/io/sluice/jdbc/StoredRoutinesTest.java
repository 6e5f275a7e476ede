package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Types;
import org.junit.jupiter.api.Test;

/** Stored-program bodies through Statement.execute and CallableStatement, on both real servers (names prefixed {@code gaps_}). */
class StoredRoutinesTest {
    @Test
    void shouldCreateAMariadbProcedureWithACompoundBody() throws SQLException {
        try (Connection c = JdbcMysqlTest.open();
                Statement s = c.createStatement()) {
            s.execute("DROP PROCEDURE IF EXISTS gaps_counter");
            s.execute("""
                    CREATE PROCEDURE gaps_counter(IN n INT)
                    BEGIN
                      DECLARE i INT DEFAULT 0;
                      DECLARE total INT DEFAULT 0;
                      WHILE i < n DO
                        SET i = i + 1;
                        IF i % 2 = 0 THEN SET total = total + i; END IF;
                      END WHILE;
                      SELECT total AS total, 'a;b' AS text;
                    END""");
            try (CallableStatement call = c.prepareCall("{call gaps_counter(?)}")) {
                call.setInt(1, 6);
                assertTrue(call.execute());
                try (ResultSet rs = call.getResultSet()) {
                    assertTrue(rs.next());
                    assertEquals(12, rs.getInt("total"));
                    assertEquals("a;b", rs.getString("text"));
                }
            }
            s.execute("DROP PROCEDURE gaps_counter");
        }
    }

    @Test
    void shouldCallAMariadbFunctionForItsReturnValue() throws SQLException {
        try (Connection c = JdbcMysqlTest.open();
                Statement s = c.createStatement()) {
            s.execute("DROP FUNCTION IF EXISTS gaps_twice");
            s.execute(
                    "CREATE FUNCTION gaps_twice(x INT) RETURNS INT DETERMINISTIC BEGIN DECLARE y INT; SET y = x * 2; RETURN y; END");
            try (CallableStatement call = c.prepareCall("{? = call gaps_twice(?)}")) {
                call.registerOutParameter(1, Types.INTEGER);
                call.setInt(2, 21);
                call.execute();
                assertEquals(42, call.getInt(1));
                assertFalse(call.wasNull());
                call.setNull(2, Types.INTEGER);
                call.execute();
                assertEquals(0, call.getInt(1));
                assertTrue(call.wasNull());
            }
            s.execute("DROP FUNCTION gaps_twice");
        }
    }

    @Test
    void shouldCreateAPostgresFunctionWithAnAtomicBody() throws SQLException {
        try (Connection c = JdbcPostgresTest.open();
                Statement s = c.createStatement()) {
            s.execute("CREATE OR REPLACE FUNCTION gaps_atomic(x int) RETURNS int LANGUAGE sql BEGIN ATOMIC "
                    + "SELECT 1; SELECT CASE WHEN x > 0 THEN x * 2 ELSE 0 END; END; SELECT 7");
            try (ResultSet rs = s.getResultSet()) {
                assertEquals(null, rs);
            }
            assertTrue(s.getMoreResults());
            try (ResultSet rs = s.getResultSet()) {
                rs.next();
                assertEquals(7, rs.getInt(1));
            }
            try (ResultSet rs = s.executeQuery("SELECT gaps_atomic(21)")) {
                rs.next();
                assertEquals(42, rs.getInt(1));
            }
            s.execute("DROP FUNCTION gaps_atomic(int)");
        }
    }

    @Test
    void shouldPrepareCallsOnPostgres() throws SQLException {
        try (Connection c = JdbcPostgresTest.open();
                Statement s = c.createStatement()) {
            s.execute(
                    "CREATE OR REPLACE FUNCTION gaps_add(a int, b int) RETURNS int LANGUAGE sql AS $$ SELECT a + b; $$");
            try (CallableStatement call = c.prepareCall("select current_schema()");
                    ResultSet rs = call.executeQuery()) {
                rs.next();
                assertEquals("public", rs.getString(1));
            }
            try (CallableStatement call =
                    c.prepareCall("{call gaps_add(?, ?)}", ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
                call.setInt(1, 40);
                call.setInt(2, 2);
                try (ResultSet rs = call.executeQuery()) {
                    rs.next();
                    assertEquals(42, rs.getInt(1));
                }
                assertThrows(SQLFeatureNotSupportedException.class, () -> call.registerOutParameter(1, Types.INTEGER));
                assertThrows(SQLFeatureNotSupportedException.class, () -> call.getInt(1));
                assertThrows(SQLFeatureNotSupportedException.class, () -> call.setInt("a", 1));
            }
            try (CallableStatement call = c.prepareCall(" { ? = CALL gaps_add(?, ?) } ")) {
                call.registerOutParameter(1, Types.INTEGER);
                call.setInt(2, 40);
                call.setInt(3, 2);
                assertThrows(SQLException.class, () -> call.setInt(1, 0));
                call.execute();
                assertEquals(42, call.getInt(1));
                assertEquals(42, call.getObject(1, Integer.class));
                assertEquals("42", call.getString(1));
                assertThrows(SQLFeatureNotSupportedException.class, () -> call.getInt(2));
            }
            try (CallableStatement call = c.prepareCall("{? = call gaps_add(?, ?)}")) {
                call.setInt(2, 1);
                call.setInt(3, 1);
                assertThrows(SQLException.class, call::execute); // the return value is not registered
            }
            s.execute("DROP FUNCTION gaps_add(int, int)");
        }
    }
}
