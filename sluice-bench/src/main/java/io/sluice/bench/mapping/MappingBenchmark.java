package io.sluice.bench.mapping;

import io.sluice.Connection;
import io.sluice.Sluice;
import java.util.List;
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
 * One operation: the ldbc fetch of {@code rows} rows through the native API ({@code ?} placeholder,
 * statement cache), every row mapped to a record of its 16 columns, either by a hand-written lambda
 * ({@code hand-lambda}) or by {@code Connection.query(sql, Class, ...)} ({@code sluice-record}).
 * Rows per second are ops/s times {@code rows}. One connection per benchmark thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class MappingBenchmark {
    /** {@code postgres} or {@code mariadb}. */
    @Param("postgres")
    public String server;
    /** {@code hand-lambda} or {@code sluice-record}. */
    @Param(MappingSuite.LAMBDA)
    public String system;

    @Param("500")
    public int rows;

    private Connection connection;
    private boolean postgres;
    private boolean record;

    @Setup(Level.Trial)
    public void open() {
        postgres = server.equals("postgres");
        record = system.equals(MappingSuite.RECORD);
        connection = Sluice.connect(
                postgres
                        ? "postgresql://postgres@127.0.0.1:5432/test?sslmode=disable&application_name=sluice-bench-mapping"
                        : "mariadb://root@127.0.0.1:3306/test?sslmode=disable");
    }

    @TearDown(Level.Trial)
    public void close() {
        connection.close();
    }

    @Benchmark
    public List<?> fetch() {
        if (postgres) {
            return record
                    ? connection.query(MappedRows.PG_SQL, MappedRows.PgLdbc.class, rows)
                    : connection.query(MappedRows.PG_SQL, MappedRows.PG_LAMBDA, rows);
        }
        return record
                ? connection.query(MappedRows.MY_SQL, MappedRows.MyLdbc.class, rows)
                : connection.query(MappedRows.MY_SQL, MappedRows.MY_LAMBDA, rows);
    }
}
