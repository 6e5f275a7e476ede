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
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.SslMode;
import io.sluice.ValueConversionException;
import io.sluice.postgres.PgDriver;
import io.sluice.postgres.fault.Reference.Expect;
import io.sluice.testing.FaultTally;
import io.sluice.testing.FaultTally.Outcome;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The seeded mutation fuzzer: real message sequences of start-up, extended queries, streams and COPY, damaged by
 * {@link Mutator}, played by {@link ScriptedServer} to the driver, and every outcome judged against
 * {@link Reference}: the right data, the server's error, or a clean {@link SluiceException} with the connection
 * broken. Any other exception, a call past its bound, data the bytes do not say, or a connection left usable
 * after a protocol error fails the suite (see {@link FaultTally}). {@code -Dsluice.fault.cases},
 * {@code -Dsluice.fault.long=true} and {@code -Dsluice.fault.seed} size and repeat a run.
 */
@Tag("fault")
class PgWireFuzzTest {
    private static final Duration CALL_BOUND = Duration.ofSeconds(5);
    private static final List<byte[]> Q2 = List.of(
            Wire.empty('1'),
            Wire.empty('2'),
            Wire.rowDescription(List.of("v")),
            Wire.dataRow(List.of("ok")),
            Wire.commandComplete("SELECT 1"),
            Wire.ready('I'));
    private static final FaultTally TALLY = new FaultTally("postgres-wire");
    private static ScriptedServer server;
    /** Valid streams the driver refused (counted as clean errors; printed so that over-strictness shows). */
    private static int refusedValid;

    private static final List<String> refusedNotes = new ArrayList<>();
    /** What the judged call expected and got, for the failure list. */
    private static String note = "";

    @BeforeAll
    static void start() throws Exception {
        server = new ScriptedServer();
    }

    @AfterAll
    static void report() throws Exception {
        server.close();
        System.out.println("fault-suite: postgres-wire valid streams refused by the driver: " + refusedValid);
        refusedNotes.forEach(n -> System.out.println("  refused:" + n));
        TALLY.report();
    }

    /** A call against an open connection; returns what the reference's Value holds. */
    private interface Call {
        Object run(Connection c) throws Exception;
    }

    /** One fault case: scripted chunks before mutation, the calls after connect, and their reference decoders. */
    private record Case(
            List<List<byte[]>> startup,
            List<List<byte[]>> responses,
            List<Call> calls,
            List<Function<Reference, Expect>> expects) {}

    @Test
    void shouldHandleMutatedStartUp() {
        run(
                "startup",
                400,
                r -> new Case(
                        startupScript(r),
                        List.of(Q2),
                        List.of(PgWireFuzzTest::query2),
                        List.of(Reference::extendedQuery)),
                false);
    }

    @Test
    void shouldHandleMutatedQueryResponses() {
        run(
                "query",
                1000,
                r -> new Case(
                        List.of(trustStartup()),
                        List.of(queryScript(r), Q2),
                        List.of(PgWireFuzzTest::query1, PgWireFuzzTest::query2),
                        List.of(Reference::extendedQuery, Reference::extendedQuery)),
                false);
    }

    @Test
    void shouldHandleMutatedStreams() {
        run(
                "stream",
                500,
                r -> {
                    int rows = r.nextInt(6);
                    List<List<byte[]>> chunks = streamScript(r, rows);
                    List<List<byte[]>> responses = new ArrayList<>(chunks);
                    responses.add(Q2);
                    return new Case(
                            List.of(trustStartup()),
                            responses,
                            List.of(PgWireFuzzTest::stream, PgWireFuzzTest::query2),
                            List.of(ref -> ref.stream(2), Reference::extendedQuery));
                },
                false);
    }

    @Test
    void shouldHandleMutatedCopyOut() {
        run(
                "copy",
                400,
                r -> new Case(
                        List.of(trustStartup()),
                        List.of(copyScript(r), Q2),
                        List.of(PgWireFuzzTest::copyOut, PgWireFuzzTest::query2),
                        List.of(Reference::copyOut, Reference::extendedQuery)),
                false);
    }

    /** Damaged streams after which the server stays connected and silent: only the driver's limits end the call. */
    @Test
    void shouldReturnWithinLimitsWhenServerFallsSilent() {
        run(
                "silent",
                12,
                r -> new Case(
                        List.of(trustStartup()),
                        List.of(queryScript(r), Q2),
                        List.of(PgWireFuzzTest::query1, PgWireFuzzTest::query2),
                        List.of(Reference::extendedQuery, Reference::extendedQuery)),
                true);
    }

    // ---- running and judging

    private static void run(String category, int ciCases, Function<SplittableRandom, Case> generator, boolean silent) {
        int cases = FaultTally.cases(ciCases);
        long seed = FaultTally.seed() ^ category.hashCode();
        for (int i = 0; i < cases; i++) {
            SplittableRandom r = new SplittableRandom(seed + i);
            Case base = generator.apply(r);
            Mutator mutator = new Mutator(r);
            List<List<byte[]>> all = new ArrayList<>(base.startup());
            all.addAll(base.responses());
            // Every tenth case runs unmutated: the baseline the mutations are judged against must pass.
            List<List<byte[]>> mutated = i % 10 == 0 && !silent ? all : mutator.mutate(all);
            List<byte[]> startup =
                    join(mutated.subList(0, Math.min(base.startup().size(), mutated.size())));
            List<byte[]> responses =
                    join(mutated.subList(Math.min(base.startup().size(), mutated.size()), mutated.size()));
            ScriptedServer.Script script = new ScriptedServer.Script(startup, responses, silent);
            String detail = "seed=" + (seed + i) + " mutations=" + mutator.applied;
            note = "";
            Outcome outcome = judge(base, script, silent, detail);
            TALLY.record(category, outcome, detail + note);
        }
    }

    /** Each chunk's messages as the bytes of one write. */
    private static List<byte[]> join(List<List<byte[]>> chunks) {
        List<byte[]> out = new ArrayList<>();
        for (List<byte[]> c : chunks) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            c.forEach(b::writeBytes);
            out.add(b.toByteArray());
        }
        return out;
    }

    private static Outcome judge(Case base, ScriptedServer.Script script, boolean silent, String detail) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        script.startup().forEach(all::writeBytes);
        script.responses().forEach(all::writeBytes);
        Reference ref = new Reference(all.toByteArray());
        server.play(script);
        ConnectionConfig.Builder config = ConnectionConfig.builder("postgresql")
                .host("127.0.0.1")
                .port(server.port())
                .database("fuzz")
                .user("fuzz")
                .password("pw")
                .sslMode(SslMode.DISABLE)
                .statementCacheSize(0)
                .connectTimeout(Duration.ofMillis(silent ? 500 : 3000));
        if (silent) {
            config.queryTimeout(Duration.ofMillis(200)).cancelGrace(Duration.ofMillis(200));
        }
        Duration bound = silent ? Duration.ofMillis(2000) : CALL_BOUND;
        Expect startup = ref.startup();
        Observed connect = call(() -> new PgDriver().connect(config.build()), bound);
        if (connect.hung) {
            return HANG;
        }
        if (connect.thrown != null) {
            note = " expected=" + startup + " got=" + connect.thrown;
            return connect.thrown instanceof SluiceException ? refusal(startup) : NON_SLUICE_EXCEPTION;
        }
        try (Connection c = (Connection) connect.value) {
            if (!(startup instanceof Reference.Value v)) {
                return WRONG_DATA; // accepted a start-up the bytes do not make valid
            }
            Reference.Startup facts = (Reference.Startup) v.value();
            if (c.serverInfo().sessionId() != facts.processId()
                    || !c.serverInfo().parameters().equals(facts.parameters())) {
                return WRONG_DATA;
            }
            if (facts.needsFloatDigits() && !(ref.simple() instanceof Reference.Value)) {
                return WRONG_DATA; // the SET after login was accepted although its answer is invalid
            }
            for (int k = 0; k < base.calls().size(); k++) {
                Expect expect = base.expects().get(k).apply(ref);
                Call callK = base.calls().get(k);
                Observed o = call(() -> callK.run(c), bound);
                Outcome verdict = verdict(expect, o, c);
                if (verdict != null) {
                    return verdict;
                }
            }
            return PASSED;
        }
    }

    /** Null to go on with the next call; else the case's outcome. */
    private static Outcome verdict(Expect expect, Observed o, Connection c) {
        note = " expected=" + expect + " got=" + (o.thrown != null ? o.thrown : o.value) + " broken=" + c.isBroken();
        if (o.hung) {
            return HANG;
        }
        Throwable t = o.thrown;
        if (t != null
                && !(t instanceof SluiceException)
                && !(expect instanceof Reference.Misuse && t instanceof IllegalArgumentException)) {
            return NON_SLUICE_EXCEPTION;
        }
        switch (expect) {
            case Reference.Invalid invalid -> {
                if (t == null) {
                    return WRONG_DATA;
                }
                return c.isBroken() ? CLEAN_ERROR : (t instanceof ServerException ? WRONG_DATA : LEFT_UNBROKEN);
            }
            case Reference.Value v -> {
                if (t == null) {
                    return same(v, o.value) ? null : WRONG_DATA;
                }
                if (t instanceof ValueConversionException && v.typesChanged() && !c.isBroken()) {
                    return CLEAN_ERROR; // a value its (changed) type cannot decode: the connection stays in step
                }
                return refusedValid(c);
            }
            case Reference.ServerError e -> {
                if (t instanceof QueryCancelledException && t.getCause() instanceof ServerException) {
                    t = t.getCause(); // 57014 is reported as a cancellation, with the server's error as its cause
                }
                if (t instanceof ServerException se && !c.isBroken()) {
                    return Objects.equals(se.sqlState(), e.sqlState())
                                    && Objects.equals(se.serverMessage().message(), e.message())
                            ? null
                            : WRONG_DATA;
                }
                return t == null ? WRONG_DATA : refusedValid(c);
            }
            case Reference.Misuse m -> {
                if (t == null) {
                    return WRONG_DATA;
                }
                return t instanceof IllegalArgumentException || c.isBroken() ? PASSED : LEFT_UNBROKEN;
            }
        }
    }

    private static Outcome refusal(Expect startup) {
        if (startup instanceof Reference.Value) {
            refusedValid++;
            if (refusedNotes.size() < 10) {
                refusedNotes.add(note);
            }
        }
        return CLEAN_ERROR;
    }

    private static Outcome refusedValid(Connection c) {
        refusedValid++;
        if (refusedNotes.size() < 10) {
            refusedNotes.add(note);
        }
        return c.isBroken() ? CLEAN_ERROR : LEFT_UNBROKEN;
    }

    private static boolean same(Reference.Value v, Object got) {
        if (!v.typesChanged()) {
            return Objects.equals(v.value(), got);
        }
        // Only the shape is predicted: the same rows, with nulls in the same places.
        @SuppressWarnings("unchecked")
        List<List<String>> want = (List<List<String>>) v.value();
        @SuppressWarnings("unchecked")
        List<List<String>> have = (List<List<String>>) got;
        if (want.size() != have.size()) {
            return false;
        }
        for (int i = 0; i < want.size(); i++) {
            if (want.get(i).size() != have.get(i).size()) {
                return false;
            }
            for (int j = 0; j < want.get(i).size(); j++) {
                if ((want.get(i).get(j) == null) != (have.get(i).get(j) == null)) {
                    return false;
                }
            }
        }
        return true;
    }

    private record Observed(Object value, Throwable thrown, boolean hung) {}

    private interface Action {
        Object run() throws Exception;
    }

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

    // ---- the client's calls

    private static List<List<String>> rows(Connection c, String sql) {
        return c.query(sql, r -> {
            List<String> row = new ArrayList<>();
            for (int i = 0; i < r.columnCount(); i++) {
                row.add(r.getString(i));
            }
            return row;
        });
    }

    private static Object query1(Connection c) {
        return rows(c, "SELECT pgfault_1");
    }

    private static Object query2(Connection c) {
        return rows(c, "SELECT pgfault_2");
    }

    private static Object stream(Connection c) {
        List<List<String>> out = new ArrayList<>();
        try (var s = c.stream("SELECT pgfault_stream", 2)) {
            while (s.hasNext()) {
                var r = s.next();
                List<String> row = new ArrayList<>();
                for (int i = 0; i < r.columnCount(); i++) {
                    row.add(r.getString(i));
                }
                out.add(row);
            }
        }
        return out;
    }

    private static Object copyOut(Connection c) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long n = c.copyOut("COPY pgfault TO STDOUT", out);
        return new Reference.Copied(out.toString(StandardCharsets.UTF_8), n);
    }

    // ---- scripts: what a healthy server sends

    private static List<byte[]> trustStartup() {
        return List.of(Wire.authOk(), Wire.backendKeyData(4242, 77), Wire.ready('I'));
    }

    private static List<List<byte[]>> startupScript(SplittableRandom r) {
        List<byte[]> rest = new ArrayList<>();
        rest.add(Wire.authOk());
        rest.add(Wire.parameterStatus("server_version", r.nextBoolean() ? "15.4" : "99999999999999999999"));
        rest.add(Wire.parameterStatus("client_encoding", "UTF8"));
        rest.add(Wire.parameterStatus("DateStyle", "ISO, MDY"));
        if (r.nextBoolean()) {
            rest.add(Wire.notice("welcome"));
        }
        rest.add(Wire.parameterStatus("application_name", "sluice"));
        rest.add(Wire.backendKeyData(1000 + r.nextInt(1000), r.nextInt()));
        rest.add(Wire.ready('I'));
        return switch (r.nextInt(3)) {
            case 0 -> List.of(rest);
            case 1 -> List.of(List.of(Wire.auth(3, new byte[0])), rest);
            default -> List.of(List.of(Wire.auth(5, new byte[] {1, 2, 3, 4})), rest);
        };
    }

    private static final String[] WORDS = {"", "a", "bc", "déjà", "x y", "12345", "\u20ac", "line\nbreak"};

    private static List<String> names(SplittableRandom r, int columns) {
        List<String> n = new ArrayList<>();
        for (int i = 0; i < columns; i++) {
            n.add("c" + i);
        }
        return n;
    }

    private static List<String> values(SplittableRandom r, int columns) {
        List<String> v = new ArrayList<>();
        for (int i = 0; i < columns; i++) {
            v.add(r.nextInt(7) == 0 ? null : WORDS[r.nextInt(WORDS.length)]);
        }
        return v;
    }

    /** ParseComplete, BindComplete, then rows, NoData, an empty query or an error; asynchronous messages mixed in. */
    private static List<byte[]> queryScript(SplittableRandom r) {
        List<byte[]> m = new ArrayList<>();
        m.add(Wire.empty('1'));
        int kind = r.nextInt(6);
        if (kind == 5) {
            m.add(Wire.error("42P01", "relation \"pgfault\" does not exist"));
        } else {
            m.add(Wire.empty('2'));
            if (kind == 3) {
                m.add(Wire.empty('n'));
                m.add(Wire.commandComplete("INSERT 0 1"));
            } else if (kind == 4) {
                m.add(Wire.empty('n'));
                m.add(Wire.empty('I'));
            } else {
                int columns = 1 + r.nextInt(3);
                int rows = r.nextInt(5);
                m.add(Wire.rowDescription(names(r, columns)));
                for (int i = 0; i < rows; i++) {
                    m.add(Wire.dataRow(values(r, columns)));
                }
                m.add(
                        kind == 2 && rows > 0
                                ? Wire.error("22012", "division by zero")
                                : Wire.commandComplete("SELECT " + rows));
            }
        }
        m.add(Wire.ready(r.nextBoolean() ? 'I' : 'T'));
        sprinkle(r, m);
        return m;
    }

    /** Chunks of a stream with fetch size 2: batches ending in PortalSuspended, the last in CommandComplete, then ReadyForQuery. */
    private static List<List<byte[]>> streamScript(SplittableRandom r, int rows) {
        int columns = 1 + r.nextInt(2);
        List<List<byte[]>> chunks = new ArrayList<>();
        List<byte[]> first =
                new ArrayList<>(List.of(Wire.empty('1'), Wire.empty('2'), Wire.rowDescription(names(r, columns))));
        List<byte[]> current = first;
        int sent = 0;
        while (true) {
            int batch = Math.min(2, rows - sent);
            for (int i = 0; i < batch; i++) {
                current.add(Wire.dataRow(values(r, columns)));
            }
            sent += batch;
            if (sent == rows && batch < 2) {
                current.add(Wire.commandComplete("SELECT " + batch));
                chunks.add(current);
                break;
            }
            current.add(Wire.empty('s'));
            chunks.add(current);
            current = new ArrayList<>();
        }
        List<byte[]> ready = new ArrayList<>(List.of(Wire.ready('I')));
        sprinkle(r, ready);
        chunks.add(ready);
        return chunks;
    }

    private static List<byte[]> copyScript(SplittableRandom r) {
        List<byte[]> m = new ArrayList<>();
        m.add(Wire.copyOutResponse(1 + r.nextInt(3)));
        int lines = r.nextInt(4);
        for (int i = 0; i < lines; i++) {
            m.add(Wire.copyData(WORDS[r.nextInt(WORDS.length)] + "\t" + i + "\n"));
        }
        if (r.nextInt(5) == 0) {
            m.add(Wire.error("57014", "canceling statement due to user request"));
        } else {
            m.add(Wire.empty('c'));
            m.add(Wire.commandComplete("COPY " + lines));
        }
        m.add(Wire.ready('I'));
        sprinkle(r, m);
        return m;
    }

    /** Inserts a notice, a parameter status or a notification at random places: the server may send them any time. */
    private static void sprinkle(SplittableRandom r, List<byte[]> m) {
        if (r.nextInt(3) == 0) {
            byte[][] async = {
                Wire.notice("note"), Wire.parameterStatus("TimeZone", "UTC"), Wire.notification(1, "ch", "x")
            };
            m.add(r.nextInt(m.size()), async[r.nextInt(async.length)]);
        }
    }
}
