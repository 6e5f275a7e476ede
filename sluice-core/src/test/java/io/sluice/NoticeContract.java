package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;

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
}
