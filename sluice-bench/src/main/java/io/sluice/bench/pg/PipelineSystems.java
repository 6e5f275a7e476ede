package io.sluice.bench.pg;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.sluice.Connection;
import io.sluice.PreparedStatement;
import io.sluice.Sluice;
import java.sql.ResultSet;
import java.util.concurrent.ThreadLocalRandom;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The two sides of the pipelining case, each an {@link PipelineLoad.Operation} that selects one row
 * by a random primary key and reads every column.
 */
final class PipelineSystems {
    static final String SLUICE = "sluice";
    static final String PGJDBC_HIKARICP = "pgjdbc+hikaricp";
    static final String BLACKHOLE_CONSENT =
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.";

    private PipelineSystems() {}

    /** An operation over shared resources that must be closed after the measurement. */
    interface Target extends PipelineLoad.Operation, AutoCloseable {
        @Override
        void close();
    }

    static Target open(String system, int connections, int threads) {
        PgEndpoint endpoint = PgEndpoint.server("sluice-bench-pipeline-" + system.replace('+', '-'));
        Blackhole[] holes = new Blackhole[threads];
        for (int i = 0; i < threads; i++) {
            holes[i] = new Blackhole(BLACKHOLE_CONSENT);
        }
        return switch (system) {
            case SLUICE -> sluice(endpoint, connections, holes);
            case PGJDBC_HIKARICP -> hikari(endpoint, connections, holes);
            default -> throw new IllegalArgumentException("unknown system: system=" + system);
        };
    }

    /** Thread i uses shared connection i mod connections; concurrent requests on it are pipelined. */
    private static Target sluice(PgEndpoint endpoint, int connections, Blackhole[] holes) {
        Connection[] shared = new Connection[connections];
        PreparedStatement[] statements = new PreparedStatement[connections];
        for (int i = 0; i < connections; i++) {
            shared[i] = Sluice.connect(endpoint.sluiceUrl());
            statements[i] = shared[i].prepare(LdbcTable.POINT_PARAM);
        }
        return new Target() {
            @Override
            public void run(int thread) {
                Blackhole bh = holes[thread];
                int id = ThreadLocalRandom.current().nextInt(1, LdbcTable.ROWS + 1);
                statements[thread % connections].forEach(r -> SluiceClient.read(r, bh), id);
            }

            @Override
            public void close() {
                for (int i = 0; i < connections; i++) {
                    statements[i].close();
                    shared[i].close();
                }
            }
        };
    }

    /** Each operation borrows one of HikariCP's connections, so at most {@code connections} queries are in flight. */
    private static Target hikari(PgEndpoint endpoint, int connections, Blackhole[] holes) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(endpoint.jdbcUrl());
        config.setMaximumPoolSize(connections);
        config.setMinimumIdle(connections);
        config.setConnectionTimeout(30_000);
        config.setPoolName("sluice-bench-pipeline");
        HikariDataSource pool = new HikariDataSource(config);
        String sql = LdbcTable.jdbc(LdbcTable.POINT_PARAM);
        return new Target() {
            @Override
            public void run(int thread) throws Exception {
                int id = ThreadLocalRandom.current().nextInt(1, LdbcTable.ROWS + 1);
                try (java.sql.Connection c = pool.getConnection();
                        java.sql.PreparedStatement ps = c.prepareStatement(sql)) {
                    ps.setInt(1, id);
                    try (ResultSet rs = ps.executeQuery()) {
                        PgjdbcClient.read(rs, holes[thread]);
                    }
                }
            }

            @Override
            public void close() {
                pool.close();
            }
        };
    }
}
