package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.testing.FaultProxy;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Query timeouts, {@link Connection#cancel()} and interrupted callers, the same on every driver: the
 * caller gets {@link QueryTimeoutException} or {@link QueryCancelledException} long before the
 * statement would have ended, and the connection goes on serving requests (except after an interrupt
 * on a driver whose socket the JDK closes, see {@link ServerUnderTest#keepsConnectionWhenInterrupted()}).
 * A server that falls silent (a {@link FaultProxy} stalls the session) is bounded by socket_timeout, or by
 * query_timeout plus cancel_grace: the call fails in time and the connection is broken and closed.
 */
@Timeout(60)
public abstract class CancellationContract {
    /** Long enough that a statement still running at its end proves the timeout or cancel did nothing. */
    private static final int SLEEP_SECONDS = 5;

    private static final Duration TIMEOUT = Duration.ofMillis(300);

    /** The driver and server under test. */
    protected abstract ServerUnderTest server();

    private Connection connection;

    @BeforeEach
    void openConnection() {
        connection = Sluice.connect(server().config());
    }

    @AfterEach
    void closeConnection() {
        connection.close();
    }

    private String sleeping(String marker) {
        return "SELECT '" + marker + "', " + server().sleep(SLEEP_SECONDS);
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    @Test
    void shouldThrowTimeoutAndStayUsableWhenQueryRunsPastConnectionTimeout() {
        connection.queryTimeout(TIMEOUT);
        assertThat(connection.queryTimeout()).isEqualTo(TIMEOUT);
        long start = System.nanoTime();
        assertThatThrownBy(() -> connection.execute(sleeping("sltk_timeout")))
                .isInstanceOf(QueryTimeoutException.class)
                .hasMessageContaining("query_timeout");
        // ended by the timeout, not waited out: the statement alone would take SLEEP_SECONDS
        assertThat(millisSince(start)).isLessThan(SLEEP_SECONDS * 1000L);
        assertThat(connection.isBroken()).isFalse();
        assertThat(connection.queryFirst("SELECT 5", r -> r.getInt(0))).contains(5);
        connection.queryTimeout(Duration.ZERO);
        assertThat(connection.queryTimeout()).isEqualTo(Duration.ZERO);
        assertThat(connection.queryFirst("SELECT 6", r -> r.getInt(0))).contains(6);
    }

    @Test
    void shouldThrowTimeoutWhenConfigSetsQueryTimeout() {
        try (Connection timed = Sluice.connect(
                server().config().toBuilder().queryTimeout(TIMEOUT).build())) {
            assertThat(timed.queryTimeout()).isEqualTo(TIMEOUT);
            assertThatThrownBy(() -> timed.query(sleeping("sltk_config_timeout"), r -> r.getString(0)))
                    .isInstanceOf(QueryTimeoutException.class);
            assertThat(timed.query("SELECT 7", r -> r.getInt(0))).containsExactly(7);
        }
    }

    @Test
    void shouldThrowTimeoutWhenPreparedStatementRunsTooLong() {
        connection.queryTimeout(TIMEOUT);
        try (PreparedStatement ps = connection.prepare(sleeping("sltk_prepared_timeout"))) {
            assertThatThrownBy(ps::execute).isInstanceOf(QueryTimeoutException.class);
        }
        assertThat(connection.query("SELECT 8", r -> r.getInt(0))).containsExactly(8);
    }

    @Test
    void shouldThrowTimeoutAndStayUsableWhenStreamedQueryRunsTooLong() {
        connection.queryTimeout(TIMEOUT);
        assertThatThrownBy(() -> {
                    try (RowStream rows = connection.stream(sleeping("sltk_stream_timeout"), 1)) {
                        while (rows.hasNext()) {
                            rows.next();
                        }
                    }
                })
                .isInstanceOf(QueryTimeoutException.class);
        assertThat(connection.isBroken()).isFalse();
        try (RowStream rows = connection.stream("SELECT 13", 1)) {
            assertThat(rows.next().getInt(0)).isEqualTo(13);
        }
    }

    @Test
    void shouldRunEveryQueryToItsEndWhenItFinishesWithinTheTimeout() {
        connection.queryTimeout(Duration.ofSeconds(30));
        for (int i = 0; i < 3; i++) {
            assertThat(connection.query("SELECT " + i, r -> r.getInt(0))).containsExactly(i);
        }
    }

    @Test
    void shouldLeaveTransactionOpenAndFailedWhenQueryTimesOutInsideIt() {
        connection.begin();
        connection.queryTimeout(TIMEOUT);
        assertThatThrownBy(() -> connection.execute(sleeping("sltk_tx_timeout")))
                .isInstanceOf(QueryTimeoutException.class);
        // the caller decides: the transaction is still open, its failed statement marked
        assertThat(connection.inTransaction()).isTrue();
        assertThat(connection.transactionFailed()).isTrue();
        connection.rollback();
        assertThat(connection.inTransaction()).isFalse();
        assertThat(connection.queryFirst("SELECT 12", r -> r.getInt(0))).contains(12);
    }

    @Test
    void shouldThrowQueryCancelledAndStayUsableWhenAnotherThreadCancels() throws Exception {
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> outcome.complete(failureOf(() -> connection.execute(sleeping("sltk_cancel")))));
        long start = System.nanoTime();
        awaitRunning("sltk_cancel");
        connection.cancel();
        assertThat(outcome.get(30, TimeUnit.SECONDS)).isInstanceOf(QueryCancelledException.class);
        assertThat(millisSince(start)).isLessThan(SLEEP_SECONDS * 1000L);
        assertThat(connection.isBroken()).isFalse();
        assertThat(connection.queryFirst("SELECT 9", r -> r.getInt(0))).contains(9);
    }

    @Test
    void shouldThrowQueryCancelledAndStayUsableWhenAnotherThreadCancelsStream() throws Exception {
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        Thread.ofVirtual()
                .start(() -> outcome.complete(failureOf(() -> {
                    try (RowStream rows = connection.stream(sleeping("sltk_cancel_stream"), 1)) {
                        while (rows.hasNext()) {
                            rows.next();
                        }
                    }
                })));
        long start = System.nanoTime();
        awaitRunning("sltk_cancel_stream");
        connection.cancel();
        assertThat(outcome.get(30, TimeUnit.SECONDS)).isInstanceOf(QueryCancelledException.class);
        assertThat(millisSince(start)).isLessThan(SLEEP_SECONDS * 1000L);
        assertThat(connection.isBroken()).isFalse();
        try (RowStream rows = connection.stream("SELECT 14", 1)) {
            assertThat(rows.next().getInt(0)).isEqualTo(14);
        }
    }

    /**
     * A timer that fired must not reach beyond its own statement: the cancel it sent (PostgreSQL's
     * CancelRequest, which the server may deliver as two signals; MySQL's KILL QUERY) must not end the
     * statement that runs right after the timed-out one, even one that takes a while.
     */
    @Test
    void shouldNotCancelTheNextStatementWhenATimeoutHasFired() {
        connection.queryTimeout(TIMEOUT);
        assertThatThrownBy(() -> connection.execute(sleeping("sltk_late_timeout")))
                .isInstanceOf(QueryTimeoutException.class);
        connection.queryTimeout(Duration.ofSeconds(30));
        assertThat(connection.query("SELECT 'sltk_after_timeout', " + server().sleep(1), r -> r.getString(0)))
                .containsExactly("sltk_after_timeout");
        assertThat(connection.queryFirst("SELECT 15", r -> r.getInt(0))).contains(15);
        assertThat(connection.isBroken()).isFalse();
    }

    @Test
    void shouldDoNothingWhenCancelArrivesWhileIdle() {
        connection.cancel();
        assertThat(connection.queryFirst("SELECT 10", r -> r.getInt(0))).contains(10);
        assertThat(connection.isBroken()).isFalse();
    }

    @ParameterizedTest(name = "virtual={0}")
    @ValueSource(booleans = {false, true})
    void shouldThrowQueryCancelledWithFlagSetWhenWaitingCallerIsInterrupted(boolean virtual) throws Exception {
        assertInterruptedCallerCancelled(virtual, "sltk_interrupt", marker -> connection.execute(sleeping(marker)));
    }

    /** As above, for a caller waiting for the first row of a stream. */
    @ParameterizedTest(name = "virtual={0}")
    @ValueSource(booleans = {false, true})
    void shouldThrowQueryCancelledWithFlagSetWhenStreamingCallerIsInterrupted(boolean virtual) throws Exception {
        assertInterruptedCallerCancelled(virtual, "sltk_interrupt_stream", marker -> {
            try (RowStream rows = connection.stream(sleeping(marker), 1)) {
                while (rows.hasNext()) {
                    rows.next();
                }
            }
        });
    }

    /**
     * Runs {@code call} (a statement that sleeps, tagged with {@code marker}) on a worker thread, interrupts the
     * worker once the statement runs, and checks the outcome every driver promises: QueryCancelledException, the
     * interrupt flag set again, and the connection either kept usable or broken and closed, as the driver says.
     */
    private void assertInterruptedCallerCancelled(
            boolean virtual, String marker, java.util.function.Consumer<String> call) throws Exception {
        CompletableFuture<Object[]> outcome = new CompletableFuture<>();
        Thread.Builder builder = virtual ? Thread.ofVirtual() : Thread.ofPlatform();
        Thread worker = builder.start(() -> {
            Throwable t = failureOf(() -> call.accept(marker));
            outcome.complete(new Object[] {t, Thread.currentThread().isInterrupted()});
        });
        awaitRunning(marker);
        worker.interrupt();
        Object[] result = outcome.get(30, TimeUnit.SECONDS);
        worker.join();
        assertThat(result[0]).isInstanceOf(QueryCancelledException.class);
        assertThat(result[1]).as("interrupt flag set again").isEqualTo(true);
        if (server().keepsConnectionWhenInterrupted()) {
            assertThat(connection.isBroken()).isFalse();
            assertThat(connection.queryFirst("SELECT 11", r -> r.getInt(0))).contains(11);
        } else {
            assertThat(connection.isBroken()).isTrue();
            assertThat(connection.isClosed()).isTrue();
            assertThatThrownBy(() -> connection.execute("SELECT 1")).isInstanceOf(ConnectionException.class);
        }
    }

    /**
     * A settings builder for a connection through {@code proxy} instead of straight to the server. The
     * proxy's port carries the cancel request (PostgreSQL) and the KILL connection (MySQL) too, so a
     * stalled proxy keeps them from the server as well.
     */
    private ConnectionConfig.Builder through(FaultProxy proxy) {
        return server().config().toBuilder().host("127.0.0.1").port(proxy.port());
    }

    private FaultProxy proxyToServer() {
        ConnectionConfig direct = server().config();
        return FaultProxy.start(direct.host(), direct.port());
    }

    /**
     * Runs {@code call} on a worker and returns what it threw, failing the test if it has not returned within
     * {@code bound} (a hang) or returned normally (the stalled server cannot have answered).
     */
    private static Throwable failureWithin(Duration bound, Runnable call) throws Exception {
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        Thread worker = Thread.ofVirtual().start(() -> outcome.complete(failureOf(call)));
        try {
            Throwable thrown = outcome.get(bound.toMillis(), TimeUnit.MILLISECONDS);
            assertThat(thrown)
                    .as("the call failed, the stalled server cannot have answered")
                    .isNotNull();
            return thrown;
        } catch (TimeoutException e) {
            worker.interrupt();
            throw new AssertionError("call still blocked after " + bound + ": it hangs", e);
        }
    }

    /**
     * Lets {@code proxy} forward again and waits (bounded) until every session through it has ended: a socket
     * the driver still held open (the connection's own, a cancel request's, a KILL connection's) would keep
     * its session open, since the proxy ends a session only when one side closes it.
     */
    private static void awaitNoSessionLeft(FaultProxy proxy) throws InterruptedException {
        proxy.resume();
        for (int i = 0; i < 1000 && proxy.openSessions() > 0; i++) {
            Thread.sleep(10);
        }
        assertThat(proxy.openSessions())
                .as("sessions still open through the proxy")
                .isZero();
    }

    /**
     * socket_timeout bounds every wait for the server: the request gets no answer (the proxy stalls both
     * directions, or lets the server's first {@code serverBytes} bytes of the reply through and then stalls),
     * so the call fails within about socket_timeout with a ConnectionException naming the setting, and the
     * connection is broken and closed. {@code serverBytes} -1 stalls before the request reaches the server.
     */
    @ParameterizedTest(name = "serverBytes={0}")
    @ValueSource(longs = {-1, 0, 1, 9})
    void shouldBreakConnectionWithinSocketTimeoutWhenServerFallsSilent(long serverBytes) throws Exception {
        Duration socketTimeout = Duration.ofSeconds(1);
        try (FaultProxy proxy = proxyToServer();
                Connection silent = Sluice.connect(
                        through(proxy).socketTimeout(socketTimeout).build())) {
            assertThat(silent.queryFirst("SELECT 1", r -> r.getInt(0))).contains(1);
            if (serverBytes < 0) {
                proxy.stall();
            } else {
                proxy.stallServerAfter(serverBytes);
            }
            long start = System.nanoTime();
            Throwable thrown = failureWithin(
                    Duration.ofSeconds(20), () -> silent.query("SELECT 'tck2_silent', 2", r -> r.getInt(1)));
            long took = millisSince(start);
            assertThat(thrown).isInstanceOf(ConnectionException.class).hasMessageContaining("socket_timeout");
            // not before the silence lasted socket_timeout, and well before a generous bound
            assertThat(took)
                    .isGreaterThanOrEqualTo(socketTimeout.toMillis() - 50)
                    .isLessThan(10_000);
            assertThat(silent.isBroken()).isTrue();
            assertThat(silent.isClosed()).isTrue();
            assertThatThrownBy(() -> silent.execute("SELECT 1")).isInstanceOf(ConnectionException.class);
            awaitNoSessionLeft(proxy);
        }
        try (Connection fresh = Sluice.connect(server().config())) {
            assertThat(fresh.queryFirst("SELECT 3", r -> r.getInt(0))).contains(3);
        }
    }

    /**
     * The query timeout fires but the server's end of the statement never reaches the driver: either the
     * reply path alone is stalled (the statement and a cancel may reach the server, no answer comes back), or
     * both directions are (the cancel request or KILL cannot reach the server). After cancel_grace the
     * driver gives the connection up: the caller gets QueryTimeoutException naming query_timeout and
     * cancel_grace within about timeout + grace, the connection is broken and closed, and a new connection
     * works.
     */
    @ParameterizedTest(name = "stall={0}")
    @CsvSource({"reply", "both"})
    void shouldBreakConnectionAfterCancelGraceWhenServerNeverEndsTimedOutQuery(String stall) throws Exception {
        Duration timeout = Duration.ofMillis(500);
        Duration grace = Duration.ofMillis(1000);
        try (FaultProxy proxy = proxyToServer();
                Connection stuck = Sluice.connect(
                        through(proxy).queryTimeout(timeout).cancelGrace(grace).build())) {
            assertThat(stuck.queryFirst("SELECT 1", r -> r.getInt(0))).contains(1);
            if (stall.equals("reply")) {
                proxy.stallServerAfter(0);
            } else {
                proxy.stall();
            }
            long start = System.nanoTime();
            Throwable thrown = failureWithin(Duration.ofSeconds(30), () -> stuck.execute(sleeping("tck2_grace")));
            long took = millisSince(start);
            assertThat(thrown)
                    .isInstanceOf(QueryTimeoutException.class)
                    .hasMessageContaining("query_timeout")
                    .hasMessageContaining("cancel_grace");
            // the server was given its grace, and the call still ended in bounded time
            assertThat(took)
                    .isGreaterThanOrEqualTo(timeout.plus(grace).toMillis() - 50)
                    .isLessThan(timeout.plus(grace).toMillis() + 10_000);
            assertThat(stuck.isBroken()).isTrue();
            assertThat(stuck.isClosed()).isTrue();
            assertThatThrownBy(() -> stuck.execute("SELECT 1")).isInstanceOf(ConnectionException.class);
            awaitNoSessionLeft(proxy);
        }
        try (Connection fresh = Sluice.connect(server().config())) {
            assertThat(fresh.queryFirst("SELECT 4", r -> r.getInt(0))).contains(4);
        }
    }

    private static Throwable failureOf(Runnable call) {
        try {
            call.run();
            return null;
        } catch (Throwable t) {
            return t;
        }
    }

    /** Waits (bounded) until the server shows the statement carrying {@code marker} running. */
    private void awaitRunning(String marker) throws InterruptedException {
        awaitRunning(server(), connection, marker);
    }

    /** Executes {@code sql} on {@code c} in a virtual thread; the future holds what it threw (null: nothing). */
    static CompletableFuture<Throwable> executeInBackground(Connection c, String sql) {
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                c.execute(sql);
                outcome.complete(null);
            } catch (Throwable t) {
                outcome.complete(t);
            }
        });
        return outcome;
    }

    /**
     * Waits (bounded) until {@code server} shows the statement carrying {@code marker} running on
     * {@code connection}'s session.
     */
    static void awaitRunning(ServerUnderTest server, Connection connection, String marker) throws InterruptedException {
        long session = connection.serverInfo().sessionId();
        try (Connection probe = Sluice.connect(server.config())) {
            for (int i = 0; i < 1000; i++) {
                long running = probe.queryFirst(
                                server.runningStatementsSql(), r -> r.getLong(0), session, "%" + marker + "%")
                        .orElse(0L);
                if (running > 0) {
                    return;
                }
                Thread.sleep(10);
            }
        }
        throw new AssertionError("statement never seen running: marker=" + marker);
    }
}
