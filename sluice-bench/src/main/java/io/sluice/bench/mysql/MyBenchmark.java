package io.sluice.bench.mysql;

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
 * Every MySQL workload: one operation of {@code kind} ({@code fetch}, {@code point}, {@code insert}, {@code batch},
 * {@code read}) with {@code variant} and {@code rows}, one connection per benchmark thread. Run through
 * the {@code mysql-*} suites.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class MyBenchmark {
    /** {@code sluice}, {@code mariadb-connector-j} or {@code mysql-connector-j}. */
    @Param("sluice")
    public String system;

    @Param("fetch")
    public String kind;
    /** {@code statement} or {@code prepared}. */
    @Param("prepared")
    public String variant;

    @Param("500")
    public int rows;

    private MyClient client;

    @Setup(Level.Trial)
    public void open() throws Exception {
        client = MyClient.open(system, new MyWorkload(kind, variant, rows));
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
        client.close();
    }

    @Benchmark
    public void run(Blackhole bh) throws Exception {
        client.run(bh);
    }
}
