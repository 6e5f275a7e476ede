package io.sluice.example.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The example service against the real PostgreSQL: rows, Prometheus metrics and traces. */
class HttpServiceTest {
    private static final String URL =
            "postgresql://postgres@127.0.0.1:5432/test?sslmode=disable&application_name=obs_http";

    private static HttpResponse<String> get(HttpClient client, int port, String path) throws Exception {
        return client.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void shouldServeRowsThenMetricsAndTraceEachRequest() throws Exception {
        InMemorySpanExporter spans = InMemorySpanExporter.create();
        List<SpanData> finished;
        try (HttpService service = HttpService.start(URL, 0, 2, spans);
                HttpClient client = HttpClient.newHttpClient()) {
            for (int i = 0; i < 2; i++) {
                HttpResponse<String> rows = get(client, service.port(), "/rows");
                assertThat(rows.statusCode()).isEqualTo(200);
                assertThat(rows.body()).startsWith("[{\"id\":1,").contains("\"id\":500,");
            }
            HttpResponse<String> metrics = get(client, service.port(), "/metrics");
            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.headers().firstValue("Content-Type"))
                    .hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));
            assertThat(metrics.body())
                    .contains("sluice_pool_connections_max{pool=\"http\"} 2.0")
                    .contains("sluice_pool_connections_acquire_seconds_count{pool=\"http\"} 2")
                    .containsPattern(
                            "sluice_query_seconds_count\\{[^}]*operation=\"SELECT\"[^}]*outcome=\"ok\"[^}]*system=\"postgresql\"} 2");
            finished = spans.getFinishedSpanItems(); // before close: shutting the exporter down empties it
        }
        List<SpanData> requests =
                finished.stream().filter(s -> s.getKind() == SpanKind.SERVER).toList();
        List<SpanData> queries =
                finished.stream().filter(s -> s.getKind() == SpanKind.CLIENT).toList();
        assertThat(requests).hasSize(2).allSatisfy(r -> {
            assertThat(r.getName()).isEqualTo("GET /rows");
            assertThat(r.getEvents()).extracting(EventData::getName).containsExactly("sluice.pool.acquire");
        });
        assertThat(queries).hasSize(2).allSatisfy(q -> {
            assertThat(q.getName()).isEqualTo("SELECT");
            assertThat(requests).extracting(SpanData::getSpanId).contains(q.getParentSpanId());
        });
    }

    @Test
    void shouldServeMetricsWithoutTracingWhenExporterIsNull() throws Exception {
        try (HttpService service = HttpService.start(URL, 0, 1, null);
                HttpClient client = HttpClient.newHttpClient()) {
            assertThat(get(client, service.port(), "/rows").statusCode()).isEqualTo(200);
            assertThat(get(client, service.port(), "/metrics").body())
                    .contains("sluice_pool_connections_active{pool=\"http\"} 0.0");
        }
    }
}
