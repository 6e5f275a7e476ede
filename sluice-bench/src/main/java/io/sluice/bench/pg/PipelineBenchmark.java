package io.sluice.bench.pg;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.sluice.Connection;
import io.sluice.PreparedStatement;
import io.sluice.Sluice;
import java.sql.ResultSet;
import java.sql.SQLException;
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
import org.openjdk.jmh.infra.ThreadParams;

/**
 * Pipelining: many (virtual) benchmark threads issue point selects over {@code connections} shared
 * connections. {@code sluice}: thread i uses shared Sluice connection i mod connections, whose
 * requests go out back to back. {@code pgjdbc+hikaricp}: each operation borrows a pgjdbc connection
 * from a HikariCP pool of {@code connections}, so at most that many queries are in flight.
 * Run through {@link PgPipelineSuite} (64 virtual threads, 2 connections).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class PipelineBenchmark {
    static final String SLUICE = "sluice";
    static final String PGJDBC_HIKARICP = "pgjdbc+hikaricp";

    @Param(SLUICE)
    public String system;
    @Param("2")
    public int connections;

    private Connection[] shared;
    private PreparedStatement[] statements;
    private HikariDataSource pool;

    /** Which shared connection a benchmark thread uses. */
    @State(Scope.Thread)
    public static class Slot {
        int index;

        @Setup(Level.Trial)
        public void pick(ThreadParams thread) {
            index = thread.getThreadIndex();
        }
    }

    @Setup(Level.Trial)
    public void open() {
        PgEndpoint endpoint = PgEndpoint.fromProperties("sluice-bench-pipeline-" + system.replace('+', '-'));
        if (system.equals(SLUICE)) {
            shared = new Connection[connections];
            statements = new PreparedStatement[connections];
            for (int i = 0; i < connections; i++) {
                shared[i] = Sluice.connect(endpoint.sluiceUrl());
                statements[i] = shared[i].prepare(LdbcTable.POINT_PARAM);
            }
        } else if (system.equals(PGJDBC_HIKARICP)) {
            HikariConfig config = new HikariConfig();
            config.setJdbcUrl(endpoint.jdbcUrl());
            config.setMaximumPoolSize(connections);
            config.setMinimumIdle(connections);
            config.setConnectionTimeout(30_000);
            config.setPoolName("sluice-bench-pipeline");
            pool = new HikariDataSource(config);
        } else {
            throw new IllegalArgumentException("unknown system: system=" + system);
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        if (shared != null) {
            for (int i = 0; i < shared.length; i++) {
                statements[i].close();
                shared[i].close();
            }
        }
        if (pool != null) {
            pool.close();
        }
    }

    @Benchmark
    public void point(Slot slot, Blackhole bh) throws SQLException {
        int id = ThreadLocalRandom.current().nextInt(1, LdbcTable.ROWS + 1);
        if (statements != null) {
            statements[slot.index % statements.length].forEach(r -> SluiceClient.read(r, bh), id);
        } else {
            try (java.sql.Connection c = pool.getConnection();
                 java.sql.PreparedStatement ps = c.prepareStatement(LdbcTable.jdbc(LdbcTable.POINT_PARAM))) {
                ps.setInt(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    PgjdbcClient.read(rs, bh);
                }
            }
        }
    }
}
