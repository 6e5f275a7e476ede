package io.sluice.bench.jdbc;

import io.sluice.bench.LdbcRows;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
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
 * {@code jdbc-fetch}: one operation selects {@code rows} rows of the seed table and reads all 16
 * columns through JDBC, with a {@code Statement} (the count in the SQL text) or a
 * {@code PreparedStatement} (the count bound). One connection per benchmark thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class JdbcFetchBenchmark {
    /** {@code postgresql} or {@code mariadb}. */
    @Param("postgresql")
    public String server;
    /** {@code sluice-jdbc}, {@code pgjdbc}, {@code mariadb-connector-j} or {@code mysql-connector-j}. */
    @Param("sluice-jdbc")
    public String system;
    /** {@code statement} or {@code prepared}. */
    @Param("prepared")
    public String variant;

    @Param("500")
    public int rows;

    private Connection connection;
    private PreparedStatement prepared;
    private Statement statement;
    private String literal;
    private boolean postgres;

    @Setup(Level.Trial)
    public void open() throws Exception {
        connection = DriverManager.getConnection(JdbcWorkload.url(server, system));
        prepared = connection.prepareStatement(JdbcWorkload.fetchPrepared(server));
        statement = connection.createStatement();
        literal = JdbcWorkload.fetchLiteral(server, rows);
        postgres = server.equals(JdbcWorkload.POSTGRESQL);
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
        connection.close();
    }

    @Benchmark
    public int fetch(Blackhole bh) throws Exception {
        if (variant.equals("prepared")) {
            prepared.setInt(1, rows);
            try (ResultSet rs = prepared.executeQuery()) {
                return LdbcRows.read(rs, postgres, bh);
            }
        }
        try (ResultSet rs = statement.executeQuery(literal)) {
            return LdbcRows.read(rs, postgres, bh);
        }
    }
}
