package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.ServerException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The driver's JFR query events, recorded in-process with a threshold of 0 and read back. */
@Timeout(60)
class QueryEventTest {

    @Test
    void shouldRecordEveryKindOfStatementWithItsOutcome(@TempDir Path dir) throws Exception {
        List<RecordedEvent> events;
        try (Recording recording = new Recording(); PgConnection c = PgTestConfig.connect()) {
            recording.enable("io.sluice.Query").withThreshold(Duration.ZERO);
            recording.start();
            c.query("SELECT g FROM generate_series(1, 3) g", r -> r.getInt(0));
            c.executeScript("CREATE TEMP TABLE qe (id int)");
            c.execute("INSERT INTO qe SELECT generate_series(1, 5)");
            c.executeBatch("INSERT INTO qe VALUES ($1)", List.of(new Object[] {6}, new Object[] {7}));
            assertThatThrownBy(() -> c.query("SELECT * FROM qe_missing", r -> 1)).isInstanceOf(ServerException.class);
            recording.stop();
            Path file = dir.resolve("queries.jfr");
            recording.dump(file);
            events = RecordingFile.readAllEvents(file);
        }
        assertThat(events).extracting(e -> e.getString("sql") + " | " + e.getLong("rows") + " | " + e.getLong("affected")
                + " | " + e.getString("outcome")).containsExactly(
                        "SELECT g FROM generate_series(1, 3) g | 3 | 3 | ok",
                        "INSERT INTO qe SELECT generate_series(1, 5) | 0 | 5 | ok",
                        "INSERT INTO qe VALUES ($1) | 0 | 2 | ok",
                        "SELECT * FROM qe_missing | 0 | 0 | ServerException 42P01");
        assertThat(events).allSatisfy(e -> {
            assertThat(e.getString("driver")).isEqualTo("postgresql");
            assertThat(e.getString("server")).isEqualTo("127.0.0.1:5432");
            assertThat(e.getDuration()).isPositive();
        });
    }

    @Test
    void shouldRecordNothingBelowTheDefaultThreshold(@TempDir Path dir) throws Exception {
        try (Recording recording = new Recording(); PgConnection c = PgTestConfig.connect()) {
            recording.enable("io.sluice.Query"); // the event's own 10 ms threshold
            recording.start();
            c.query("SELECT 1", r -> r.getInt(0));
            c.query("SELECT pg_sleep(0.05)", r -> 1);
            recording.stop();
            Path file = dir.resolve("slow.jfr");
            recording.dump(file);
            List<RecordedEvent> events = RecordingFile.readAllEvents(file);
            assertThat(events).extracting(e -> e.getString("sql")).contains("SELECT pg_sleep(0.05)");
            // SELECT 1 appears only if this (loaded) machine made it take 10 ms as well.
            assertThat(events).allSatisfy(e -> assertThat(e.getDuration()).isGreaterThanOrEqualTo(Duration.ofMillis(10)));
        }
    }
}
