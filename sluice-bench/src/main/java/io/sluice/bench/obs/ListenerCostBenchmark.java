package io.sluice.bench.obs;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.sluice.QueryListener;
import io.sluice.ServerAddress;
import io.sluice.bench.pg.LdbcTable;
import io.sluice.micrometer.QueryMetrics;
import io.sluice.opentelemetry.QueryTracing;
import io.sluice.spi.QueryTrace;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The listener's own cost per query without a server, which {@link ListenerOverheadBenchmark} cannot separate
 * from round-trip noise: a driver's whole observation of one query ({@link QueryTrace#active},
 * {@link QueryTrace#start}, {@link QueryTrace#finish}) for pg-point's SQL. {@code none} is the disabled path
 * (the guard only). Listeners as in {@link ListenerOverheadBenchmark}, and run the same way (its class comment
 * gives the command, with this class's name).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ListenerCostBenchmark {
    private static final ServerAddress SERVER = new ServerAddress("127.0.0.1", 5432);

    /** {@code none}, {@code micrometer} or {@code otel}. */
    @Param({"none", "micrometer", "otel"})
    public String listener;

    private QueryListener queryListener;
    private SdkTracerProvider tracerProvider;

    @Setup(Level.Trial)
    public void open() {
        queryListener = switch (listener) {
            case "none" -> QueryListener.NONE;
            case "micrometer" -> new QueryMetrics(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
            case "otel" -> {
                tracerProvider = SdkTracerProvider.builder()
                        .addSpanProcessor(BatchSpanProcessor.builder(new DroppingExporter())
                                .build())
                        .build();
                yield QueryTracing.create(OpenTelemetrySdk.builder()
                        .setTracerProvider(tracerProvider)
                        .build());
            }
            default -> throw new IllegalArgumentException("listener=" + listener);
        };
    }

    @TearDown(Level.Trial)
    public void close() {
        if (tracerProvider != null) {
            tracerProvider.close();
        }
    }

    /** What a driver does around one query: the guard, and when it passes, the trace. */
    @Benchmark
    public boolean observe() {
        if (QueryTrace.active(queryListener)) {
            QueryTrace trace =
                    QueryTrace.start(queryListener, "postgresql", "postgresql", SERVER, "test", LdbcTable.POINT_PARAM);
            trace.finish(1, 0, null);
            return true;
        }
        return false;
    }
}
