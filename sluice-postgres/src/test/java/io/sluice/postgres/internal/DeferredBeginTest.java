package io.sluice.postgres.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.IsolationLevel;
import io.sluice.RowStream;
import io.sluice.ServerException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code begin()} sends nothing: its BEGIN goes out with the next request (ahead of an extended
 * query in the same Sync group, or as a request of its own before anything else). Checked against
 * the server: the backend's state as another session sees it, and what survives a rollback.
 */
@Timeout(60)
class DeferredBeginTest {
    private static final String TABLE = "sluice_pg_deferred_begin";
    private PgConnection c;
    private PgConnection observer;
    private int pid;

    @BeforeAll
    static void createTable() {
        try (PgConnection c = PgConnections.open()) {
            c.executeScript("DROP TABLE IF EXISTS " + TABLE + "; CREATE TABLE " + TABLE + " (id int PRIMARY KEY)");
        }
    }

    @AfterAll
    static void dropTable() {
        try (PgConnection c = PgConnections.open()) {
            c.executeScript("DROP TABLE IF EXISTS " + TABLE);
        }
    }

    @BeforeEach
    void open() {
        c = PgConnections.open();
        observer = PgConnections.open();
        c.execute("DELETE FROM " + TABLE);
        pid = c.queryFirst("SELECT pg_backend_pid()", r -> r.getInt(0)).orElseThrow();
    }

    @AfterEach
    void close() {
        c.close();
        observer.close();
    }

    /** The state of {@code c}'s backend, as another session sees it. */
    private String backendState() {
        return observer.queryFirst("SELECT state FROM pg_stat_activity WHERE pid = $1", r -> r.getString(0), pid)
                .orElseThrow();
    }

    private long count() {
        return observer.queryFirst("SELECT count(*) FROM " + TABLE, r -> r.getLong(0))
                .orElseThrow();
    }

    @Test
    void shouldSendNothingUntilTheNextRequest() {
        c.begin();
        assertThat(c.inTransaction()).isTrue();
        assertThat(backendState()).isEqualTo("idle");
        c.execute("SELECT 1"); // the BEGIN travels with it
        assertThat(backendState()).isEqualTo("idle in transaction");
        c.rollback();
        assertThat(c.inTransaction()).isFalse();
        assertThat(backendState()).isEqualTo("idle");
    }

    @Test
    void shouldCommitAndRollBackAnEmptyTransactionWithoutTheServer() {
        c.begin();
        c.commit();
        assertThat(c.inTransaction()).isFalse();
        c.begin(IsolationLevel.SERIALIZABLE);
        c.rollback();
        assertThat(c.inTransaction()).isFalse();
        assertThat(backendState()).isEqualTo("idle");
    }

    @Test
    void shouldRunTheFirstStatementInsideTheTransaction() {
        c.begin();
        c.execute("INSERT INTO " + TABLE + " VALUES ($1)", 1);
        assertThat(count()).isZero(); // not committed: another session sees nothing
        c.rollback();
        assertThat(count()).isZero();
        c.begin();
        c.execute("INSERT INTO " + TABLE + " VALUES ($1)", 2);
        c.commit();
        assertThat(count()).isEqualTo(1);
    }

    @Test
    void shouldApplyTheIsolationLevelBeforeTheFirstQuery() {
        c.begin(IsolationLevel.SERIALIZABLE);
        assertThat(c.queryFirst("SHOW transaction_isolation", r -> r.getString(0)))
                .contains("serializable");
        c.commit();
        c.begin(IsolationLevel.REPEATABLE_READ);
        try (RowStream rows = c.stream("SHOW transaction_isolation", 1)) {
            assertThat(c.inTransaction()).isTrue();
            assertThat(rows.next().getString(0)).isEqualTo("repeatable read");
        }
        c.rollback();
    }

    @Test
    void shouldKeepTheTransactionForStreamsBatchesScriptsAndCopy() {
        c.begin();
        try (RowStream rows = c.stream("SELECT g FROM generate_series(1, 5) g", 2)) {
            assertThat(rows.hasNext()).isTrue();
        }
        c.executeBatch("INSERT INTO " + TABLE + " VALUES ($1)", List.of(new Object[] {1}, new Object[] {2}));
        c.rollback();
        c.begin();
        c.executeBatch("INSERT INTO " + TABLE + " VALUES ($1)", List.of(new Object[] {3}, new Object[] {4}));
        c.rollback();
        c.begin();
        c.executeScript("INSERT INTO " + TABLE + " VALUES (5); INSERT INTO " + TABLE + " VALUES (6)");
        c.rollback();
        c.begin();
        c.copyIn("COPY " + TABLE + " FROM STDIN", new ByteArrayInputStream("7\n8\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(backendState()).isEqualTo("idle in transaction");
        c.rollback();
        assertThat(count()).isZero();
    }

    @Test
    void shouldLeaveTheTransactionFailedWhenItsFirstStatementFails() {
        c.begin();
        assertThatThrownBy(() -> c.execute("SELECT 1/0")).isInstanceOf(ServerException.class);
        assertThat(c.inTransaction()).isTrue();
        assertThat(backendState()).isEqualTo("idle in transaction (aborted)");
        c.rollback();
        assertThat(c.inTransaction()).isFalse();
        c.execute("INSERT INTO " + TABLE + " VALUES (1)");
        assertThat(count()).isEqualTo(1);
    }

    @Test
    void shouldNotRunAStatementWhoseDeferredBeginFails() {
        c.begin();
        assertThatThrownBy(() -> c.execute("SELECT 1/0")).isInstanceOf(ServerException.class);
        // begin() refuses to run inside a transaction; a BEGIN deferred there anyway is refused by the
        // server (25P02), and the statement behind it in the same Sync group must not run
        c.session().deferredBegin.defer("BEGIN");
        assertThatThrownBy(() -> c.execute("INSERT INTO " + TABLE + " VALUES (1)"))
                .isInstanceOf(ServerException.class)
                .hasMessageContaining("25P02");
        c.rollback();
        assertThat(count()).isZero();
    }

    @Test
    void shouldSendThePendingBeginBeforeAReset() {
        c.begin();
        c.reset();
        assertThat(c.inTransaction()).isFalse();
        assertThat(backendState()).isEqualTo("idle");
    }
}
