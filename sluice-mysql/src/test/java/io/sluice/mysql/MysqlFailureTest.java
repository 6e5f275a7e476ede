package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.QueryCancelledException;
import io.sluice.QueryTimeoutException;
import io.sluice.Row;
import io.sluice.RowStream;
import io.sluice.mysql.internal.MysqlConnection;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Cancellation, timeouts and a server that kills the session mid-result, on the real MariaDB. */
class MysqlFailureTest {

    /** Waits (bounded) until the server shows {@code marker} running on connection {@code id}. */
    private static void awaitRunning(Connection observer, long id, String marker) throws InterruptedException {
        for (int i = 0; i < 500; i++) {
            long n = observer.query(
                            "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = ? AND INFO LIKE ?",
                            r -> r.getLong(0),
                            id,
                            "%" + marker + "%")
                    .get(0);
            if (n > 0) {
                return;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("query never started: marker=" + marker);
    }

    @Test
    void shouldCancelRunningQueryAndStayUsable() throws Exception {
        try (Connection c = MysqlTestSupport.connect();
                Connection observer = MysqlTestSupport.connect()) {
            long id = c.serverInfo().sessionId();
            CompletableFuture<Throwable> result = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> {
                try {
                    c.query("SELECT 'my_cancel_marker', SLEEP(30)", r -> r.getInt(1));
                    result.complete(null);
                } catch (Throwable t) {
                    result.complete(t);
                }
            });
            awaitRunning(observer, id, "my_cancel_marker");
            c.cancel();
            assertThat(result.get(20, TimeUnit.SECONDS)).isInstanceOf(QueryCancelledException.class);
            assertThat(c.isBroken()).isFalse();
            assertThat(c.query("SELECT 5", r -> r.getInt(0))).containsExactly(5);
        }
    }

    @Test
    void shouldThrowQueryTimeoutWhenQueryRunsTooLong() {
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.root().queryTimeout(Duration.ofMillis(300)))) {
            assertThatThrownBy(() -> c.execute("SELECT SLEEP(30)"))
                    .isInstanceOf(QueryTimeoutException.class)
                    .hasMessageContaining("query_timeout");
            c.queryTimeout(Duration.ZERO);
            assertThat(c.query("SELECT 6", r -> r.getInt(0))).containsExactly(6);
        }
    }

    @Test
    void shouldBreakConnectionWhenServerKillsItWhileRowsArrive() {
        try (MysqlConnection c = MysqlTestSupport.connect();
                Connection killer = MysqlTestSupport.connect()) {
            long id = c.serverInfo().sessionId();
            boolean[] killed = {false};
            assertThatThrownBy(() -> c.forEach("SELECT seq, REPEAT('y', 200) FROM seq_1_to_5000000", r -> {
                        if (!killed[0]) {
                            killed[0] = true;
                            killer.executeScript("KILL " + id);
                        }
                    }))
                    .isInstanceOf(ConnectionException.class);
            assertThat(c.isBroken()).isTrue();
        }
    }

    @Test
    void shouldBreakConnectionWhenServerKillsItMidResult() throws Exception {
        try (MysqlConnection c = MysqlTestSupport.connect();
                Connection killer = MysqlTestSupport.connect()) {
            long id = c.serverInfo().sessionId();
            assertThatThrownBy(() -> {
                        try (RowStream s = c.stream("SELECT seq, REPEAT('y', 200) FROM seq_1_to_100000", 100)) {
                            Row first = s.next();
                            assertThat(first.getLong(0)).isEqualTo(1);
                            killer.executeScript("KILL " + id);
                            while (s.hasNext()) {
                                s.next();
                            }
                        }
                    })
                    .isInstanceOf(ConnectionException.class);
            assertThat(c.isBroken()).isTrue();
            assertThat(c.isClosed()).isTrue();
            assertThatThrownBy(() -> c.execute("DO 1"))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("closed");
            assertThat(c.isValid(Duration.ofSeconds(1))).isFalse();
        }
    }

    @Test
    @org.junit.jupiter.api.Timeout(20)
    void shouldThrowConnectTimeoutWhenServerNeverSendsHandshake() throws Exception {
        try (java.net.ServerSocket silent =
                new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            var config = MysqlTestSupport.root().port(silent.getLocalPort()).connectTimeout(Duration.ofMillis(300));
            assertThatThrownBy(() -> MysqlTestSupport.connect(config))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("connect timed out")
                    .hasMessageContaining("connect_timeout");
        }
    }

    @ParameterizedTest(name = "virtual={0}")
    @ValueSource(booleans = {true, false})
    void shouldThrowQueryCancelledWhenWaitingThreadIsInterrupted(boolean virtual) throws Exception {
        try (Connection c = MysqlTestSupport.connect();
                Connection observer = MysqlTestSupport.connect()) {
            long id = c.serverInfo().sessionId();
            CompletableFuture<Object[]> result = new CompletableFuture<>();
            Thread.Builder builder = virtual ? Thread.ofVirtual() : Thread.ofPlatform();
            Thread worker = builder.start(() -> {
                try {
                    c.execute("SELECT 'my_interrupt_marker', SLEEP(30)");
                    result.complete(new Object[] {null, false});
                } catch (Throwable t) {
                    result.complete(new Object[] {t, Thread.currentThread().isInterrupted()});
                }
            });
            awaitRunning(observer, id, "my_interrupt_marker");
            worker.interrupt();
            Object[] outcome = result.get(20, TimeUnit.SECONDS);
            assertThat(outcome[0]).isInstanceOf(QueryCancelledException.class);
            assertThat(outcome[1]).isEqualTo(true);
            try {
                observer.executeScript("KILL QUERY " + id); // the session may still sleep on the server
            } catch (io.sluice.ServerException alreadyGone) {
                // the server noticed the closed socket first
            }
        }
    }
}
