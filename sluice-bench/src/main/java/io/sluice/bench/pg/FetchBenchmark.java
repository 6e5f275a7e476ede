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
 * The ldbc fetch: one operation selects {@code rows} rows of {@code bench_ldbc} and reads all 16
 * columns. One connection per benchmark thread. Run through {@link PgFetchSuite} and {@link PgReplaySuite}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class FetchBenchmark {
    /** {@code sluice}, {@code pgjdbc} or {@code vertx-pg}. */
    @Param("pgjdbc")
    public String system;
    /** {@code statement} or {@code prepared}. */
    @Param("prepared")
    public String variant;

    @Param("500")
    public int rows;

    private PgClient client;

    @Setup(Level.Trial)
    public void open() throws Exception {
        client = PgClients.open(system, Workload.fetch(variant, rows));
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
        client.close();
    }

    @Benchmark
    public void fetch(Blackhole bh) throws Exception {
        client.run(bh);
    }
}
