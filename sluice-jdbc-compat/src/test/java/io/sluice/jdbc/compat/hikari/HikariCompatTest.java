package io.sluice.jdbc.compat.hikari;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.sluice.jdbc.compat.CompatTest;
import io.sluice.jdbc.compat.DataSources;
import io.sluice.jdbc.compat.Target;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * HikariCP over the driver with one connection: the session state it resets between borrows, the
 * transaction it rolls back on return, eviction, and the {@code isValid} check that replaces a connection
 * whose server session was killed.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.sluice.jdbc.compat.Targets#all")
class HikariCompatTest extends CompatTest {
    private HikariDataSource pool;

    HikariCompatTest(Target target) {
        super(target);
    }

    @BeforeEach
    void open() throws Exception {
        pool = DataSources.hikari(target, target.freshDatabase("hikari"), 1);
        try (Connection c = pool.getConnection();
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE compat_event (id int PRIMARY KEY)");
        }
    }

    @AfterEach
    void close() {
        if (pool != null) {
            pool.close();
        }
    }

    @Test
    void shouldResetSessionStateBetweenBorrows() throws SQLException {
        long session;
        int defaultIsolation;
        try (Connection c = pool.getConnection()) {
            session = target.sessionId(c);
            defaultIsolation = c.getTransactionIsolation();
            c.setAutoCommit(false);
            c.setReadOnly(true);
            c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
            assertThat(count(c)).isZero();
            c.commit();
        }
        try (Connection c = pool.getConnection()) {
            assertThat(target.sessionId(c)).as("the same pooled session").isEqualTo(session);
            assertThat(c.getAutoCommit()).isTrue();
            assertThat(c.isReadOnly()).isFalse();
            assertThat(c.getTransactionIsolation()).isEqualTo(defaultIsolation);
            try (Statement s = c.createStatement()) {
                assertThat(s.executeUpdate("INSERT INTO compat_event (id) VALUES (1)"))
                        .isEqualTo(1);
            }
        }
    }

    @Test
    void shouldRollBackAnOpenTransactionOnReturn() throws SQLException {
        try (Connection c = pool.getConnection();
                Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO compat_event (id) VALUES (1)");
        }
        try (Connection c = pool.getConnection()) {
            assertThat(count(c)).isZero();
        }
    }

    @Test
    void shouldReplaceEvictedConnections() throws SQLException {
        long before;
        try (Connection c = pool.getConnection()) {
            before = target.sessionId(c);
        }
        pool.getHikariPoolMXBean().softEvictConnections();
        try (Connection c = pool.getConnection()) {
            assertThat(target.sessionId(c)).isNotEqualTo(before);
        }
    }

    @Test
    void shouldReplaceAConnectionWhoseSessionWasKilled() throws Exception {
        long killed;
        try (Connection c = pool.getConnection()) {
            killed = target.sessionId(c);
            target.killSession(c);
        }
        // HikariCP checks an idle connection with Connection.isValid once it has been idle this long.
        Thread.sleep(700);
        try (Connection c = pool.getConnection()) {
            assertThat(target.sessionId(c)).isNotEqualTo(killed);
            assertThat(count(c)).isZero();
        }
    }

    private static long count(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM compat_event")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
