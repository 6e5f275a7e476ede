package io.sluice.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.sluice.Connection;
import io.sluice.PoolExhaustedException;
import io.sluice.pool.ConnectionPool;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link PoolTracing} and {@link QueryTracing} together on a pool of real PostgreSQL connections. */
class PoolTracingTest {
    @RegisterExtension
    static final OpenTelemetryExtension OTEL = OpenTelemetryExtension.create();

    @Test
    void shouldAddAcquireAndTimeoutEventsToCallersSpan() {
        Span request =
                OTEL.getOpenTelemetry().getTracer("test").spanBuilder("request").startSpan();
        try (ConnectionPool pool = ConnectionPool.builder(Servers.postgres().toBuilder()
                                .queryListener(QueryTracing.create(OTEL.getOpenTelemetry()))
                                .build())
                        .name("obs_traced_pool")
                        .maxSize(1)
                        .metricsTracker(new PoolTracing())
                        .build();
                Scope ignored = request.makeCurrent()) {
            try (Connection c = pool.connection()) {
                c.execute("SELECT 1");
                assertThatThrownBy(() -> pool.connection(Duration.ofMillis(20)))
                        .isInstanceOf(PoolExhaustedException.class);
            }
        } finally {
            request.end();
        }
        SpanData requestSpan = OTEL.getSpans().stream()
                .filter(s -> s.getName().equals("request"))
                .findFirst()
                .orElseThrow();
        assertThat(requestSpan.getEvents())
                .extracting(EventData::getName)
                .containsExactly("sluice.pool.acquire", "sluice.pool.timeout");
        EventData acquire = requestSpan.getEvents().getFirst();
        assertThat(acquire.getAttributes().get(AttributeKey.stringKey("sluice.pool.name")))
                .isEqualTo("obs_traced_pool");
        assertThat(acquire.getAttributes().get(AttributeKey.doubleKey("sluice.pool.acquire.duration")))
                .isPositive();
        assertThat(requestSpan
                        .getEvents()
                        .get(1)
                        .getAttributes()
                        .get(AttributeKey.doubleKey("sluice.pool.acquire.duration")))
                .isGreaterThanOrEqualTo(0.02);
        SpanData query = OTEL.getSpans().stream()
                .filter(s -> s.getKind() == SpanKind.CLIENT)
                .findFirst()
                .orElseThrow();
        assertThat(query.getParentSpanId()).isEqualTo(requestSpan.getSpanId());
    }

    @Test
    void shouldRecordNothingWhenNoSpanIsCurrent() {
        try (ConnectionPool pool = ConnectionPool.builder(Servers.postgres())
                .maxSize(1)
                .metricsTracker(new PoolTracing())
                .build()) {
            pool.useConnection(c -> c.execute("SELECT 1"));
        }
        assertThat(OTEL.getSpans()).isEmpty();
    }
}
