package io.sluice.bench.jdbc;

import io.sluice.bench.LdbcRows;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
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
 * {@code jdbc-point}: one operation selects one row of the seed table by primary key with a
 * {@code PreparedStatement} and reads its 16 columns; the ids cycle through the table. One
 * connection per benchmark thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class JdbcPointBenchmark {
    /** {@code postgresql} or {@code mariadb}. */
    @Param("postgresql")
    public String server;
    /** {@code sluice-jdbc}, {@code pgjdbc}, {@code mariadb-connector-j} or {@code mysql-connector-j}. */
    @Param("sluice-jdbc")
    public String system;
    /** Always {@code prepared}: the case name of the cells. */
    @Param("prepared")
    public String variant;

    private Connection connection;
    private PreparedStatement point;
    private boolean postgres;
    private int tableRows;
    private int next;

    @Setup(Level.Trial)
    public void open() throws Exception {
        connection = DriverManager.getConnection(JdbcWorkload.url(server, system));
        point = connection.prepareStatement(JdbcWorkload.point(server));
        postgres = server.equals(JdbcWorkload.POSTGRESQL);
        tableRows = JdbcWorkload.tableRows(server);
        next = (int) (Thread.currentThread().threadId() % tableRows);
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
        connection.close();
    }

    @Benchmark
    public int select(Blackhole bh) throws Exception {
        next = next % tableRows + 1;
        point.setLong(1, next);
        try (ResultSet rs = point.executeQuery()) {
            return LdbcRows.read(rs, postgres, bh);
        }
    }
}
