package io.sluice.bench.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.bench.Cell;
import io.sluice.bench.Mode;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import io.sluice.bench.Suite;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code http-json}: the PG2 seed's HTTP service benchmark. Two servers run the same Jetty 12 code
 * (the example service's {@code JsonHttpServer}, handlers on virtual threads, same settings) in their
 * own JVMs, one per stack, each with a pool of at most 64 opened in advance; ApacheBench
 * ({@code ab -n N -c C -l}) sends the requests over loopback. Both servers are warmed up for the
 * same time per endpoint before any cell is measured, and the stacks take turns going first from
 * cell to cell, so that JIT compilation and drift on a noisy machine hit both alike.
 *
 * <p>Cases per endpoint ({@code rows}, {@code ldbc}), params {@code rows=500, concurrency=C}:
 * requests per second ({@code <endpoint>}), latency p50/p99 ({@code <endpoint>-p50},
 * {@code <endpoint>-p99}, ms), CPU per request in us/req of the server JVM without its JIT compiler
 * threads ({@code <endpoint>-cpu}), of those threads ({@code <endpoint>-jitcpu}: a quick run still
 * compiles, 6-30% of a server's CPU on the 2-core machine, which would otherwise count as per-request
 * cost), of the stack's PostgreSQL backends ({@code <endpoint>-pgcpu}) and of ab
 * ({@code <endpoint>-abcpu}), all sharing the machine's cores, and failed requests plus socket errors
 * ({@code <endpoint>-errors}). Requests per cell: smoke 20, quick 500, full 10000 (the seed ran 1000);
 * concurrency 1, 16, 64 (smoke 1, 4); warm-up per server and endpoint: smoke 10 requests at
 * concurrency 8, quick 2 s and full 20 s cycling through concurrency 1, 16 and 64; before each cell
 * the suite waits (at most 0.5 s) until neither server's JIT compiler threads are busy.
 */
final class HttpJsonSuite implements Suite {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int POOL_SIZE = 64;
    private static final String SLUICE = "sluice";
    private static final String BASELINE = "pgjdbc+hikaricp";
    private static final String ADMIN_URL = "jdbc:postgresql://127.0.0.1:5432/test?sslmode=disable";

    @Override
    public String name() {
        return "http-json";
    }

    @Override
    public Set<String> requiredServices() {
        return Set.of("postgres", "ab");
    }

    @Override
    public String baselineSystem() {
        return BASELINE;
    }

    @Override
    public void run(RunContext context, ResultSink sink) throws Exception {
        prepareTable();
        Mode mode = context.mode();
        int requests =
                switch (mode) {
                    case SMOKE -> 20;
                    case QUICK -> 500; // keeps the main job near 5 minutes; the full run has 10,000
                    case FULL -> 10_000;
                };
        List<Integer> concurrencies = mode == Mode.SMOKE ? List.of(1, 4) : List.of(1, 16, 64);
        try (ServerProcess sluice = ServerProcess.start("sluice", POOL_SIZE);
                ServerProcess baseline = ServerProcess.start("pgjdbc", POOL_SIZE);
                Connection admin = DriverManager.getConnection(ADMIN_URL, "postgres", "")) {
            List<String> paths = List.of("/rows", "/ldbc");
            // Both endpoints warm up before either is measured: warmed one at a time, /rows (measured
            // first) met servers whose JITs were still compiling, and /ldbc the ones that /rows had warmed.
            for (String path : paths) {
                sameShape(verify(sluice, path), verify(baseline, path), path);
            }
            for (ServerProcess server : List.of(sluice, baseline)) {
                for (String path : paths) {
                    warmUp(server, path, mode);
                }
            }
            List<ServerProcess> servers = List.of(sluice, baseline);
            long settleMillis = mode == Mode.SMOKE ? 0 : 500;
            for (String path : paths) {
                for (int k = 0; k < concurrencies.size(); k++) {
                    int c = concurrencies.get(k);
                    boolean sluiceFirst = k % 2 == 0;
                    settle(servers, settleMillis);
                    measure(
                            sink,
                            admin,
                            sluiceFirst ? SLUICE : BASELINE,
                            sluiceFirst ? sluice : baseline,
                            path,
                            requests,
                            c);
                    settle(servers, settleMillis);
                    measure(
                            sink,
                            admin,
                            sluiceFirst ? BASELINE : SLUICE,
                            sluiceFirst ? baseline : sluice,
                            path,
                            requests,
                            c);
                }
            }
        }
    }

    /**
     * Waits, at most {@code maxMillis}, until neither server's JIT compiler threads are busy (under
     * 10 % of a core over 50 ms). Both servers share the 2 cores with the one being measured: a quick
     * cell measured right after the other server's first requests at a new concurrency shared the cores
     * with that server's compiler threads (the Sluice server measured after the baseline at c = 16 spent
     * 2.0-2.9 ms of CPU per /rows request in three runs, 0.7-1.0 ms on its own).
     */
    private static void settle(List<ServerProcess> servers, long maxMillis) throws Exception {
        long deadline = System.nanoTime() + maxMillis * 1_000_000L;
        while (System.nanoTime() < deadline) {
            long before = compilerNanos(servers);
            Thread.sleep(50);
            if (compilerNanos(servers) - before < 5_000_000L) {
                return;
            }
        }
    }

    private static long compilerNanos(List<ServerProcess> servers) throws Exception {
        long total = 0;
        for (ServerProcess server : servers) {
            CpuTime.Threads t = server.cpu();
            for (String tid : t.jit()) {
                total += t.nanos().getOrDefault(tid, 0L);
            }
        }
        return total;
    }

    /** Requests until the JITs have compiled the hot paths: by count in smoke mode, else by time. */
    private static void warmUp(ServerProcess server, String path, Mode mode) throws Exception {
        if (mode == Mode.SMOKE) {
            AbRun.run(server.url(path), 10, 8);
            return;
        }
        long until = System.nanoTime() + (mode == Mode.QUICK ? 2 : 20) * 1_000_000_000L;
        for (int round = 0; System.nanoTime() < until; round++) {
            // Every measured concurrency, not one: warmed at c = 8 only, a server still compiled
            // (and recompiled) through its first measured cells at c = 16 and 64.
            int c = WARM_UP_CONCURRENCIES[round % WARM_UP_CONCURRENCIES.length];
            AbRun.run(server.url(path), Math.max(50, 4 * c), c);
        }
    }

    private static final int[] WARM_UP_CONCURRENCIES = {1, 16, 64};

    private void measure(
            ResultSink sink, Connection admin, String system, ServerProcess server, String path, int requests, int c)
            throws Exception {
        server.findBackends(admin); // looked up per cell: a pool may still be opening connections at the first
        CpuTime.Threads cpuBefore = server.cpu();
        long pgBefore = server.backendCpuNanos();
        AbRun run = AbRun.run(server.url(path), requests, c);
        long[] serverCpu = server.cpu().since(cpuBefore);
        long pgCpu = server.backendCpuNanos() - pgBefore;
        long jit = serverCpu[1];
        long cpu = serverCpu[0] - jit;
        String endpoint = path.substring(1);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("rows", HttpWorkload.ROWS);
        params.put("concurrency", c);
        sink.accept(new Cell(name(), endpoint, params, system, "req/s", run.requestsPerSecond(), Double.NaN));
        sink.accept(new Cell(name(), endpoint + "-p50", params, system, "ms", run.p50Ms(), Double.NaN));
        sink.accept(new Cell(name(), endpoint + "-p99", params, system, "ms", run.p99Ms(), Double.NaN));
        sink.accept(new Cell(name(), endpoint + "-cpu", params, system, "us/req", cpu / 1e3 / requests, Double.NaN));
        sink.accept(new Cell(name(), endpoint + "-jitcpu", params, system, "us/req", jit / 1e3 / requests, Double.NaN));
        if (server.backendCount() > 0) {
            sink.accept(new Cell(
                    name(), endpoint + "-pgcpu", params, system, "us/req", pgCpu / 1e3 / requests, Double.NaN));
        }
        if (run.cpuMicros() > 0) { // the shell counts in 10 ms ticks: a smoke run may stay below one
            sink.accept(new Cell(
                    name(), endpoint + "-abcpu", params, system, "us/req", run.cpuMicros() / requests, Double.NaN));
        }
        sink.accept(new Cell(
                name(), endpoint + "-errors", params, system, "errors", run.failed() + run.socketErrors(), Double.NaN));
    }

    /** One request through HTTP/1.1 first: a stack that answers anything but 500 JSON rows fails the suite. */
    /**
     * Both stacks must answer the same JSON: the same fields in every row, each of the same JSON type
     * (a date as text on one side and as a number on the other would compare different work).
     */
    private static void sameShape(JsonNode sluice, JsonNode baseline, String path) {
        JsonNode a = sluice.get(0);
        JsonNode b = baseline.get(0);
        List<String> names = new ArrayList<>();
        a.fieldNames().forEachRemaining(names::add);
        List<String> other = new ArrayList<>();
        b.fieldNames().forEachRemaining(other::add);
        if (!names.equals(other)) {
            throw new IllegalStateException(
                    "stacks answer different fields: path=" + path + ", sluice=" + names + ", baseline=" + other);
        }
        for (String name : names) {
            if (a.get(name).getNodeType() != b.get(name).getNodeType()) {
                throw new IllegalStateException("stacks answer a field with different JSON types: path=" + path
                        + ", field=" + name + ", sluice=" + a.get(name) + ", baseline=" + b.get(name));
            }
        }
    }

    private static JsonNode verify(ServerProcess server, String path) throws Exception {
        HttpResponse<byte[]> response = HTTP.send(
                HttpRequest.newBuilder(URI.create(server.url(path))).build(), HttpResponse.BodyHandlers.ofByteArray());
        JsonNode body = response.statusCode() == 200 ? JSON.readTree(response.body()) : null;
        if (body == null || !body.isArray() || body.size() != HttpWorkload.ROWS) {
            throw new IllegalStateException("server answered wrongly: url=" + server.url(path) + ", status="
                    + response.statusCode() + ", bytes=" + response.body().length);
        }
        return body;
    }

    private static void prepareTable() throws Exception {
        try (Connection c = DriverManager.getConnection(ADMIN_URL, "postgres", "");
                Statement s = c.createStatement()) {
            s.execute(HttpWorkload.LDBC_DDL);
            s.execute(HttpWorkload.LDBC_FILL);
        }
    }
}
