package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What every driver tells a {@link QueryListener}, subclassed per driver against its real server: one start and
 * one end per call, with the SQL, the server, rows read, rows affected, the failure and its SQLSTATE, also for a
 * query cancelled from another thread.
 */
public abstract class QueryListenerContract {

    /** The driver and server under test: the statement that sleeps, and the probe that sees it running. */
    protected abstract ServerUnderTest server();

    /** A configuration for the driver's test server (the contract adds its listener). */
    protected abstract ConnectionConfig config();

    /** The driver's parameter marker for 1-based {@code index}: {@code $1} or {@code ?}. */
    protected abstract String placeholder(int index);

    /** The SQLSTATE the server reports for a missing table. */
    protected abstract String missingTableState();

    /**
     * One end as "SUMMARY rows=.. [affected=..] status", plus what came with it. A SELECT's affected count differs
     * by server (PostgreSQL's command tag counts the rows, MySQL reports 0), so it is left out.
     */
    private record Ended(QueryInfo query, Object context, QueryOutcome outcome) {
        String line() {
            return query.summary() + " rows=" + outcome.rows()
                    + (query.operation().equals("SELECT") ? "" : " affected=" + outcome.affected()) + " "
                    + outcome.status().tag();
        }
    }

    private final List<QueryInfo> started = new ArrayList<>();
    private final List<Ended> ended = new ArrayList<>();
    private final QueryListener recorder = new QueryListener() {
        @Override
        public Object onStart(QueryInfo query) {
            started.add(query);
            return "ctx" + started.size();
        }

        @Override
        public void onEnd(QueryInfo query, Object context, QueryOutcome outcome) {
            ended.add(new Ended(query, context, outcome));
        }
    };
    private final String table = "obs_listener_" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    private Connection connection;

    @BeforeEach
    void open() {
        connection = Sluice.connect(config().toBuilder().queryListener(recorder).build());
        connection.execute("CREATE TABLE " + table + " (id INT PRIMARY KEY, name VARCHAR(20))");
        started.clear();
        ended.clear();
    }

    @AfterEach
    void close() {
        try {
            connection.execute("DROP TABLE IF EXISTS " + table);
        } finally {
            connection.close();
        }
    }

    @Test
    void shouldReportEachCallWithRowsAffectedAndOutcome() {
        String insert = "INSERT INTO " + table + " (id, name) VALUES (" + placeholder(1) + ", " + placeholder(2) + ")";
        connection.executeBatch(insert, List.of(new Object[] {1, "a"}, new Object[] {2, "b"}, new Object[] {3, "c"}));
        connection.execute("UPDATE " + table + " SET name = 'z' WHERE id < 3");
        connection.query("SELECT name FROM " + table + " ORDER BY id", r -> r.getString(0));
        connection.queryFirst("SELECT name FROM " + table + " WHERE id = " + placeholder(1), r -> r.getString(0), 3);
        connection.forEach("SELECT id FROM " + table, r -> {});
        try (RowStream rows = connection.stream("SELECT id FROM " + table + " ORDER BY id", 1)) {
            rows.next();
            rows.next();
        }
        assertThatThrownBy(() -> connection.query("SELECT * FROM obs_missing_listener", r -> 1))
                .isInstanceOf(ServerException.class);
        assertThat(ended)
                .extracting(Ended::line)
                .containsExactly(
                        "INSERT " + table + " rows=0 affected=3 ok",
                        "UPDATE " + table + " rows=0 affected=2 ok",
                        "SELECT " + table + " rows=3 ok",
                        "SELECT " + table + " rows=1 ok",
                        "SELECT " + table + " rows=3 ok",
                        "SELECT " + table + " rows=2 ok",
                        "SELECT obs_missing_listener rows=0 server_error");
        assertThat(started).hasSize(ended.size());
        for (int i = 0; i < ended.size(); i++) {
            Ended e = ended.get(i);
            assertThat(e.query()).isSameAs(started.get(i));
            assertThat(e.context()).isEqualTo("ctx" + (i + 1));
            assertThat(e.outcome().durationNanos()).isPositive();
            assertThat(e.query().server()).isEqualTo(new ServerAddress(config().host(), config().port()));
            assertThat(e.query().database()).isEqualTo(config().database());
        }
        assertThat(ended.getFirst().query().sql()).isEqualTo(insert);
        assertThat(ended.getLast().outcome().sqlState()).isEqualTo(missingTableState());
    }

    @Test
    void shouldReportTransactionControlAsBeginCommitAndRollback() {
        connection.begin();
        connection.execute("INSERT INTO " + table + " (id, name) VALUES (1, 'a')");
        connection.commit();
        assertThatThrownBy(() -> connection.transaction(IsolationLevel.SERIALIZABLE, c -> {
                    c.execute("UPDATE " + table + " SET name = 'b'");
                    throw new IllegalStateException("undo");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(connection.query("SELECT name FROM " + table, r -> r.getString(0)))
                .containsExactly("a");
        assertThat(ended)
                .extracting(e -> e.query().operation() + " rows=" + e.outcome().rows() + " "
                        + e.outcome().status().tag())
                .containsExactly(
                        "BEGIN rows=0 ok",
                        "INSERT rows=0 ok",
                        "COMMIT rows=0 ok",
                        "BEGIN rows=0 ok",
                        "UPDATE rows=0 ok",
                        "ROLLBACK rows=0 ok",
                        "SELECT rows=1 ok");
        assertThat(started).hasSize(ended.size());
        assertThat(ended.get(0).query().summary()).isEqualTo("BEGIN");
        assertThat(ended.get(2).query().sql()).isEqualTo("COMMIT");
        assertThat(ended.get(5).query().sql()).isEqualTo("ROLLBACK");
    }

    @Test
    void shouldReportPreparedStatementRunsAndScripts() {
        connection.executeScript("INSERT INTO " + table + " (id, name) VALUES (1, 'a')");
        String insertSql =
                "INSERT INTO " + table + " (id, name) VALUES (" + placeholder(1) + ", " + placeholder(2) + ")";
        try (PreparedStatement insert = connection.prepare(insertSql);
                PreparedStatement select =
                        connection.prepare("SELECT name FROM " + table + " WHERE id >= " + placeholder(1))) {
            insert.execute(2, "b");
            insert.executeBatch(List.of(new Object[] {3, "c"}, new Object[] {4, "d"}));
            select.forEach(r -> {}, 1);
            try (RowStream rows = select.stream(2, 3)) {
                rows.next();
                rows.next();
            }
        }
        assertThat(ended)
                .extracting(Ended::line)
                .containsExactly(
                        "INSERT " + table + " rows=0 affected=0 ok",
                        "INSERT " + table + " rows=0 affected=1 ok",
                        "INSERT " + table + " rows=0 affected=2 ok",
                        "SELECT " + table + " rows=4 ok",
                        "SELECT " + table + " rows=2 ok");
        assertThat(started).hasSize(ended.size());
        assertThat(ended.get(1).query().sql()).isEqualTo(insertSql);
    }

    @Test
    void shouldRunQueriesWhenListenerThrows() {
        QueryListener throwing = new QueryListener() {
            @Override
            public Object onStart(QueryInfo query) {
                throw new IllegalStateException("start");
            }

            @Override
            public void onEnd(QueryInfo query, Object context, QueryOutcome outcome) {
                throw new IllegalStateException("end");
            }
        };
        try (Connection c = Sluice.connect(config().toBuilder()
                .queryListener(QueryListener.of(throwing, recorder))
                .build())) {
            assertThat(c.query("SELECT 1", r -> r.getInt(0))).containsExactly(1);
        }
        assertThat(ended).extracting(Ended::line).containsExactly("SELECT rows=1 ok");
    }

    @Test
    @Timeout(60)
    void shouldReportCancelledQueryWithItsFailureWhenAnotherThreadCancels() throws Exception {
        String sleeping = "SELECT 'pooltck_listener_cancel', " + server().sleep(5);
        // the listener runs on the caller's thread; the future's completion publishes what it recorded
        CompletableFuture<Throwable> outcome = CancellationContract.executeInBackground(connection, sleeping);
        CancellationContract.awaitRunning(server(), connection, "pooltck_listener_cancel");
        connection.cancel();
        Throwable thrown = outcome.get(30, TimeUnit.SECONDS);
        assertThat(thrown).isInstanceOf(QueryCancelledException.class);
        assertThat(ended).extracting(Ended::line).containsExactly("SELECT rows=0 cancelled");
        Ended cancelled = ended.getFirst();
        assertThat(cancelled.query().sql()).isEqualTo(sleeping);
        assertThat(cancelled.query()).isSameAs(started.getFirst());
        assertThat(cancelled.context()).isEqualTo("ctx1");
        assertThat(cancelled.outcome().succeeded()).isFalse();
        assertThat(cancelled.outcome().failure()).isSameAs(thrown);
        assertThat(cancelled.outcome().sqlState()).isNull();
        assertThat(cancelled.outcome().durationNanos()).isPositive();
        // the connection goes on, and so does the listener
        assertThat(connection.query("SELECT 1", r -> r.getInt(0))).containsExactly(1);
        assertThat(ended).extracting(Ended::line).containsExactly("SELECT rows=0 cancelled", "SELECT rows=1 ok");
    }
}
