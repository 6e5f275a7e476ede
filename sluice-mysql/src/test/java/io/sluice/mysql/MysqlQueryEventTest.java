package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ServerException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The MySQL driver's JFR query events, recorded in-process with a threshold of 0 and read back. */
class MysqlQueryEventTest {

    @Test
    void shouldRecordEveryKindOfStatementWithItsOutcome(@TempDir Path dir) throws Exception {
        List<RecordedEvent> events;
        try (Recording recording = new Recording(); Connection c = MysqlTestSupport.connect(MysqlTestSupport.root())) {
            c.executeScript("CREATE TEMPORARY TABLE qe (id INT)");
            recording.enable("io.sluice.Query").withThreshold(Duration.ZERO);
            recording.start();
            c.query("SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3", r -> r.getInt(0));
            c.execute("INSERT INTO qe VALUES (1), (2), (3), (4), (5)");
            c.executeBatch("INSERT INTO qe VALUES (?)", List.of(new Object[] {6}, new Object[] {7}));
            assertThat(c.queryFirst("SELECT id FROM qe WHERE id = ?", r -> r.getInt(0), 7)).contains(7);
            assertThatThrownBy(() -> c.query("SELECT * FROM qe_missing", r -> 1)).isInstanceOf(ServerException.class);
            recording.stop();
            Path file = dir.resolve("queries.jfr");
            recording.dump(file);
            events = RecordingFile.readAllEvents(file);
        }
        assertThat(events).extracting(e -> e.getString("sql") + " | " + e.getLong("rows") + " | " + e.getLong("affected")
                + " | " + e.getString("outcome")).containsExactly(
                        "SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 | 3 | 0 | ok",
                        "INSERT INTO qe VALUES (1), (2), (3), (4), (5) | 0 | 5 | ok",
                        "INSERT INTO qe VALUES (?) | 0 | 2 | ok",
                        "SELECT id FROM qe WHERE id = ? | 1 | 0 | ok",
                        "SELECT * FROM qe_missing | 0 | 0 | ServerException 42S02");
        assertThat(events).allSatisfy(e -> {
            assertThat(e.getString("driver")).isEqualTo("mysql");
            assertThat(e.getString("server")).isEqualTo("127.0.0.1:3306");
        });
    }
}
