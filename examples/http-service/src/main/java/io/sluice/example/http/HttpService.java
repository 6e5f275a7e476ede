package io.sluice.example.http;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.exporter.logging.LoggingSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.sluice.ConnectionConfig;
import io.sluice.QueryListener;
import io.sluice.json.JsonOptions;
import io.sluice.json.JsonResults;
import io.sluice.micrometer.PoolMetrics;
import io.sluice.micrometer.QueryMetrics;
import io.sluice.opentelemetry.PoolTracing;
import io.sluice.opentelemetry.QueryTracing;
import io.sluice.pool.ConnectionPool;
import io.sluice.pool.PoolMetricsTracker;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Example service: {@code GET /rows} runs a query with a random parameter through a Sluice pool and
 * streams the 500 result rows to the client as a JSON array of objects, straight from the driver's
 * receive buffer (no row objects, no maps). {@code GET /metrics} answers the pool's and the queries' meters
 * in Prometheus text (sluice-micrometer); with tracing on, each request is a SERVER span with the pool's
 * acquire event and the query's CLIENT span under it (sluice-opentelemetry), written by a logging exporter.
 *
 * <p>Run: {@code java -jar examples/http-service/target/sluice-example-http.jar [url] [port] [poolSize]},
 * defaults {@code postgresql://postgres@127.0.0.1:5432/test?sslmode=disable}, 8080, 64. Tracing is on unless
 * {@code -Dsluice.example.tracing=false} (every span is logged: switch it off under load).
 */
public final class HttpService implements AutoCloseable {
    /** 500 generated rows of mixed types; {@code $1} shifts the values so that every response differs. */
    public static final String ROWS_SQL = """
            SELECT x AS id, 'user_' || (x + p) AS name, md5((x + p)::text) AS token,
                   (x + p) * 0.25 AS score, (x % 3 = 0) AS active,
                   timestamptz '2024-01-01 00:00:00+00' + (x + p) * interval '1 minute' AS created_at,
                   date '2024-01-01' + (x + p) % 365 AS day
            FROM (SELECT $1::int AS p) AS q, generate_series(1, 500) AS x""";

    /** The content type Prometheus expects from a text scrape. */
    static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    private final ConnectionPool pool;
    private final JsonHttpServer server;
    private final SdkTracerProvider tracerProvider;

    private HttpService(ConnectionPool pool, JsonHttpServer server, SdkTracerProvider tracerProvider) {
        this.pool = pool;
        this.server = server;
        this.tracerProvider = tracerProvider;
    }

    /**
     * Starts the pool and the server.
     *
     * @param spans where finished spans go; null switches tracing off
     */
    public static HttpService start(String url, int port, int poolSize, SpanExporter spans) throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        SdkTracerProvider tracerProvider = spans == null
                ? null
                : SdkTracerProvider.builder()
                        .addSpanProcessor(SimpleSpanProcessor.create(spans))
                        .build();
        OpenTelemetrySdk otel = tracerProvider == null
                ? null
                : OpenTelemetrySdk.builder().setTracerProvider(tracerProvider).build();
        QueryListener queries = otel == null
                ? new QueryMetrics(registry)
                : QueryListener.of(new QueryMetrics(registry), QueryTracing.create(otel));
        ConnectionConfig config =
                ConnectionConfig.fromUrl(url).toBuilder().queryListener(queries).build();
        PoolMetrics poolMetrics = new PoolMetrics();
        ConnectionPool pool = ConnectionPool.builder(config)
                .name("http")
                .maxSize(poolSize)
                .minIdle(poolSize)
                .metricsTracker(otel == null ? poolMetrics : PoolMetricsTracker.of(poolMetrics, new PoolTracing()))
                .build();
        poolMetrics.bindTo(registry);
        Tracer tracer = otel == null ? null : otel.getTracer("io.sluice.example.http");
        JsonHttpServer server = JsonHttpServer.start(
                "127.0.0.1",
                port,
                Map.of(
                        "/rows",
                                out -> {
                                    Span span = tracer == null
                                            ? Span.getInvalid()
                                            : tracer.spanBuilder("GET /rows")
                                                    .setSpanKind(SpanKind.SERVER)
                                                    .startSpan();
                                    try (Scope ignored = span.makeCurrent()) {
                                        pool.useConnection(c -> JsonResults.write(
                                                c,
                                                ROWS_SQL,
                                                out,
                                                JsonOptions.DEFAULT,
                                                ThreadLocalRandom.current().nextInt(1_000_000)));
                                    } finally {
                                        span.end();
                                    }
                                },
                        "/metrics", out -> out.write(registry.scrape().getBytes(StandardCharsets.UTF_8))),
                Map.of("/metrics", PROMETHEUS_TEXT));
        return new HttpService(pool, server, tracerProvider);
    }

    /** The port the server listens on. */
    public int port() {
        return server.port();
    }

    /** Stops the server, then closes the pool and flushes the spans. */
    @Override
    public void close() throws Exception {
        try {
            server.close();
        } finally {
            pool.close();
            if (tracerProvider != null) {
                tracerProvider.close();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        String url = args.length > 0 ? args[0] : "postgresql://postgres@127.0.0.1:5432/test?sslmode=disable";
        int port = args.length > 1 ? Integer.parseInt(args[1]) : 8080;
        int poolSize = args.length > 2 ? Integer.parseInt(args[2]) : 64;
        boolean tracing = Boolean.parseBoolean(System.getProperty("sluice.example.tracing", "true"));
        HttpService service = start(url, port, poolSize, tracing ? LoggingSpanExporter.create() : null);
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
            try {
                service.close();
            } catch (Exception ignored) {
                // exiting anyway
            }
        }));
        System.out.println("READY " + service.port());
        Thread.currentThread().join();
    }
}
