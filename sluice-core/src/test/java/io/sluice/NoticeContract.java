package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Server notices (PostgreSQL NOTICE, MySQL warnings) reach {@link ServerEventListener#onNotice} on every
 * driver, whichever path ran the statement, and never disturb the statement or the connection.
 */
public abstract class NoticeContract {

    /** The driver and server under test. */
    protected abstract ServerUnderTest server();

    private final List<ServerMessage> notices = new CopyOnWriteArrayList<>();
    private Connection connection;

    @BeforeEach
    void openConnection() {
        ServerEventListener listener = new ServerEventListener() {
            @Override
            public void onNotice(ServerMessage notice) {
                notices.add(notice);
            }
        };
        connection = Sluice.connect(
                server().config().toBuilder().eventListener(listener).build());
    }

    @AfterEach
    void closeConnection() {
        connection.close();
    }

    @Test
    void shouldPassNoticeToListenerWhenServerSendsOne() {
        connection.execute(server().noticeSql("sltk_notice_plain"));
        assertThat(notices).hasSize(1);
        ServerMessage notice = notices.getFirst();
        assertThat(notice.message()).contains("sltk_notice_plain");
        assertThat(notice.severity()).isNotBlank();
        assertThat(connection.queryFirst("SELECT 1", r -> r.getInt(0))).contains(1);
    }

    @Test
    void shouldPassNoticeOnEveryUseWhenStatementIsCachedAndPrepared() {
        String sql = server().noticeSql("sltk_notice_cached");
        for (int use = 1; use <= 4; use++) { // text first, then prepared by the statement cache
            connection.execute(sql);
        }
        try (PreparedStatement ps = connection.prepare(sql)) {
            ps.execute();
        }
        assertThat(notices).hasSize(5).allSatisfy(n -> assertThat(n.message()).contains("sltk_notice_cached"));
    }

    @Test
    void shouldPassNoticeToListenerWhenScriptRunsTheStatement() {
        connection.executeScript(server().noticeSql("sltk_notice_script"));
        assertThat(notices).extracting(ServerMessage::message).singleElement().satisfies(m -> assertThat(m)
                .contains("sltk_notice_script"));
        assertThat(connection.queryFirst("SELECT 1", r -> r.getInt(0))).contains(1);
    }

    @Test
    void shouldSendNothingToListenerWhenStatementsRaiseNoNotice() {
        connection.query("SELECT 1", r -> r.getInt(0));
        connection.execute("SELECT " + server().placeholder(1), 2);
        assertThat(notices).isEmpty();
    }

    @Test
    void shouldKeepNoticesApartWhenTransactionRollsBack() {
        connection.begin();
        connection.execute(server().noticeSql("sltk_notice_tx"));
        connection.rollback();
        assertThat(notices).extracting(ServerMessage::message).anySatisfy(m -> assertThat(m)
                .contains("sltk_notice_tx"));
        assertThat(connection.inTransaction()).isFalse();
    }

    /**
     * A stream whose statement raises a notice: the notice reaches the listener by the time the stream is
     * drained and closed, the stream's own rows are intact, and the connection serves the next request. A
     * driver that does not yet do this overrides it with {@code @Disabled} naming the difference.
     */
    @Test
    protected void shouldPassNoticeToListenerWhenStreamRunsTheStatement() {
        String sql = server().noticeSql("tck2_notice_stream");
        List<Object> rows = new ArrayList<>();
        try (RowStream stream = connection.stream(sql, 1)) {
            while (stream.hasNext()) {
                rows.add(stream.next().getObject(0));
            }
        }
        assertThat(notices).extracting(ServerMessage::message).singleElement().satisfies(m -> assertThat(m)
                .contains("tck2_notice_stream"));
        // the same statement outside a stream returns the same rows
        assertThat(connection.query(sql, r -> r.getObject(0))).isEqualTo(rows);
        assertThat(connection.queryFirst("SELECT 1", r -> r.getInt(0))).contains(1);
    }

    /** As above, for a stream of a prepared statement. */
    @Test
    protected void shouldPassNoticeToListenerWhenPreparedStatementStreams() {
        try (PreparedStatement ps = connection.prepare(server().noticeSql("tck2_notice_prepared_stream"));
                RowStream stream = ps.stream(1)) {
            while (stream.hasNext()) {
                stream.next();
            }
        }
        assertThat(notices).extracting(ServerMessage::message).singleElement().satisfies(m -> assertThat(m)
                .contains("tck2_notice_prepared_stream"));
        assertThat(connection.queryFirst("SELECT 1", r -> r.getInt(0))).contains(1);
    }

    /**
     * A batch whose statement raises a notice: the notice reaches the listener, the batch counts every
     * execution, and the connection serves the next request.
     */
    @Test
    void shouldPassNoticeToListenerWhenBatchRunsTheStatement() {
        long[] counts = connection.executeBatch(
                server().noticeSql("tck2_notice_batch"), List.of(new Object[0], new Object[0], new Object[0]));
        assertThat(counts).hasSize(3);
        assertThat(notices).extracting(ServerMessage::message).isNotEmpty().allSatisfy(m -> assertThat(m)
                .contains("tck2_notice_batch"));
        assertThat(connection.queryFirst("SELECT 1", r -> r.getInt(0))).contains(1);
    }

    /**
     * As above, and every execution's notice arrives, not only the last one's: a batch of three executions
     * raising one notice each hands three to the listener. A driver that does not yet do this overrides it
     * with {@code @Disabled} naming the difference.
     */
    @Test
    protected void shouldPassEveryExecutionsNoticeToListenerWhenBatchRunsTheStatement() {
        connection.executeBatch(
                server().noticeSql("tck2_notice_batch_each"), List.of(new Object[0], new Object[0], new Object[0]));
        assertThat(notices).extracting(ServerMessage::message).hasSize(3).allSatisfy(m -> assertThat(m)
                .contains("tck2_notice_batch_each"));
        assertThat(connection.queryFirst("SELECT 1", r -> r.getInt(0))).contains(1);
    }
}
