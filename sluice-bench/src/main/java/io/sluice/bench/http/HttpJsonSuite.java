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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code http-json}: the PG2 seed's HTTP service benchmark. Two servers run the same Helidon code in
 * their own JVMs, one per stack, each with a pool of at most 64 opened in advance; ApacheBench
 * ({@code ab -n N -c C -l}) sends the requests over loopback, alternating between the stacks cell by
 * cell so that drift on a noisy machine hits both alike.
 *
 * <p>Cases per endpoint ({@code rows}, {@code ldbc}), params {@code rows=500, concurrency=C}:
 * requests per second ({@code <endpoint>}), latency p50/p99 ({@code <endpoint>-p50},
 * {@code <endpoint>-p99}, ms), server CPU per request ({@code <endpoint>-cpu}, us/req) and failed
 * requests plus socket errors ({@code <endpoint>-errors}). Requests per cell: smoke 20, quick 500,
 * full 10000 (the seed ran 1000); concurrency 1, 16, 64 (smoke 1, 4).
 */
final class HttpJsonSuite implements Suite {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int POOL_SIZE = 64;
    private static final String SLUICE = "sluice";
    private static final String BASELINE = "pgjdbc+hikaricp";

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
        int requests = switch (mode) {
            case SMOKE -> 20;
            case QUICK -> 500; // keeps the main job near 5 minutes; the full run has 10,000
            case FULL -> 10_000;
        };
        List<Integer> concurrencies = mode == Mode.SMOKE ? List.of(1, 4) : List.of(1, 16, 64);
        try (ServerProcess sluice = ServerProcess.start("sluice", POOL_SIZE);
                ServerProcess baseline = ServerProcess.start("pgjdbc", POOL_SIZE)) {
            for (String path : List.of("/rows", "/ldbc")) {
                verify(sluice, path);
                verify(baseline, path);
                int warmup = mode == Mode.SMOKE ? 10 : Math.min(2000, requests);
                AbRun.run(sluice.url(path), warmup, 8);
                AbRun.run(baseline.url(path), warmup, 8);
                for (int c : concurrencies) {
                    measure(sink, SLUICE, sluice, path, requests, c);
                    measure(sink, BASELINE, baseline, path, requests, c);
                }
            }
        }
    }

    private void measure(ResultSink sink, String system, ServerProcess server, String path, int requests, int c)
            throws Exception {
        long cpuBefore = server.cpuMicros();
        AbRun run = AbRun.run(server.url(path), requests, c);
        long cpu = server.cpuMicros() - cpuBefore;
        String endpoint = path.substring(1);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("rows", HttpWorkload.ROWS);
        params.put("concurrency", c);
        sink.accept(new Cell(name(), endpoint, params, system, "req/s", run.requestsPerSecond(), Double.NaN));
        sink.accept(new Cell(name(), endpoint + "-p50", params, system, "ms", run.p50Ms(), Double.NaN));
        sink.accept(new Cell(name(), endpoint + "-p99", params, system, "ms", run.p99Ms(), Double.NaN));
        if (cpu > 0) { // the kernel counts in 10 ms ticks: a smoke run may stay below one
            sink.accept(new Cell(name(), endpoint + "-cpu", params, system, "us/req", (double) cpu / requests, Double.NaN));
        }
        sink.accept(new Cell(name(), endpoint + "-errors", params, system, "errors",
                run.failed() + run.socketErrors(), Double.NaN));
    }

    /** One request through HTTP/1.1 first: a stack that answers anything but 500 JSON rows fails the suite. */
    private static void verify(ServerProcess server, String path) throws Exception {
        HttpResponse<byte[]> response = HTTP.send(HttpRequest.newBuilder(URI.create(server.url(path))).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        JsonNode body = response.statusCode() == 200 ? JSON.readTree(response.body()) : null;
        if (body == null || !body.isArray() || body.size() != HttpWorkload.ROWS) {
            throw new IllegalStateException("server answered wrongly: url=" + server.url(path) + ", status="
                    + response.statusCode() + ", bytes=" + response.body().length);
        }
    }

    private static void prepareTable() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test?sslmode=disable", "postgres", "");
                Statement s = c.createStatement()) {
            s.execute(HttpWorkload.LDBC_DDL);
            s.execute(HttpWorkload.LDBC_FILL);
        }
    }
}
