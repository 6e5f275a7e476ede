package io.sluice.bench.obs;

import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.QueryListener;
import io.sluice.Row;
import io.sluice.RowHandler;
import io.sluice.Sluice;
import io.sluice.bench.pg.LdbcTable;
import io.sluice.bench.pg.PgEndpoint;
import io.sluice.micrometer.QueryMetrics;
import io.sluice.opentelemetry.QueryTracing;
import java.util.concurrent.ThreadLocalRandom;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * What a {@link QueryListener} costs per query on PostgreSQL: pg-point's point select (a random id, all 16
 * columns read) and pg-fetch's 500-row fetch, with no listener ({@code sluice}: the disabled path), with
 * sluice-micrometer's {@link QueryMetrics} on a Prometheus registry ({@code sluice+micrometer}) and with
 * sluice-opentelemetry's {@link QueryTracing} on the SDK, every span sampled and handed to a batch processor
 * whose exporter drops it ({@code sluice+otel}). One connection, ad-hoc SQL with a parameter (statement cache).
 * The {@code obs-listener} suite runs it (class {@code ListenerSuite}); to run it alone, with the gc profiler for B/op:
 *
 * <pre>
 * java -cp sluice-bench/target/classes:$(cat sluice-bench/target/classpath.txt) org.openjdk.jmh.Main \
 *     ListenerOverheadBenchmark -prof gc -f 1 -wi 3 -w 2s -i 5 -r 2s
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ListenerOverheadBenchmark {
    /** {@code sluice} (no listener), {@code sluice+micrometer} or {@code sluice+otel}. */
    @Param({ListenerSystems.OFF, ListenerSystems.MICROMETER, ListenerSystems.OTEL})
    public String system;

    /** Rows of the fetch, as in pg-fetch's smaller grid point. */
    static final int FETCH_ROWS = 500;

    private Connection connection;
    private SdkTracerProvider tracerProvider;
    private RowHandler reader;

    @Setup(Level.Trial)
    public void open(Blackhole bh) throws Exception {
        LdbcTable.ensure();
        ListenerSystems.Listener l = ListenerSystems.listener(system);
        tracerProvider = l.tracerProvider();
        ConnectionConfig config = ConnectionConfig.fromUrl(
                        PgEndpoint.server("obs_bench").sluiceUrl())
                .toBuilder()
                .queryListener(l.listener())
                .build();
        connection = Sluice.connect(config);
        reader = r -> read(r, bh);
    }

    @TearDown(Level.Trial)
    public void close() {
        connection.close();
        if (tracerProvider != null) {
            tracerProvider.close();
        }
    }

    /** pg-point: one row by a random primary key. */
    @Benchmark
    public void point() {
        connection.forEach(
                LdbcTable.POINT_PARAM, reader, ThreadLocalRandom.current().nextInt(1, LdbcTable.ROWS + 1));
    }

    /** pg-fetch: {@value #FETCH_ROWS} rows. */
    @Benchmark
    public void fetch() {
        connection.forEach(LdbcTable.FETCH_PARAM, reader, FETCH_ROWS);
    }

    /** Reads all 16 columns of an ldbc row, as pg-point and pg-fetch do. */
    private static void read(Row r, Blackhole b) {
        b.consume(r.getLong(0));
        b.consume(r.getShort(1));
        b.consume(r.getInt(2));
        b.consume(r.getFloat(3));
        b.consume(r.getDouble(4));
        b.consume(r.getBigDecimal(5));
        b.consume(r.getString(6));
        b.consume(r.getString(7));
        b.consume(r.getLocalDate(8));
        b.consume(r.getLocalTime(9));
        b.consume(r.getLocalDateTime(10));
        b.consume(r.getOffsetDateTime(11));
        b.consume(r.getBoolean(12));
        b.consume(r.getInt(13));
        b.consume(r.getLong(14));
        b.consume(r.getString(15));
    }
}
