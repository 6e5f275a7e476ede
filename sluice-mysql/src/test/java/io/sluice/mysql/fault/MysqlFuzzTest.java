package io.sluice.mysql.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.SslMode;
import io.sluice.mysql.MysqlDriver;
import io.sluice.testing.FaultTally;
import io.sluice.testing.FaultTally.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The driver against mutated server byte streams (see {@link Mutator}): every case must end as the right data, or
 * as a clean {@link SluiceException} with the connection broken when the stream was invalid; never a JDK
 * exception, a hang, data other than what the bytes say ({@link ReferenceDecoder}), or a usable connection after a
 * protocol violation. Categories name the mutated turn. Sizes: {@link FaultTally#cases}; seed: {@link FaultTally#seed}.
 */
@Tag("fault")
class MysqlFuzzTest {
    private static final FaultTally TALLY = new FaultTally("mysql");
    private static final Duration BOUND = Duration.ofSeconds(15);
    private static final ExecutorService CLIENTS = Executors.newVirtualThreadPerTaskExecutor();

    /** What the client does after the login. */
    enum Action {
        TEXT,
        BINARY,
        EXECUTE
    }

    /** How the mutated turn is judged: as a response, as a login/set-up OK, or only through the final result. */
    enum Check {
        RESPONSE,
        OK_PACKET,
        FINAL_ONLY
    }

    /** The login a category's sessions start with. */
    enum Login {
        NATIVE_WITH_SWITCH,
        CACHING_SHA2,
        WITHOUT_DEPRECATE_EOF
    }

    /** One category: which turn is mutated, how, what the client runs, and the login. */
    record Category(
            String name,
            int mutated,
            Check check,
            Action action,
            int ciCases,
            boolean headersOnly,
            Function<Random, byte[]> last,
            Login login) {
        Category(
                String name,
                int mutated,
                Check check,
                Action action,
                int ciCases,
                boolean headersOnly,
                Function<Random, byte[]> last) {
            this(name, mutated, check, action, ciCases, headersOnly, last, Login.NATIVE_WITH_SWITCH);
        }
    }

    private static final List<Category> CATEGORIES = List.of(
            new Category("handshake", 0, Check.FINAL_ONLY, Action.TEXT, 200, false, Scenarios::textResult),
            new Category("auth-switch", 1, Check.FINAL_ONLY, Action.TEXT, 150, false, Scenarios::textResult),
            new Category("login-ok", 2, Check.OK_PACKET, Action.TEXT, 150, false, Scenarios::textResult),
            new Category("setup-ok", 3, Check.OK_PACKET, Action.TEXT, 150, false, Scenarios::textResult),
            new Category(
                    "sha2-fast-auth",
                    1,
                    Check.FINAL_ONLY,
                    Action.TEXT,
                    150,
                    false,
                    Scenarios::textResult,
                    Login.CACHING_SHA2),
            new Category(
                    "text-result-eof",
                    4,
                    Check.RESPONSE,
                    Action.TEXT,
                    300,
                    false,
                    Scenarios::textResultWithEof,
                    Login.WITHOUT_DEPRECATE_EOF),
            new Category("text-result", 4, Check.RESPONSE, Action.TEXT, 600, false, Scenarios::textResult),
            new Category("prepare-ok", 4, Check.FINAL_ONLY, Action.BINARY, 250, false, Scenarios::binaryResult),
            new Category("binary-result", 5, Check.RESPONSE, Action.BINARY, 600, false, Scenarios::binaryResult),
            new Category("ok", 4, Check.RESPONSE, Action.EXECUTE, 150, false, Scenarios::okResponse),
            new Category("err", 4, Check.RESPONSE, Action.EXECUTE, 150, false, Scenarios::errorResponse));

    @AfterAll
    static void report() {
        TALLY.report();
    }

    private static ConnectionConfig config(int port, Action action) {
        return ConnectionConfig.builder("mysql")
                .host("127.0.0.1")
                .port(port)
                .user("u")
                .sslMode(SslMode.DISABLE)
                .statementCacheSize(action == Action.BINARY ? 16 : 0)
                .connectTimeout(Duration.ofSeconds(5))
                .socketTimeout(Duration.ofSeconds(5))
                .build();
    }

    /** The turns of one session: login, set-up, [prepare response], final response. */
    private static List<byte[]> session(Category c, Random r) {
        List<byte[]> turns = new ArrayList<>(
                switch (c.login()) {
                    case CACHING_SHA2 -> Scenarios.loginCachingSha2();
                    case WITHOUT_DEPRECATE_EOF -> Scenarios.login(false);
                    case NATIVE_WITH_SWITCH -> Scenarios.login();
                });
        if (c.action() == Action.BINARY) {
            turns.add(Scenarios.prepareResponse(r));
        }
        turns.add(c.last().apply(r));
        return turns;
    }

    /** The client's side of one case: what it read, or what it threw and whether the connection was broken. */
    record Result(Observed observed, Throwable failure, boolean connected, boolean broken) {}

    private static Result runClient(int port, Action action) {
        Connection c = null;
        try {
            c = new MysqlDriver().connect(config(port, action));
            var names = new java.util.concurrent.atomic.AtomicReference<List<String>>();
            Observed o =
                    switch (action) {
                        case EXECUTE -> Observed.affected(c.execute(Scenarios.SQL_EXECUTE));
                        case TEXT, BINARY -> {
                            boolean binary = action == Action.BINARY;
                            Function<io.sluice.Row, List<String>> map = row -> {
                                if (names.get() == null) {
                                    names.set(row.columns().stream()
                                            .map(io.sluice.Column::name)
                                            .toList());
                                }
                                return Observed.values(row, binary);
                            };
                            List<List<String>> rows = binary
                                    ? c.query(Scenarios.SQL_BINARY, map::apply, 0)
                                    : c.query(Scenarios.SQL_TEXT, map::apply);
                            yield Observed.rows(names.get(), rows);
                        }
                    };
            return new Result(o, null, true, c.isBroken());
        } catch (Throwable t) {
            return new Result(null, t, c != null, c != null && c.isBroken());
        } finally {
            if (c != null) {
                try {
                    c.close();
                } catch (Throwable ignored) {
                    // judged above
                }
            }
        }
    }

    private static String errorText(ServerException e) {
        return e.serverMessage().field("error_code") + "/" + e.sqlState() + "/"
                + e.serverMessage().message();
    }

    /** Judges one case. {@code expected} is what the stream means, null when it is not valid. */
    static Outcome judge(Result r, Observed expected) {
        if (r.failure() != null) {
            Throwable t = r.failure();
            if (!(t instanceof SluiceException)) {
                return Outcome.NON_SLUICE_EXCEPTION;
            }
            if (expected != null
                    && expected.error() != null
                    && t instanceof ServerException se
                    && expected.error().equals(errorText(se))
                    && !r.broken()) {
                return Outcome.PASSED;
            }
            if (expected == null && r.connected() && !r.broken()) {
                return Outcome.LEFT_UNBROKEN;
            }
            return Outcome.CLEAN_ERROR;
        }
        if (expected == null || !expected.matches(r.observed())) {
            return Outcome.WRONG_DATA;
        }
        return r.broken() ? Outcome.WRONG_DATA : Outcome.PASSED;
    }

    /** {@code o} as the client's action can see it: execute() sees a result's count 0, query() an OK's empty rows. */
    private static Observed asSeenBy(Action a, Observed o) {
        if (o == null || o.error() != null) {
            return o;
        }
        if (a == Action.EXECUTE && o.rows() != null) {
            return Observed.affected(0);
        }
        if (a != Action.EXECUTE && o.affected() >= 0) {
            return Observed.rows(null, List.of());
        }
        return o;
    }

    /** What the session means with the mutated turn in place; null when the mutated turn is invalid. */
    private static Observed reference(Category c, List<byte[]> turns, byte[] mutated) {
        return asSeenBy(c.action(), decode(c, turns, mutated));
    }

    private static Observed decode(Category c, List<byte[]> turns, byte[] mutated) {
        boolean binary = c.action() == Action.BINARY;
        try {
            boolean deprecateEof = c.login() != Login.WITHOUT_DEPRECATE_EOF;
            Observed last = ReferenceDecoder.response(turns.get(turns.size() - 1), binary, deprecateEof);
            switch (c.check()) {
                case RESPONSE -> {
                    return ReferenceDecoder.response(mutated, binary, deprecateEof);
                }
                case OK_PACKET -> {
                    List<byte[]> ps = ReferenceDecoder.payloads(mutated, c.mutated() == 2 ? 4 : 1);
                    if (ps.size() != 1 || ps.get(0).length == 0 || (ps.get(0)[0] & 0xff) != 0) {
                        return null; // anything but a lone OK cannot end the login or the set-up
                    }
                    ReferenceDecoder.ok(ps.get(0), c.mutated() == 2); // the login's OK: its status flags mean nothing
                    return last;
                }
                default -> {
                    return last;
                }
            }
        } catch (ReferenceDecoder.Invalid e) {
            return null;
        }
    }

    private static void runCategory(Category c, int cases, long seed, boolean mutate, int workers) throws Exception {
        List<FuzzServer> servers = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(workers)) {
            for (int w = 0; w < workers; w++) {
                servers.add(new FuzzServer());
            }
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                FuzzServer server = servers.get(w);
                int worker = w;
                running.add(pool.submit(() -> {
                    for (int i = worker; i < cases; i += workers) {
                        runCase(c, server, seed + i * 7919L + c.name().hashCode(), mutate);
                    }
                    return null;
                }));
            }
            for (Future<?> f : running) {
                f.get();
            }
        } finally {
            for (FuzzServer s : servers) {
                s.close();
            }
        }
    }

    private static void runCase(Category c, FuzzServer server, long seed, boolean mutate) throws Exception {
        Random r = new Random(seed);
        List<byte[]> turns = session(c, r);
        byte[] valid = turns.get(c.mutated());
        Mutator.Mutation m = mutate ? Mutator.mutate(valid, r, c.headersOnly()) : new Mutator.Mutation(valid, "none");
        Observed expected = reference(c, turns, m.bytes());
        if (!mutate) {
            assertThat(expected)
                    .as("the unmutated session of " + c.name() + " is valid")
                    .isNotNull();
        }
        turns.set(c.mutated(), m.bytes());
        var served = server.serve(turns, c.mutated());
        Future<Result> client = CLIENTS.submit(() -> runClient(server.port(), c.action()));
        String detail = "seed=" + seed + ", mutation=" + m.what();
        Outcome outcome;
        Result result = null;
        try {
            result = client.get(BOUND.toMillis(), TimeUnit.MILLISECONDS);
            outcome = judge(result, expected);
        } catch (TimeoutException e) {
            client.cancel(true);
            outcome = Outcome.HANG;
        }
        served.get(30, TimeUnit.SECONDS);
        if (result != null && outcome != Outcome.PASSED && outcome != Outcome.CLEAN_ERROR) {
            detail += ", expected=" + expected + ", observed=" + result.observed() + ", failure=" + result.failure()
                    + ", broken=" + result.broken();
        }
        TALLY.record(mutate ? c.name() : "unmutated", outcome, detail);
        if (!mutate) {
            assertThat(outcome).as(c.name() + " unmutated: " + detail).isEqualTo(Outcome.PASSED);
        }
    }

    @Test
    void shouldReadEveryUnmutatedSessionRight() throws Exception {
        for (Category c : CATEGORIES) {
            runCategory(c, 3, FaultTally.seed(), false, 1);
        }
    }

    @Test
    void shouldSurviveMutatedServerMessages() throws Exception {
        for (Category c : CATEGORIES) {
            runCategory(c, FaultTally.cases(c.ciCases()), FaultTally.seed(), true, 2);
        }
    }

    @Test
    void shouldSurviveMutatedMultiPacketPayloads() throws Exception {
        Category c =
                new Category("multi-packet", 4, Check.RESPONSE, Action.TEXT, 12, true, Scenarios::multiPacketResult);
        runCategory(c, 1, FaultTally.seed(), false, 1);
        runCategory(c, FaultTally.cases(c.ciCases()), FaultTally.seed(), true, 1);
    }
}
