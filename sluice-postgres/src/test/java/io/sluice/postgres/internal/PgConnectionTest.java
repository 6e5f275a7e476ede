package io.sluice.postgres.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.IsolationLevel;
import io.sluice.PreparedStatement;
import io.sluice.Row;
import io.sluice.RowStream;
import io.sluice.ServerException;
import io.sluice.Sluice;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The extended-query paths against the real server. */
class PgConnectionTest {
    private PgConnection c;

    @BeforeEach
    void open() {
        c = PgConnections.open();
    }

    @AfterEach
    void close() {
        c.close();
    }

    @Test
    void shouldRunAdHocQueryTwiceWhenStatementIsCached() {
        for (int i = 0; i < 3; i++) {
            List<String> rows = c.query(
                    "SELECT g, 'v' || g AS name FROM generate_series(1, $1) g",
                    r -> r.getInt(0) + ":" + r.getString("name"),
                    3);
            assertThat(rows).containsExactly("1:v1", "2:v2", "3:v3");
        }
        assertThat(c.session().cache.size()).isEqualTo(1);
    }

    @Test
    void shouldFindDriverThroughServiceLoaderWhenConnectingByUrl() {
        try (Connection conn = Sluice.connect("postgresql://postgres@127.0.0.1:5432/test?sslmode=disable")) {
            assertThat(conn.queryFirst("SELECT 41 + 1", r -> r.getInt(0))).contains(42);
            assertThat(conn.serverInfo().product()).isEqualTo("PostgreSQL");
            assertThat(conn.serverInfo().parameters()).containsEntry("client_encoding", "UTF8");
        }
    }

    @Test
    void shouldReturnAffectedRowsWhenExecuting() {
        c.executeScript("CREATE TEMP TABLE pgp_exec (id int PRIMARY KEY, v text)");
        assertThat(c.execute("INSERT INTO pgp_exec VALUES ($1, $2), ($3, $4)", 1, "a", 2, "b"))
                .isEqualTo(2);
        assertThat(c.execute("UPDATE pgp_exec SET v = $1", "z")).isEqualTo(2);
        assertThat(c.execute("UPDATE pgp_exec SET v = $1", "y")).isEqualTo(2);
        assertThat(c.query("SELECT v FROM pgp_exec ORDER BY id", r -> r.getString(0)))
                .containsExactly("y", "y");
    }

    @Test
    void shouldRunBatchInOneSyncWhenExecutingBatch() {
        c.executeScript("CREATE TEMP TABLE pgp_batch (id int PRIMARY KEY, v text)");
        List<Object[]> sets = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            sets.add(new Object[] {i, "v" + i});
        }
        long[] counts = c.executeBatch("INSERT INTO pgp_batch VALUES ($1, $2)", sets);
        assertThat(counts).hasSize(100).containsOnly(1L);
        assertThat(c.queryFirst("SELECT count(*) FROM pgp_batch", r -> r.getLong(0)))
                .contains(100L);
    }

    @Test
    void shouldRollBackWholeBatchWhenOneExecutionFails() {
        c.executeScript("CREATE TEMP TABLE pgp_batch2 (id int PRIMARY KEY)");
        List<Object[]> sets = List.of(new Object[] {1}, new Object[] {2}, new Object[] {1});
        assertThatThrownBy(() -> c.executeBatch("INSERT INTO pgp_batch2 VALUES ($1)", sets))
                .isInstanceOf(ServerException.class)
                .extracting(e -> ((ServerException) e).sqlState())
                .isEqualTo("23505");
        assertThat(c.queryFirst("SELECT count(*) FROM pgp_batch2", r -> r.getLong(0)))
                .contains(0L);
    }

    @Test
    void shouldKeepConnectionUsableWhenServerRejectsStatement() {
        assertThatThrownBy(() -> c.query("SELEC 1", r -> 1))
                .isInstanceOf(ServerException.class)
                .satisfies(e -> {
                    ServerException se = (ServerException) e;
                    assertThat(se.sqlState()).isEqualTo("42601");
                    assertThat(se.fields()).containsKeys("severity", "message", "position", "file", "line", "routine");
                });
        assertThat(c.queryFirst("SELECT 1", r -> r.getInt(0))).contains(1);
    }

    @Test
    void shouldUseServerPreparedStatementWhenPrepared() {
        try (PreparedStatement ps = c.prepare("SELECT $1::int + 1 AS n, $2::text AS t")) {
            assertThat(ps.columns()).extracting(io.sluice.Column::name).containsExactly("n", "t");
            for (int i = 0; i < 3; i++) {
                assertThat(ps.query(r -> r.getInt("n") + r.getString("t"), i, "x"))
                        .containsExactly((i + 1) + "x");
            }
            assertThat(ps.query(r -> r.getInt("n"), "5", "y")).containsExactly(6);
        }
    }

    @Test
    void shouldCommitAndRollBackWhenUsingTransactions() {
        c.executeScript("CREATE TEMP TABLE pgp_tx (id int)");
        c.begin(IsolationLevel.SERIALIZABLE);
        assertThat(c.inTransaction()).isTrue();
        assertThat(c.queryFirst("SHOW transaction_isolation", r -> r.getString(0)))
                .contains("serializable");
        c.execute("INSERT INTO pgp_tx VALUES ($1)", 1);
        c.rollback();
        assertThat(c.inTransaction()).isFalse();
        c.transaction(tx -> tx.execute("INSERT INTO pgp_tx VALUES ($1)", 2));
        assertThatThrownBy(() -> c.transaction(tx -> {
                    tx.execute("INSERT INTO pgp_tx VALUES ($1)", 3);
                    throw new IllegalStateException("boom");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(c.query("SELECT id FROM pgp_tx", r -> r.getInt(0))).containsExactly(2);
    }

    @Test
    void shouldStayInStepWhenRowCodeThrowsAnErrorNotAnException() {
        // Regression: an Error (here a test's AssertionError) from a mapper escaped the response reader
        // and left the rest of the result unread, so the next query saw this one's rows.
        assertThatThrownBy(() -> c.forEach("SELECT g FROM generate_series(1, 1000) g", r -> {
                    throw new AssertionError("mapper failed on row " + r.getInt(0));
                }))
                .isInstanceOf(AssertionError.class)
                .hasMessage("mapper failed on row 1");
        assertThatThrownBy(() -> c.query("SELECT g FROM generate_series(1, 10) g", r -> {
                    throw new StackOverflowError("deep");
                }))
                .isInstanceOf(StackOverflowError.class);
        assertThat(c.query("SELECT 42", r -> r.getInt(0))).containsExactly(42);
        assertThat(c.isBroken()).isFalse();
    }

    @Test
    void shouldStreamInBoundedBatchesWhenInAutocommit() {
        try (RowStream rows = c.stream("SELECT g FROM generate_series(1, 10000) g", 100)) {
            long sum = 0;
            int n = 0;
            while (rows.hasNext()) {
                Row r = rows.next();
                sum += r.getInt(0);
                n++;
            }
            assertThat(n).isEqualTo(10000);
            assertThat(sum).isEqualTo(10000L * 10001 / 2);
        }
        try (RowStream rows = c.stream("SELECT g FROM generate_series(1, 10000) g", 10)) {
            assertThat(rows.next().getInt(0)).isEqualTo(1);
            assertThat(rows.next().getInt(0)).isEqualTo(2);
        }
        assertThat(c.inTransaction()).isFalse();
        assertThat(c.queryFirst("SELECT 7", r -> r.getInt(0))).contains(7);
    }

    @Test
    void shouldStreamInsideTransactionWithoutEndingIt() {
        c.executeScript("CREATE TEMP TABLE pgp_stream_tx (a int)");
        c.begin();
        c.execute("INSERT INTO pgp_stream_tx SELECT generate_series(1, 500)");
        try (RowStream rows = c.stream("SELECT a FROM pgp_stream_tx ORDER BY a", 7)) {
            assertThat(rows.next().getInt(0)).isEqualTo(1);
        }
        assertThat(c.inTransaction()).isTrue();
        try (RowStream rows = c.stream("SELECT a FROM pgp_stream_tx ORDER BY a", 7)) {
            int n = 0;
            while (rows.hasNext()) {
                rows.next();
                n++;
            }
            assertThat(n).isEqualTo(500);
        }
        c.rollback();
        assertThat(c.queryFirst("SELECT count(*) FROM pgp_stream_tx", r -> r.getLong(0)))
                .contains(0L);
    }

    @Test
    void shouldThrowServerExceptionAndStayUsableWhenStreamSqlIsBad() {
        assertThatThrownBy(() -> c.stream("SELECT no_such_column", 10)).isInstanceOf(ServerException.class);
        assertThat(c.inTransaction()).isFalse();
        assertThat(c.queryFirst("SELECT 3", r -> r.getInt(0))).contains(3);
    }

    @Test
    void shouldThrowConnectionExceptionWhenUsedAfterClose() {
        c.close();
        assertThat(c.isClosed()).isTrue();
        assertThatThrownBy(() -> c.query("SELECT 1", r -> 1)).isInstanceOf(ConnectionException.class);
    }

    @Test
    void shouldApplyLibpqOptionsAtStartup() {
        ConnectionConfig config = ConnectionConfig.fromUrl("postgresql://postgres@127.0.0.1:5432/test?sslmode=disable"
                + "&options=-c%20search_path%3Dpg_catalog%2Cpublic%20-c%20statement_timeout%3D1234");
        try (PgConnection o = PgConnections.open(config)) {
            assertThat(o.query("SHOW statement_timeout", r -> r.getString(0))).containsExactly("1234ms");
            assertThat(o.query("SHOW search_path", r -> r.getString(0))).containsExactly("pg_catalog,public");
        }
    }
}
