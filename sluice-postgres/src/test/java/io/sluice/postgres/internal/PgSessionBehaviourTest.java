package io.sluice.postgres.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.ConnectionException;
import io.sluice.QueryCancelledException;
import io.sluice.QueryTimeoutException;
import io.sluice.ServerEventListener;
import io.sluice.ServerException;
import io.sluice.ServerMessage;
import io.sluice.ValueConversionException;
import io.sluice.postgres.PgTestConfig;
import io.sluice.spi.StatementAdmission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Pipelining, plan invalidation, cancellation, timeouts, server events, reset and broken sessions. */
@Timeout(60)
class PgSessionBehaviourTest {
    private PgConnection c;

    @BeforeEach
    void open() {
        c = PgConnections.open();
    }

    @AfterEach
    void close() {
        c.close();
    }

    @Test
    void shouldHandEachCallerItsOwnResultWhenManyVirtualThreadsShareConnection() throws Exception {
        int callers = 64;
        java.util.Map<Integer, Integer> results = new ConcurrentHashMap<>();
        try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < callers; t++) {
                int id = t;
                futures.add(ex.submit(() -> {
                    for (int i = 0; i < 20; i++) {
                        int v = id * 1000 + i;
                        int got = c.queryFirst("SELECT $1::int4 * 2", r -> r.getInt(0), v)
                                .orElseThrow();
                        assertThat(got).isEqualTo(v * 2);
                        if (i % 5 == 0) { // failures in between must not poison the others
                            assertThatThrownBy(() -> c.execute("SELECT 1/0")).isInstanceOf(ServerException.class);
                        }
                        if (i % 7 == 0) { // nor a parameter the encoder rejects half-way through a coalesced burst
                            assertThatThrownBy(() -> c.execute("SELECT $1::int4, $2", 1, new Object()))
                                    .isInstanceOf(ValueConversionException.class);
                        }
                    }
                    results.put(id, id);
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        }
        assertThat(results).hasSize(callers);
        assertThat(c.isBroken()).isFalse();
    }

    @Test
    void shouldRePrepareAndRetryWhenCachedPlanChangesResultType() {
        c.executeScript("CREATE TEMP TABLE pgp_plan (a int)");
        c.execute("INSERT INTO pgp_plan VALUES ($1)", 1);
        String sql = "SELECT * FROM pgp_plan WHERE a = $1";
        assertThat(c.query(sql, r -> r.columnCount(), 1)).containsExactly(1);
        assertThat(c.query(sql, r -> r.columnCount(), 1)).containsExactly(1);
        c.executeScript("ALTER TABLE pgp_plan ADD COLUMN b text DEFAULT 'x'");
        assertThat(c.query(sql, r -> r.columnCount() + r.getString("b"), 1)).containsExactly("2x");
        assertThat(c.query(sql, r -> r.getString(1), 1)).containsExactly("x");
    }

    @Test
    void shouldRePrepareWhenStatementWasDeallocatedBehindTheCache() {
        String sql = "SELECT $1::int4 + 1";
        assertThat(c.queryFirst(sql, r -> r.getInt(0), 1)).contains(2);
        c.executeScript("DEALLOCATE ALL");
        assertThat(c.queryFirst(sql, r -> r.getInt(0), 2)).contains(3);
    }

    @Test
    void shouldThrowTimeoutAndStayUsableWhenQueryRunsTooLong() {
        c.queryTimeout(Duration.ofMillis(200));
        assertThatThrownBy(() -> c.execute("SELECT pg_sleep(30)"))
                .isInstanceOf(QueryTimeoutException.class)
                .hasMessageContaining("query_timeout");
        c.queryTimeout(Duration.ZERO);
        assertThat(c.queryFirst("SELECT 5", r -> r.getInt(0))).contains(5);
    }

    @Test
    void shouldTimeOutStreamWhenItRunsTooLong() {
        c.queryTimeout(Duration.ofMillis(200));
        assertThatThrownBy(() -> {
                    try (var rows = c.stream(
                            "SELECT g, pg_sleep(CASE WHEN g = 3 THEN 30 ELSE 0 END) FROM generate_series(1, 5) g", 1)) {
                        while (rows.hasNext()) {
                            rows.next();
                        }
                    }
                })
                .isInstanceOf(QueryTimeoutException.class);
        c.queryTimeout(Duration.ZERO);
        assertThat(c.queryFirst("SELECT 12", r -> r.getInt(0))).contains(12);
    }

    @Test
    void shouldCarryMessagesLargerThanBuffersWhenValuesAreHuge() {
        byte[] big = c.queryFirst("SELECT repeat('x', 3000000)::bytea", r -> r.getBytes(0))
                .orElseThrow();
        assertThat(big).hasSize(3_000_000);
        long[] counts = c.executeBatch("SELECT $1::bytea", List.of(new Object[] {big}, new Object[] {big}));
        assertThat(counts).hasSize(2);
        assertThat(c.queryFirst("SELECT 13", r -> r.getInt(0))).contains(13);
    }

    @Test
    void shouldCancelWhenAnotherThreadCallsCancel() throws Exception {
        Thread canceller = Thread.startVirtualThread(() -> {
            awaitRunning("pg_sleep(30)");
            c.cancel();
        });
        assertThatThrownBy(() -> c.execute("SELECT pg_sleep(30)")).isInstanceOf(QueryCancelledException.class);
        canceller.join();
        assertThat(c.queryFirst("SELECT 6", r -> r.getInt(0))).contains(6);
    }

    @Test
    void shouldCancelQueryAndRestoreFlagWhenWaitingThreadIsInterrupted() throws Exception {
        assertInterruptCancelsAndKeepsConnection(Thread.ofPlatform());
    }

    private void awaitRunning(String fragment) {
        try (PgConnection probe = PgConnections.open()) {
            for (int i = 0; i < 500; i++) {
                boolean running = probe.queryFirst(
                                        "SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND state = 'active'"
                                                + " AND query LIKE $2",
                                        r -> r.getLong(0),
                                        c.serverInfo().sessionId(),
                                        "%" + fragment + "%")
                                .orElse(0L)
                        > 0;
                if (running) {
                    return;
                }
                Thread.sleep(10);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void shouldBreakWithoutHangingWhenBackendIsTerminatedMidResult() {
        long pid = c.serverInfo().sessionId();
        try (PgConnection killer = PgConnections.open()) {
            assertThatThrownBy(() -> {
                        try (var rows = c.stream("SELECT g FROM generate_series(1, 1000000) g", 100)) {
                            while (rows.hasNext()) {
                                if (rows.next().getInt(0) == 150) {
                                    // only our own backend, by its pid
                                    killer.queryFirst(
                                            "SELECT pg_terminate_backend($1::int4)", x -> x.getBoolean(0), (int) pid);
                                }
                            }
                        }
                    })
                    .isInstanceOf(ConnectionException.class);
        }
        assertThat(c.isBroken()).isTrue();
        assertThatThrownBy(() -> c.execute("SELECT 1")).isInstanceOf(ConnectionException.class);
    }

    @Test
    void shouldCancelQueryWhenWaitingVirtualThreadIsInterruptedOverTls() throws Exception {
        c.close();
        c = PgConnections.open(PgTestConfig.role("sluice_tls", "sluice-tls-pw")
                .sslMode(io.sluice.SslMode.VERIFY_FULL)
                .sslRootCert(PgTestConfig.caCert())
                .build());
        shouldCancelQueryWhenWaitingVirtualThreadIsInterrupted();
        assertThat(c.queryFirst("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", r -> r.getBoolean(0)))
                .contains(true);
    }

    @Test
    void shouldCancelQueryWhenWaitingVirtualThreadIsInterrupted() throws Exception {
        assertInterruptCancelsAndKeepsConnection(Thread.ofVirtual());
    }

    /** A caller interrupted while it waits gets QueryCancelledException with its flag set again; the session stays usable. */
    private void assertInterruptCancelsAndKeepsConnection(Thread.Builder builder) throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicReference<Boolean> flag = new AtomicReference<>();
        Thread worker = builder.start(() -> {
            try {
                c.execute("SELECT pg_sleep(30)");
            } catch (Throwable t) {
                thrown.set(t);
                flag.set(Thread.currentThread().isInterrupted());
            }
        });
        awaitRunning("pg_sleep(30)");
        worker.interrupt();
        worker.join();
        assertThat(thrown.get()).isInstanceOf(QueryCancelledException.class);
        assertThat(flag.get()).isTrue();
        assertThat(c.isBroken()).isFalse();
        assertThat(c.queryFirst("SELECT 10", r -> r.getInt(0))).contains(10);
    }

    @Test
    void shouldDeliverNoticesAndParameterStatusWhenServerSendsThem() {
        List<ServerMessage> notices = new CopyOnWriteArrayList<>();
        List<String> params = new CopyOnWriteArrayList<>();
        ServerEventListener listener = new ServerEventListener() {
            @Override
            public void onNotice(ServerMessage notice) {
                notices.add(notice);
            }

            @Override
            public void onParameterStatus(String name, String value) {
                params.add(name + "=" + value);
            }
        };
        try (PgConnection l =
                PgConnections.open(PgTestConfig.trust().eventListener(listener).build())) {
            l.executeScript("DO $$ BEGIN RAISE NOTICE 'hello %', 42; END $$");
            l.executeScript("SET application_name = 'pgp-renamed'");
            assertThat(notices).extracting(ServerMessage::message).contains("hello 42");
            assertThat(notices.get(0).severity()).isEqualTo("NOTICE");
            assertThat(params).contains("application_name=pgp-renamed");
            assertThat(l.serverInfo().parameters()).containsEntry("application_name", "pgp-renamed");
        }
    }

    @Test
    void shouldKeepReadingWhenListenerThrows() {
        ServerEventListener failing = new ServerEventListener() {
            @Override
            public void onNotice(ServerMessage notice) {
                throw new IllegalStateException("listener");
            }

            @Override
            public void onParameterStatus(String name, String value) {
                throw new IllegalStateException("listener");
            }
        };
        try (PgConnection l =
                PgConnections.open(PgTestConfig.trust().eventListener(failing).build())) {
            l.executeScript("DO $$ BEGIN RAISE NOTICE 'n'; END $$; SET application_name = 'pgp-x'");
            assertThat(l.queryFirst("SELECT current_setting('application_name')", r -> r.getString(0)))
                    .contains("pgp-x");
            assertThat(l.isBroken()).isFalse();
        }
    }

    @Test
    void shouldKeepStatementsAndDropSessionStateWhenReset() {
        c.executeScript("SET statement_timeout = '5s'; CREATE TEMP TABLE pgp_reset (a int)");
        assertThat(c.queryFirst("SELECT $1::int4", r -> r.getInt(0), 3)).contains(3);
        int cached = c.session().cache.size();
        c.begin();
        c.reset();
        assertThat(c.inTransaction()).isFalse();
        assertThat(c.queryFirst("SHOW statement_timeout", r -> r.getString(0))).contains("0");
        assertThatThrownBy(() -> c.execute("SELECT * FROM pgp_reset")).isInstanceOf(ServerException.class);
        assertThat(c.session().cache.size()).isGreaterThanOrEqualTo(cached);
        assertThat(c.queryFirst("SELECT $1::int4", r -> r.getInt(0), 4)).contains(4);
        assertThat(c.isValid(Duration.ofSeconds(1))).isTrue();
        c.close();
        assertThat(c.isValid(Duration.ofSeconds(1))).isFalse();
    }

    @Test
    void shouldReportInvalidAndBreakWhenValidationTimesOut() throws Exception {
        Thread busy = Thread.startVirtualThread(() -> {
            try {
                c.execute("SELECT pg_sleep(5)");
            } catch (RuntimeException expected) {
                // the validation watchdog breaks the connection under it
            }
        });
        awaitRunning("pg_sleep(5)");
        assertThat(c.isValid(Duration.ofMillis(100))).isFalse();
        busy.join();
        assertThat(c.isBroken()).isTrue();
    }

    @Test
    void shouldStayUsableWhenValueIsOutOfRangeForRequestedType() {
        assertThatThrownBy(() -> c.query("SELECT 3000000000::int8", r -> r.getInt(0)))
                .isInstanceOf(ValueConversionException.class);
        assertThatThrownBy(() -> c.query("SELECT 3000000000::int8", r -> r.getInt(0)))
                .isInstanceOf(ValueConversionException.class);
        assertThat(c.queryFirst("SELECT 9", r -> r.getInt(0))).contains(9);
    }

    @Test
    void shouldEvictLeastRecentlyUsedWhenCacheIsFull() {
        try (PgConnection small =
                PgConnections.open(PgTestConfig.trust().statementCacheSize(2).build())) {
            for (int i = 0; i < 10; i++) {
                assertThat(small.queryFirst("SELECT " + i + " + $1::int4", r -> r.getInt(0), 1))
                        .contains(i + 1);
            }
            assertThat(small.session().cache.size()).isEqualTo(2);
            assertThat(small.queryFirst("SELECT count(*) FROM pg_prepared_statements", r -> r.getLong(0)))
                    .hasValueSatisfying(n -> assertThat(n).isLessThanOrEqualTo(3L));
        }
        try (PgConnection none =
                PgConnections.open(PgTestConfig.trust().statementCacheSize(0).build())) {
            assertThat(none.query("SELECT $1::int4", r -> r.getInt(0), 5)).containsExactly(5);
            assertThat(none.session().cache.size()).isZero();
        }
    }

    @Test
    void shouldPrepareParameterlessSqlOnItsThirdUse() {
        try (PgConnection fresh = PgConnections.open(PgTestConfig.trust().build())) {
            String sql = "SELECT 6 * 7 AS answer";
            for (int use = 1; use <= StatementAdmission.UNPREPARED_USES; use++) {
                assertThat(fresh.queryFirst(sql, r -> r.getInt(0))).contains(42);
                assertThat(fresh.session().cache.size())
                        .as("use %d: not prepared", use)
                        .isZero();
            }
            assertThat(fresh.queryFirst(sql, r -> r.getInt(0))).contains(42);
            assertThat(fresh.session().cache.size()).as("third use: prepared").isEqualTo(1);
            assertThat(fresh.queryFirst(sql, r -> r.getInt(0))).contains(42);
            assertThat(fresh.session().cache.size()).isEqualTo(1);
            assertThat(fresh.query("SELECT $1::int4 + 1", r -> r.getInt(0), 1))
                    .as("with parameters: prepared at once")
                    .containsExactly(2);
            assertThat(fresh.session().cache.size()).isEqualTo(2);
        }
    }

    @Test
    void shouldKeepReusedStatementsCachedWhileOneOffLiteralSqlPassesThrough() {
        try (PgConnection small =
                PgConnections.open(PgTestConfig.trust().statementCacheSize(2).build())) {
            assertThat(small.query("SELECT $1::int4 * 2", r -> r.getInt(0), 21)).containsExactly(42);
            for (int i = 0; i < 50; i++) {
                assertThat(small.queryFirst("SELECT " + i + " AS literal", r -> r.getInt(0)))
                        .contains(i);
            }
            assertThat(small.session().cache.size()).isEqualTo(1);
            assertThat(small.queryFirst("SELECT count(*) FROM pg_prepared_statements", r -> r.getLong(0)))
                    .contains(1L);
        }
    }

    @Test
    void shouldReadTheSameValuesBeforeAndAfterParameterlessSqlIsPrepared() {
        String sql = "SELECT 1.5::float8, 'NaN'::float4, -0.0::float8, 123456789012345678901234.5678::numeric, "
                + "'2000-01-01 24:00:00'::timestamp, '0044-03-15 BC'::date, '24:00:00'::time, "
                + "'2024-06-01 12:00:00.123456+05:30'::timestamptz, '1 year 2 days -03:04:05.6'::interval, "
                + "'\\x00ff'::bytea, ARRAY[1, NULL, 3]::int4[], '{\"a\": [1, 2]}'::jsonb, true, 'ünï'::text, "
                + "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid, 9223372036854775807::int8";
        try (PgConnection fresh = PgConnections.open(PgTestConfig.trust().build())) {
            List<Object> text =
                    fresh.queryFirst(sql, PgSessionBehaviourTest::allObjects).orElseThrow();
            assertThat(fresh.queryFirst(sql, PgSessionBehaviourTest::allObjects))
                    .contains(text);
            assertThat(fresh.session().cache.size()).isZero();
            List<Object> binary =
                    fresh.queryFirst(sql, PgSessionBehaviourTest::allObjects).orElseThrow();
            assertThat(fresh.session().cache.size()).isEqualTo(1);
            assertThat(binary).isEqualTo(text);
        }
    }

    private static List<Object> allObjects(io.sluice.Row r) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < r.columns().size(); i++) {
            Object v = r.getObject(i);
            out.add(v instanceof byte[] bytes ? java.util.HexFormat.of().formatHex(bytes) : v);
        }
        return out;
    }

    @Test
    void shouldReleaseWaitingWritersWhenConnectionClosesUnderOpenStream() throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        var rows = c.stream("SELECT g FROM generate_series(1, 1000) g", 10);
        assertThat(rows.next().getInt(0)).isEqualTo(1);
        Thread waiter = Thread.startVirtualThread(() -> {
            try {
                c.execute("SELECT 1");
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        while (waiter.getState() != Thread.State.WAITING) {
            Thread.sleep(5); // the writer parks on the stream's reservation
        }
        c.close();
        waiter.join();
        assertThat(thrown.get()).isInstanceOf(ConnectionException.class);
        rows.close();
    }

    @Test
    void shouldWaitForStreamWhenAnotherThreadQueriesMeanwhile() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        List<Integer> seen = new ArrayList<>();
        Thread other;
        try (var rows = c.stream("SELECT g FROM generate_series(1, 50) g", 5)) {
            other = Thread.startVirtualThread(() -> {
                started.countDown();
                assertThat(c.queryFirst("SELECT 11", r -> r.getInt(0))).contains(11);
            });
            started.await();
            while (rows.hasNext()) {
                seen.add(rows.next().getInt(0));
            }
        }
        other.join();
        assertThat(seen).hasSize(50);
    }
}
