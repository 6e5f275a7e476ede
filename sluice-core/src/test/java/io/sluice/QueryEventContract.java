package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.ConnectionContract.ColumnKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JFR event {@code io.sluice.Query} ({@link io.sluice.spi.QueryEvent}) beyond the plain statements
 * {@link ConnectionContract} records: streams, prepared statements, failures, timeouts, and nothing
 * recorded while no recording asks for the event. Rows Read counts the rows handed to the caller.
 */
public abstract class QueryEventContract {
    private static final String EVENT = "io.sluice.Query";

    /** The driver and server under test. */
    protected abstract ServerUnderTest server();

    @TempDir
    Path dir;

    private Connection connection;
    private String table;

    @BeforeEach
    void openConnection() {
        connection = Sluice.connect(server().config());
        table = "sltk_jfr_" + Long.toHexString(System.nanoTime());
        connection.executeScript("CREATE TEMPORARY TABLE " + table + " (id " + server().columnType(ColumnKind.INT)
                + " PRIMARY KEY, n " + server().columnType(ColumnKind.INT) + ")");
        List<Object[]> sets = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            sets.add(new Object[] {i, i});
        }
        connection.executeBatch(
                "INSERT INTO " + table + " (id, n) VALUES (" + server().placeholder(1) + ", " + server().placeholder(2)
                        + ")",
                sets);
    }

    @AfterEach
    void closeConnection() {
        connection.close();
    }

    /** Runs {@code work} under a recording of every query event (threshold 0) and returns the events. */
    private List<RecordedEvent> record(Runnable work) throws Exception {
        try (Recording recording = new Recording()) {
            recording.enable(EVENT).withThreshold(Duration.ZERO);
            recording.start();
            work.run();
            recording.stop();
            Path file = dir.resolve("events-" + System.nanoTime() + ".jfr");
            recording.dump(file);
            return RecordingFile.readAllEvents(file).stream()
                    .filter(e -> e.getEventType().getName().equals(EVENT))
                    .toList();
        }
    }

    @Test
    void shouldRecordOneEventPerStreamWithTheRowsHandedOut() throws Exception {
        String all = "SELECT id FROM " + table + " ORDER BY id";
        String early = "SELECT n FROM " + table + " ORDER BY id";
        List<RecordedEvent> events = record(() -> {
            try (RowStream rows = connection.stream(all, 3)) {
                while (rows.hasNext()) {
                    rows.next();
                }
            }
            try (RowStream rows = connection.stream(early, 3)) {
                rows.next();
                rows.next();
            }
        });
        assertThat(events)
                .extracting(e -> e.getString("sql") + " | " + e.getLong("rows") + " | " + e.getString("outcome"))
                .containsExactly(all + " | 20 | ok", early + " | 2 | ok");
    }

    @Test
    void shouldRecordPreparedStatementRunsWithRowsAndAffectedCounts() throws Exception {
        String select = "SELECT id FROM " + table + " WHERE id <= " + server().placeholder(1);
        String update = "UPDATE " + table + " SET n = n + 1 WHERE id <= " + server().placeholder(1);
        List<RecordedEvent> events = record(() -> {
            try (PreparedStatement ps = connection.prepare(select)) {
                ps.query(r -> r.getInt(0), 4);
                ps.query(r -> r.getInt(0), 7);
            }
            try (PreparedStatement ps = connection.prepare(update)) {
                ps.execute(5);
            }
        });
        assertThat(events)
                .extracting(e -> e.getString("sql") + " | " + e.getLong("rows") + " | " + e.getLong("affected"))
                .contains(update + " | 0 | 5")
                .filteredOn(s -> s.startsWith(select))
                .extracting(s -> s.substring(select.length()).split(" \\| ")[1])
                .containsExactly("4", "7");
        assertThat(events).allSatisfy(e -> assertThat(e.getString("outcome")).isEqualTo("ok"));
    }

    @Test
    void shouldRecordServerErrorWithItsSqlState() throws Exception {
        String missing = "SELECT id FROM " + table + "_missing";
        List<ServerException> thrown = new ArrayList<>();
        List<RecordedEvent> events = record(() -> {
            try {
                connection.query(missing, r -> r.getInt(0));
            } catch (ServerException e) {
                thrown.add(e);
            }
        });
        assertThat(thrown).hasSize(1);
        assertThat(events).hasSize(1);
        RecordedEvent event = events.getFirst();
        assertThat(event.getString("sql")).isEqualTo(missing);
        assertThat(event.getString("outcome"))
                .startsWith("ServerException")
                .contains(thrown.getFirst().sqlState());
        assertThat(event.getLong("rows")).isZero();
        assertThat(event.getLong("affected")).isZero();
    }

    /**
     * A statement that fails after the server sent some rows (a scalar subquery finding two rows on the
     * fourth row of a scan): the event counts the rows the caller saw before the error. A driver that
     * does not yet overrides this with {@code @Disabled} naming the difference.
     */
    @Test
    protected void shouldCountRowsReadBeforeAFailureMidResult() throws Exception {
        String failing = "SELECT id, (SELECT b.n FROM " + table + " b WHERE b.id <= a.id - 2) FROM " + table + " a";
        AtomicInteger mapped = new AtomicInteger();
        List<RecordedEvent> events =
                record(() -> assertThatThrownBy(() -> connection.query(failing, r -> mapped.incrementAndGet()))
                        .isInstanceOf(ServerException.class));
        assertThat(events).hasSize(1);
        assertThat(events.getFirst().getString("outcome")).startsWith("ServerException");
        assertThat(events.getFirst().getLong("rows")).isEqualTo(mapped.get());
        assertThat(connection.queryFirst("SELECT 1", r -> r.getInt(0))).contains(1);
    }

    @Test
    void shouldRecordTimeoutAsItsOutcome() throws Exception {
        String sleeping = "SELECT 'sltk_jfr_timeout', " + server().sleep(5);
        List<RecordedEvent> events = record(() -> {
            connection.queryTimeout(Duration.ofMillis(300));
            assertThatThrownBy(() -> connection.execute(sleeping)).isInstanceOf(QueryTimeoutException.class);
            connection.queryTimeout(Duration.ZERO);
        });
        assertThat(events).extracting(e -> e.getString("sql")).containsExactly(sleeping);
        assertThat(events.getFirst().getString("outcome")).startsWith("QueryTimeoutException");
    }

    @Test
    void shouldRecordCancelAsItsOutcome() throws Exception {
        String sleeping = "SELECT 'sltk_jfr_cancel', " + server().sleep(5);
        List<RecordedEvent> events = record(() -> {
            CompletableFuture<Throwable> outcome = CancellationContract.executeInBackground(connection, sleeping);
            try {
                CancellationContract.awaitRunning(server(), connection, "sltk_jfr_cancel");
                connection.cancel();
                assertThat(outcome.get(30, TimeUnit.SECONDS)).isInstanceOf(QueryCancelledException.class);
            } catch (InterruptedException | ExecutionException | TimeoutException e) {
                throw new AssertionError(e);
            }
        });
        // the probe that watches for the statement runs queries of its own, recorded too
        List<RecordedEvent> cancelled =
                events.stream().filter(e -> sleeping.equals(e.getString("sql"))).toList();
        assertThat(cancelled).hasSize(1);
        assertThat(cancelled.getFirst().getString("outcome")).startsWith("QueryCancelledException");
        assertThat(connection.queryFirst("SELECT 1", r -> r.getInt(0))).contains(1);
    }

    @Test
    void shouldRecordNothingWhenNoRecordingAsks() throws Exception {
        try (Recording recording = new Recording()) {
            recording.disable(EVENT); // a recording runs, but without the query event (on by default)
            recording.start();
            connection.query("SELECT id FROM " + table, r -> r.getInt(0));
            recording.stop();
            Path file = dir.resolve("off.jfr");
            recording.dump(file);
            assertThat(RecordingFile.readAllEvents(file))
                    .noneMatch(e -> e.getEventType().getName().equals(EVENT));
        }
    }
}
