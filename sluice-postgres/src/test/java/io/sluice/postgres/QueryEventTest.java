package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Connection;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JFR query event's default threshold (the event's fields for every kind of statement are in the
 * shared {@code ConnectionContract}).
 */
@Timeout(60)
class QueryEventTest {

    @Test
    void shouldRecordNothingBelowTheDefaultThreshold(@TempDir Path dir) throws Exception {
        try (Recording recording = new Recording();
                Connection c = PgTestConfig.connect()) {
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
            assertThat(events)
                    .allSatisfy(e -> assertThat(e.getDuration()).isGreaterThanOrEqualTo(Duration.ofMillis(10)));
        }
    }
}
