package io.sluice.bench.pool;

import com.zaxxer.hikari.HikariDataSource;
import io.sluice.Sluice;
import io.sluice.pool.ConnectionPool;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;

/**
 * One way of getting a connection for the seed workload: {@code pgjdbc} (DriverManager, unpooled),
 * {@code sluice} (Sluice.connect, unpooled), {@code pgjdbc+hikaricp} (also named {@code hikaricp}) and
 * {@code sluice-pool}.
 * Each iteration either connects, runs {@code SELECT 1} (reading its one value) and closes, or
 * connects and closes.
 */
interface ConnectSystem extends AutoCloseable {

    /** One iteration; {@code query} adds the SELECT 1. */
    void cycle(boolean query) throws Exception;

    @Override
    default void close() {}

    static ConnectSystem open(String system, int poolSize) {
        return switch (system) {
            case "pgjdbc" -> new Pgjdbc();
            case "sluice" ->
                query -> {
                    try (io.sluice.Connection c = Sluice.connect(PoolEndpoint.sluiceConfig())) {
                        if (query) {
                            c.query("SELECT 1", r -> r.getInt(0));
                        }
                    }
                };
            case "pgjdbc+hikaricp", "hikaricp" -> new Hikari(PoolEndpoint.hikari(poolSize));
            case "sluice-pool" -> new SluicePool(PoolEndpoint.sluicePool(poolSize));
            default -> throw new IllegalArgumentException("unknown system: system=" + system);
        };
    }

    final class Pgjdbc implements ConnectSystem {
        private final Properties props = new Properties();

        Pgjdbc() {
            props.setProperty("user", PoolEndpoint.USER);
            props.setProperty("password", PoolEndpoint.PASSWORD);
        }

        @Override
        public void cycle(boolean query) throws Exception {
            try (Connection c = DriverManager.getConnection(PoolEndpoint.jdbcUrl(), props)) {
                if (query) {
                    select1(c);
                }
            }
        }
    }

    record Hikari(HikariDataSource ds) implements ConnectSystem {
        @Override
        public void cycle(boolean query) throws Exception {
            try (Connection c = ds.getConnection()) {
                if (query) {
                    select1(c);
                }
            }
        }

        @Override
        public void close() {
            ds.close();
        }
    }

    record SluicePool(ConnectionPool pool) implements ConnectSystem {
        @Override
        public void cycle(boolean query) {
            try (io.sluice.Connection c = pool.connection()) {
                if (query) {
                    c.query("SELECT 1", r -> r.getInt(0));
                }
            }
        }

        @Override
        public void close() {
            pool.close();
        }
    }

    private static void select1(Connection c) throws Exception {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT 1")) {
            rs.next();
            rs.getInt(1);
        }
    }
}
