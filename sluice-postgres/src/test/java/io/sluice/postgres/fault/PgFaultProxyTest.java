package io.sluice.postgres.fault;

import static io.sluice.testing.FaultTally.Outcome.CLEAN_ERROR;
import static io.sluice.testing.FaultTally.Outcome.HANG;
import static io.sluice.testing.FaultTally.Outcome.LEFT_UNBROKEN;
import static io.sluice.testing.FaultTally.Outcome.NON_SLUICE_EXCEPTION;
import static io.sluice.testing.FaultTally.Outcome.PASSED;
import static io.sluice.testing.FaultTally.Outcome.WRONG_DATA;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.QueryCancelledException;
import io.sluice.SluiceException;
import io.sluice.SslMode;
import io.sluice.postgres.PgDriver;
import io.sluice.testing.FaultProxy;
import io.sluice.testing.FaultTally;
import io.sluice.testing.FaultTally.Outcome;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Real PostgreSQL sessions through a {@link FaultProxy} that stalls, delays and cuts them: every call returns
 * within its bound (query_timeout + cancel_grace, socket_timeout or connect_timeout, plus slack) with the right
 * data, or a clean {@link SluiceException} and the connection broken, or (a cancel the server answered in time)
 * a timeout with the connection still usable.
 */
@Tag("fault")
class PgFaultProxyTest {
    private static final FaultTally TALLY = new FaultTally("postgres-proxy");
    private static final Duration SLACK = Duration.ofMillis(1500);
    private static final String BIG = "SELECT i, repeat('x', 100) FROM generate_series(1, 200000) i";

    @AfterAll
    static void report() {
        TALLY.report();
    }

    private static ConnectionConfig.Builder config(FaultProxy proxy) {
        return ConnectionConfig.builder("postgresql")
                .host("127.0.0.1")
                .port(proxy.port())
                .database("test")
                .user("postgres")
                .sslMode(SslMode.DISABLE)
                .applicationName("pgfault-proxy")
                .connectTimeout(Duration.ofSeconds(3));
    }

    private static int cases(int ci) {
        return Math.max(1, FaultTally.cases(ci) / 100);
    }

    @Test
    void shouldTimeOutWhenStalledBeforeTheReply() {
        for (int i = 0; i < cases(300); i++) {
            try (FaultProxy proxy = FaultProxy.start("127.0.0.1", 5432);
                    Connection c = new PgDriver()
                            .connect(config(proxy)
                                    .queryTimeout(Duration.ofMillis(300))
                                    .cancelGrace(Duration.ofMillis(300))
                                    .build())) {
                proxy.stall();
                record(
                        "stall-before-reply",
                        c,
                        () -> c.query("SELECT 1", r -> r.getInt(0)),
                        List.of(1),
                        Duration.ofMillis(600));
            }
        }
    }

    @Test
    void shouldTimeOutWhenStalledMidResult() {
        for (int i = 0; i < cases(300); i++) {
            try (FaultProxy proxy = FaultProxy.start("127.0.0.1", 5432);
                    Connection c = new PgDriver()
                            .connect(config(proxy)
                                    .queryTimeout(Duration.ofMillis(400))
                                    .cancelGrace(Duration.ofMillis(300))
                                    .build())) {
                proxy.stallServerAfter(20_000 + 10_000L * i);
                record(
                        "stall-mid-result",
                        c,
                        () -> c.query(BIG, r -> r.getInt(0)).size(),
                        200000,
                        Duration.ofMillis(700));
            }
        }
    }

    @Test
    void shouldCloseWhenSocketTimeoutPassesMidResult() {
        for (int i = 0; i < cases(300); i++) {
            try (FaultProxy proxy = FaultProxy.start("127.0.0.1", 5432);
                    Connection c = new PgDriver()
                            .connect(config(proxy)
                                    .socketTimeout(Duration.ofMillis(300))
                                    .build())) {
                proxy.stallServerAfter(30_000 + 7_000L * i);
                record(
                        "socket-timeout",
                        c,
                        () -> c.query(BIG, r -> r.getInt(0)).size(),
                        200000,
                        Duration.ofMillis(300));
            }
        }
    }

    @Test
    void shouldTimeOutWhenStalledDuringAuthentication() {
        for (int i = 0; i < cases(300); i++) {
            try (FaultProxy proxy = FaultProxy.start("127.0.0.1", 5432)) {
                // sluice_scram: AuthenticationSASL passes, then the server's SCRAM messages stall.
                proxy.stallServerAfter(i % 2 == 0 ? 1 : 30);
                ConnectionConfig cfg = config(proxy)
                        .user("sluice_scram")
                        .password("sluice-scram-pw")
                        .connectTimeout(Duration.ofMillis(500))
                        .build();
                Observed o = call(
                        () -> new PgDriver().connect(cfg),
                        Duration.ofMillis(500).plus(SLACK));
                if (o.value instanceof Connection c) {
                    c.close();
                }
                TALLY.record(
                        "stall-in-auth",
                        o.hung
                                ? HANG
                                : o.thrown instanceof SluiceException
                                        ? CLEAN_ERROR
                                        : o.thrown == null ? WRONG_DATA : NON_SLUICE_EXCEPTION,
                        "case=" + i + " got=" + o);
            }
        }
    }

    @Test
    void shouldBreakWhenTheSessionIsCutMidResult() {
        for (int i = 0; i < cases(300); i++) {
            try (FaultProxy proxy = FaultProxy.start("127.0.0.1", 5432);
                    Connection c = new PgDriver().connect(config(proxy).build())) {
                proxy.delay(Duration.ofMillis(20)); // slow enough that the cut lands inside the result
                int at = 50 + 40 * i;
                Thread.ofVirtual().start(() -> {
                    sleep(at);
                    proxy.cutAll();
                });
                record("cut-mid-result", c, () -> c.query(BIG, r -> r.getInt(0)).size(), 200000, Duration.ofSeconds(5));
            }
        }
    }

    @Test
    void shouldReturnRightDataOrTimeOutWhenDelayed() {
        for (int i = 0; i < cases(300); i++) {
            try (FaultProxy proxy = FaultProxy.start("127.0.0.1", 5432);
                    Connection c = new PgDriver()
                            .connect(config(proxy)
                                    .queryTimeout(Duration.ofMillis(300))
                                    .cancelGrace(Duration.ofMillis(500))
                                    .build())) {
                proxy.delay(Duration.ofMillis(i % 2 == 0 ? 20 : 400));
                record(
                        "delay",
                        c,
                        () -> c.query("SELECT generate_series(1, 3)", r -> r.getInt(0)),
                        List.of(1, 2, 3),
                        Duration.ofMillis(800));
            }
        }
    }

    /** Runs one call, judges it, and after a timeout whose cancel was answered checks that the connection works. */
    private static void record(String category, Connection c, Action action, Object expected, Duration limit) {
        Observed o = call(action, limit.plus(SLACK));
        Outcome outcome;
        if (o.hung) {
            outcome = HANG;
        } else if (o.thrown == null) {
            outcome = expected.equals(o.value) ? PASSED : WRONG_DATA;
        } else if (!(o.thrown instanceof SluiceException)) {
            outcome = NON_SLUICE_EXCEPTION;
        } else if (c.isBroken()) {
            outcome = CLEAN_ERROR;
        } else if (o.thrown instanceof QueryCancelledException) { // QueryTimeoutException too: the server answered
            outcome = usable(c) ? CLEAN_ERROR : LEFT_UNBROKEN;
        } else {
            outcome = LEFT_UNBROKEN;
        }
        TALLY.record(category, outcome, "got=" + o + " broken=" + c.isBroken());
    }

    /** A connection left usable after a cancelled query must answer the next one correctly. */
    private static boolean usable(Connection c) {
        c.queryTimeout(Duration.ZERO);
        Observed o = call(() -> c.query("SELECT 42", r -> r.getInt(0)), Duration.ofSeconds(10));
        return List.of(42).equals(o.value);
    }

    private interface Action {
        Object run() throws Exception;
    }

    private record Observed(Object value, Throwable thrown, boolean hung) {}

    private static Observed call(Action action, Duration bound) {
        CompletableFuture<Observed> f = new CompletableFuture<>();
        Thread t = Thread.ofVirtual().start(() -> {
            try {
                f.complete(new Observed(action.run(), null, false));
            } catch (Throwable e) {
                f.complete(new Observed(null, e, false));
            }
        });
        try {
            return f.get(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            t.interrupt();
            return new Observed(null, null, true);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
