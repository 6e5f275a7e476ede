package io.sluice.mysql.fault;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.QueryTimeoutException;
import io.sluice.SluiceException;
import io.sluice.SslMode;
import io.sluice.mysql.MysqlDriver;
import io.sluice.testing.FaultProxy;
import io.sluice.testing.FaultTally;
import io.sluice.testing.FaultTally.Outcome;
import java.io.DataInputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Real MariaDB sessions through a {@link FaultProxy} that stalls, delays and cuts them: every call returns within
 * its bound (query timeout + cancel grace, connect timeout, socket timeout, plus slack) with a clean
 * {@link SluiceException} and the connection broken, or, when the server answered in time, with the right result
 * and the connection usable.
 */
@Tag("fault")
class MysqlFaultProxyTest {
    private static final FaultTally TALLY = new FaultTally("mysql-proxy");
    private static final Duration TIMEOUT = Duration.ofMillis(400);
    private static final Duration GRACE = Duration.ofMillis(400);
    /** Scheduling slack on a loaded machine; a call past its bound plus this counts as a hang. */
    private static final Duration SLACK = Duration.ofSeconds(4);

    private static final String BIG = "SELECT seq, REPEAT('y', 200) FROM seq_1_to_200000";
    private static final ExecutorService CALLS = Executors.newVirtualThreadPerTaskExecutor();

    @AfterAll
    static void report() {
        TALLY.report();
    }

    private static ConnectionConfig.Builder config(FaultProxy proxy) {
        return ConnectionConfig.builder("mariadb")
                .host("127.0.0.1")
                .port(proxy.port())
                .user("root")
                .database("test")
                .sslMode(SslMode.DISABLE)
                .connectTimeout(Duration.ofSeconds(2))
                .cancelGrace(GRACE);
    }

    /** Runs {@code call} with a hard limit; {@code bound} is the promise, past it the case is a hang. */
    private static void record(String category, Duration bound, String detail, Callable<Outcome> call)
            throws Exception {
        long start = System.nanoTime();
        Future<Outcome> f = CALLS.submit(call);
        Outcome outcome;
        try {
            outcome = f.get(bound.plus(SLACK).plusSeconds(20).toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            outcome = Outcome.HANG;
        } catch (java.util.concurrent.ExecutionException e) {
            outcome = e.getCause() instanceof SluiceException ? Outcome.CLEAN_ERROR : Outcome.NON_SLUICE_EXCEPTION;
            detail += ", failure=" + e.getCause();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        if (took.compareTo(bound.plus(SLACK)) > 0) {
            outcome = Outcome.HANG;
        }
        TALLY.record(category, outcome, detail + ", took=" + took.toMillis() + "ms, bound=" + bound.toMillis() + "ms");
    }

    /** A failed call: clean when it is a SluiceException of the expected kind and the connection is broken. */
    private static Outcome failed(Connection c, Throwable t, Class<? extends SluiceException> expected) {
        if (!(t instanceof SluiceException)) {
            return Outcome.NON_SLUICE_EXCEPTION;
        }
        if (!c.isBroken()) {
            return Outcome.LEFT_UNBROKEN;
        }
        return expected.isInstance(t) ? Outcome.CLEAN_ERROR : Outcome.WRONG_DATA;
    }

    @Test
    void shouldBoundQueriesWhenTheSessionStalls() throws Exception {
        Random r = new Random(FaultTally.seed());
        int cases = FaultTally.cases(3);
        for (int i = 0; i < cases; i++) {
            try (FaultProxy proxy = FaultProxy.start("127.0.0.1", 3306);
                    Connection c = new MysqlDriver()
                            .connect(config(proxy).queryTimeout(TIMEOUT).build())) {
                proxy.stall();
                record("stall-before-reply", TIMEOUT.plus(GRACE), "case=" + i, () -> {
                    try {
                        c.query("SELECT 1", row -> row.getInt(0));
                        return Outcome.WRONG_DATA; // the proxy forwarded nothing
                    } catch (Throwable t) {
                        return failed(c, t, QueryTimeoutException.class);
                    }
                });
            }
            long after = 2_000 + r.nextInt(400_000);
            try (FaultProxy proxy = FaultProxy.start("127.0.0.1", 3306);
                    Connection c = new MysqlDriver()
                            .connect(config(proxy).queryTimeout(TIMEOUT).build())) {
                proxy.stallServerAfter(after);
                record("stall-mid-result", TIMEOUT.plus(GRACE), "case=" + i + ", after=" + after, () -> {
                    try {
                        c.forEach(BIG, row -> row.getLong(0));
                        return Outcome.WRONG_DATA; // the result is larger than the bytes let through
                    } catch (Throwable t) {
                        return failed(c, t, QueryTimeoutException.class);
                    }
                });
            }
            try (FaultProxy proxy = FaultProxy.start("127.0.0.1", 3306);
                    Connection c = new MysqlDriver()
                            .connect(config(proxy).socketTimeout(TIMEOUT).build())) {
                proxy.stallServerAfter(after);
                record("stall-socket-timeout", TIMEOUT, "case=" + i + ", after=" + after, () -> {
                    try {
                        c.forEach(BIG, row -> row.getLong(0));
                        return Outcome.WRONG_DATA;
                    } catch (Throwable t) {
                        return failed(c, t, ConnectionException.class);
                    }
                });
            }
        }
    }

    @Test
    void shouldBreakConnectionWhenSessionIsCutMidResult() throws Exception {
        int cases = FaultTally.cases(3);
        for (int i = 0; i < cases; i++) {
            int cutAt = 1 + i * 997;
            try (FaultProxy proxy = FaultProxy.start("127.0.0.1", 3306);
                    Connection c = new MysqlDriver().connect(config(proxy).build())) {
                record("cut-mid-result", Duration.ofSeconds(2), "case=" + i + ", row=" + cutAt, () -> {
                    long[] seen = {0};
                    try {
                        c.forEach(BIG, row -> {
                            if (++seen[0] == cutAt) {
                                proxy.cutAll();
                            }
                        });
                        return Outcome.WRONG_DATA;
                    } catch (Throwable t) {
                        return failed(c, t, ConnectionException.class);
                    }
                });
            }
        }
    }

    /** The server's bytes before the session set-up: the handshake packet's length plus its header. */
    private static int handshakeBytes() throws Exception {
        try (Socket s = new Socket("127.0.0.1", 3306)) {
            byte[] h = new DataInputStream(s.getInputStream()).readNBytes(4);
            return 4 + ((h[0] & 0xff) | (h[1] & 0xff) << 8 | (h[2] & 0xff) << 16);
        }
    }

    @Test
    void shouldBoundConnectWhenServerStallsDuringLoginOrSetUp() throws Exception {
        int handshake = handshakeBytes();
        Random r = new Random(FaultTally.seed());
        int cases = FaultTally.cases(8);
        Duration connectTimeout = Duration.ofMillis(500);
        for (int i = 0; i < cases; i++) {
            // In the login OK or the set-up reply (two OK packets of about 11 bytes), or just after them.
            int after = i == 0 ? handshake : handshake + r.nextInt(30);
            try (FaultProxy proxy = FaultProxy.start("127.0.0.1", 3306)) {
                proxy.stallServerAfter(after);
                record("stall-during-connect", connectTimeout, "case=" + i + ", after=" + after, () -> {
                    try (Connection c = new MysqlDriver()
                            .connect(
                                    config(proxy).connectTimeout(connectTimeout).build())) {
                        return c.isBroken() ? Outcome.WRONG_DATA : Outcome.PASSED; // the stall came after the set-up
                    } catch (ConnectionException e) {
                        return e.getMessage().contains("connect_timeout") ? Outcome.CLEAN_ERROR : Outcome.WRONG_DATA;
                    } catch (Throwable t) {
                        return t instanceof SluiceException ? Outcome.CLEAN_ERROR : Outcome.NON_SLUICE_EXCEPTION;
                    }
                });
            }
        }
    }

    @Test
    void shouldAnswerRightWhenServerAnswersInTime() throws Exception {
        int cases = FaultTally.cases(3);
        for (int i = 0; i < cases; i++) {
            try (FaultProxy proxy = FaultProxy.start("127.0.0.1", 3306);
                    Connection c = new MysqlDriver()
                            .connect(config(proxy)
                                    .queryTimeout(Duration.ofSeconds(20))
                                    .build())) {
                proxy.delay(Duration.ofMillis(5 + 10 * i));
                record("delay", Duration.ofSeconds(20), "case=" + i, () -> {
                    List<Long> sums = c.query(
                            "SELECT SUM(seq), COUNT(*) FROM seq_1_to_1000", row -> row.getLong(0) + row.getLong(1));
                    return sums.equals(List.of(500_500L + 1000L)) && !c.isBroken()
                            ? Outcome.PASSED
                            : Outcome.WRONG_DATA;
                });
            }
            try (FaultProxy proxy = FaultProxy.start("127.0.0.1", 3306);
                    Connection c = new MysqlDriver()
                            .connect(config(proxy).queryTimeout(TIMEOUT).build())) {
                record("timeout-killed-in-time", TIMEOUT.plus(GRACE), "case=" + i, () -> {
                    try {
                        c.execute("SELECT SLEEP(10)");
                        return Outcome.WRONG_DATA;
                    } catch (QueryTimeoutException e) {
                        c.queryTimeout(Duration.ZERO);
                        boolean usable = !c.isBroken()
                                && c.query("SELECT 7", row -> row.getInt(0)).equals(List.of(7));
                        return usable ? Outcome.PASSED : Outcome.LEFT_UNBROKEN;
                    }
                });
            }
        }
    }
}
