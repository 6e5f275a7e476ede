package io.sluice.bench.obs;

import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.sluice.QueryListener;
import io.sluice.ServerAddress;
import io.sluice.bench.pg.LdbcTable;
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
 * {@link QueryTrace#start}, {@link QueryTrace#finish}) for pg-point's SQL. {@code sluice} is the disabled path
 * (the guard only: what every query pays when no listener is set, expected 0 B). Listeners as in
 * {@link ListenerOverheadBenchmark}; the {@code obs-listener} suite runs both.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ListenerCostBenchmark {
    private static final ServerAddress SERVER = new ServerAddress("127.0.0.1", 5432);

    /** {@code sluice} (no listener), {@code sluice+micrometer} or {@code sluice+otel}. */
    @Param({ListenerSystems.OFF, ListenerSystems.MICROMETER, ListenerSystems.OTEL})
    public String system;

    private QueryListener queryListener;
    private SdkTracerProvider tracerProvider;

    @Setup(Level.Trial)
    public void open() {
        ListenerSystems.Listener l = ListenerSystems.listener(system);
        queryListener = l.listener();
        tracerProvider = l.tracerProvider();
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
