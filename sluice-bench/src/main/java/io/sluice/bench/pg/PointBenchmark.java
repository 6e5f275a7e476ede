package io.sluice.bench.pg;

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
 * Point select by primary key (a random id per operation), all 16 columns read. One connection per
 * benchmark thread. Run through {@link PgPointSuite}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class PointBenchmark {
    /** {@code sluice}, {@code pgjdbc} or {@code vertx-pg}. */
    @Param("pgjdbc")
    public String system;
    /** {@code statement} or {@code prepared}. */
    @Param("prepared")
    public String variant;

    private PgClient client;

    @Setup(Level.Trial)
    public void open() throws Exception {
        client = PgClients.open(system, Workload.point(variant));
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
        client.close();
    }

    @Benchmark
    public void point(Blackhole bh) throws Exception {
        client.run(bh);
    }
}
