package io.sluice.bench.obs;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.sluice.QueryListener;
import io.sluice.micrometer.QueryMetrics;
import io.sluice.opentelemetry.QueryTracing;
import java.util.List;

/** The systems of the {@code obs-listener} suite: Sluice with no listener, with Micrometer's, with OpenTelemetry's. */
final class ListenerSystems {
    /** No listener ({@link QueryListener#NONE}): the disabled path, and the suite's baseline. */
    static final String OFF = "sluice";
    /** sluice-micrometer's {@link QueryMetrics} on a Prometheus registry. */
    static final String MICROMETER = "sluice+micrometer";
    /** sluice-opentelemetry's {@link QueryTracing}, every span sampled, batched and dropped. */
    static final String OTEL = "sluice+otel";

    static final List<String> ALL = List.of(OFF, MICROMETER, OTEL);
    static final List<String> ON = List.of(MICROMETER, OTEL);

    private ListenerSystems() {}

    /** A system's listener, and the tracer provider to close after the trial (null unless {@link #OTEL}). */
    record Listener(QueryListener listener, SdkTracerProvider tracerProvider) {}

    static Listener listener(String system) {
        return switch (system) {
            case OFF -> new Listener(QueryListener.NONE, null);
            case MICROMETER ->
                new Listener(new QueryMetrics(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT)), null);
            case OTEL -> {
                SdkTracerProvider provider = SdkTracerProvider.builder()
                        .addSpanProcessor(BatchSpanProcessor.builder(new DroppingExporter())
                                .build())
                        .build();
                yield new Listener(
                        QueryTracing.create(OpenTelemetrySdk.builder()
                                .setTracerProvider(provider)
                                .build()),
                        provider);
            }
            default -> throw new IllegalArgumentException("unknown listener system: system=" + system);
        };
    }
}
