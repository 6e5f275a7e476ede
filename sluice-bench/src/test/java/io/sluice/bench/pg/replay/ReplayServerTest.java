package io.sluice.bench.pg.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The replay server against the set-up's real PostgreSQL, with pgjdbc as the client. */
class ReplayServerTest {
    private static final String QUERY = "SELECT g, 'row-' || g, now() FROM generate_series(1, ?) g";

    @Test
    void shouldAnswerWithTheRecordedBytesWhenTheClientRepeatsARecordedSession() throws Exception {
        try (ReplayServer replay = ReplayServer.start("127.0.0.1", 5432)) {
            List<String> recorded = session(replay.port(), 7);
            replay.replay();

            List<String> replayed = session(replay.port(), 7);

            // now() differs between live sessions; equal values prove the answer came from the recording.
            assertThat(replayed).isEqualTo(recorded).hasSize(8 * 7);
            assertThat(replay.misses()).isZero();
            assertThat(replay.exchanges()).isGreaterThan(2);
        }
    }

    @Test
    void shouldFailTheQueryCleanlyWhenAnExchangeWasNeverRecorded() throws Exception {
        try (ReplayServer replay = ReplayServer.start("127.0.0.1", 5432)) {
            session(replay.port(), 3);
            replay.replay();

            assertThatThrownBy(() -> session(replay.port(), 4))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("replay: no recorded answer");
            assertThat(replay.misses()).isEqualTo(1);
            assertThat(replay.lastMiss()).contains("exchange=");
        }
    }

    /** Connects through the replay server, runs the query 8 times (past prepareThreshold), returns every value. */
    private static List<String> session(int port, int rows) throws SQLException {
        List<String> values = new ArrayList<>();
        String url = "jdbc:postgresql://127.0.0.1:" + port + "/test?user=postgres&sslmode=disable"
                + "&ApplicationName=replay-test";
        try (Connection c = DriverManager.getConnection(url); PreparedStatement ps = c.prepareStatement(QUERY)) {
            for (int i = 0; i < 8; i++) {
                ps.setInt(1, rows);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        values.add(rs.getInt(1) + "|" + rs.getString(2) + "|" + rs.getString(3));
                    }
                }
            }
        }
        return values;
    }
}
