package io.sluice.pool;

import static io.sluice.pool.Eventually.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.PoolExhaustedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;

/** The pool's JFR events, recorded in this JVM and read back from the recording file. */
class PoolEventsTest {
    private final FakeServer server = new FakeServer();

    @Test
    void shouldRecordBorrowUsageCreationTimeoutAndLeakEventsWhenJfrIsOn() throws Exception {
        Path file = Files.createTempFile("pool-events", ".jfr");
        try (Recording recording = new Recording()) {
            for (String name : List.of(
                    "BorrowWait", "ConnectionUsage", "ConnectionCreation", "ConnectionTimeout", "ConnectionLeak")) {
                recording.enable("io.sluice.pool." + name).withoutThreshold();
            }
            recording.start();
            try (ConnectionPool pool = server.pool()
                    .name("jfr-pool")
                    .maxSize(1)
                    .leakDetectionThreshold(Duration.ofMillis(30))
                    .build()) {
                pool.useConnection(c -> c.execute("SELECT 1"));
                Connection held = pool.connection();
                assertThatThrownBy(() -> pool.connection(Duration.ofMillis(20)))
                        .isInstanceOf(PoolExhaustedException.class);
                // >= 1: on a loaded machine the SELECT 1 above may itself outlast the 30 ms threshold and be
                // reported too, and a count that went 0 -> 2 between two looks would never equal 1.
                waitUntil(() -> pool.stats().leaks() >= 1, "leak reported");
                held.close();
            }
            recording.stop();
            recording.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        Files.deleteIfExists(file);
        Set<String> names = events.stream()
                .filter(e -> "jfr-pool".equals(e.getString("pool")))
                .map(e -> e.getEventType().getName())
                .collect(Collectors.toSet());
        assertThat(names)
                .containsExactlyInAnyOrder(
                        "io.sluice.pool.BorrowWait",
                        "io.sluice.pool.ConnectionUsage",
                        "io.sluice.pool.ConnectionCreation",
                        "io.sluice.pool.ConnectionTimeout",
                        "io.sluice.pool.ConnectionLeak");
        RecordedEvent timeout = events.stream()
                .filter(e -> e.getEventType().getName().equals("io.sluice.pool.ConnectionTimeout"))
                .findFirst()
                .orElseThrow();
        assertThat(timeout.getInt("total")).isEqualTo(1);
        assertThat(timeout.getInt("active")).isEqualTo(1);
        RecordedEvent leak = events.stream()
                .filter(e -> e.getEventType().getName().equals("io.sluice.pool.ConnectionLeak"))
                .findFirst()
                .orElseThrow();
        assertThat(leak.getString("stack")).contains("shouldRecordBorrowUsageCreationTimeoutAndLeakEventsWhenJfrIsOn");
    }

    @Test
    void shouldRecordNoUsageEventPerBorrowWhenRecordingUsesJfrDefaults() throws Exception {
        Path file = Files.createTempFile("pool-events-default", ".jfr");
        try (Recording recording = new Recording(Configuration.getConfiguration("default"))) {
            recording.start();
            try (ConnectionPool pool =
                    server.pool().name("jfr-default-pool").maxSize(1).build()) {
                for (int i = 0; i < 100; i++) {
                    pool.useConnection(c -> c.execute("SELECT 1"));
                }
            }
            recording.stop();
            recording.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        Files.deleteIfExists(file);
        Set<String> names = events.stream()
                .filter(e -> e.hasField("pool") && "jfr-default-pool".equals(e.getString("pool")))
                .map(e -> e.getEventType().getName())
                .collect(Collectors.toSet());
        assertThat(names)
                .contains("io.sluice.pool.ConnectionCreation")
                .doesNotContain("io.sluice.pool.ConnectionUsage");
    }
}
