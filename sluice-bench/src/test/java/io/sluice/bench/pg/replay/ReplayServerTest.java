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

    @Test
    void shouldReplaySluiceSessionsWhoseStatementNamesDifferPerConnection() throws Exception {
        // Sluice names statements with a random part per connection: only canonical names can match.
        try (ReplayServer replay = ReplayServer.start("127.0.0.1", 5432)) {
            List<String> recorded = sluiceSession(replay.port());
            replay.replay();

            assertThat(sluiceSession(replay.port())).isEqualTo(recorded).hasSize(3 * 4);
            assertThat(replay.misses()).isZero();
        }
    }

    @Test
    void shouldRenameStatementsCanonicallyAndLeaveOtherMessagesAlone() {
        java.util.Map<String, String> names = new java.util.HashMap<>();
        byte[] parse = message('P', "sab12_1\0SELECT 1\0\0\0");
        byte[] bind = message('B', "\0sab12_1\0\0\0\0\0\0\0");
        assertThat(PgFrames.canonicalStatementName(parse, names)).isEqualTo(message('P', "S1\0SELECT 1\0\0\0"));
        assertThat(PgFrames.canonicalStatementName(bind, names)).isEqualTo(message('B', "\0S1\0\0\0\0\0\0\0"));
        assertThat(PgFrames.canonicalStatementName(message('C', "Sother\0"), names))
                .isEqualTo(message('C', "SS2\0"));
        byte[] portal = message('D', "P\0");
        assertThat(PgFrames.canonicalStatementName(portal, names)).isSameAs(portal);
        byte[] unnamed = message('P', "\0SELECT 2\0\0\0");
        assertThat(PgFrames.canonicalStatementName(unnamed, names)).isSameAs(unnamed);
    }

    private static byte[] message(char type, String body) {
        byte[] b = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return java.nio.ByteBuffer.allocate(5 + b.length)
                .put((byte) type)
                .putInt(4 + b.length)
                .put(b)
                .array();
    }

    /** A Sluice connection through the replay server: an explicit prepared statement and ad-hoc SQL, 4 times each. */
    private static List<String> sluiceSession(int port) {
        List<String> values = new ArrayList<>();
        try (io.sluice.Connection c = io.sluice.Sluice.connect("postgresql://postgres@127.0.0.1:" + port
                        + "/test?sslmode=disable&application_name=replay-sluice");
                io.sluice.PreparedStatement ps = c.prepare("SELECT now()::text, $1::int")) {
            for (int i = 0; i < 4; i++) {
                values.add(ps.query(r -> r.getString(0) + "|" + r.getInt(1), i).get(0));
                values.add(c.queryFirst("SELECT clock_timestamp()::text", r -> r.getString(0))
                        .orElseThrow());
                values.add(c.queryFirst(
                                "SELECT $1::int * 2, statement_timestamp()::text",
                                r -> r.getInt(0) + "|" + r.getString(1),
                                i)
                        .orElseThrow());
            }
        }
        return values;
    }

    /** Connects through the replay server, runs the query 8 times (past prepareThreshold), returns every value. */
    private static List<String> session(int port, int rows) throws SQLException {
        List<String> values = new ArrayList<>();
        String url = "jdbc:postgresql://127.0.0.1:" + port + "/test?user=postgres&sslmode=disable"
                + "&ApplicationName=replay-test";
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement ps = c.prepareStatement(QUERY)) {
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
