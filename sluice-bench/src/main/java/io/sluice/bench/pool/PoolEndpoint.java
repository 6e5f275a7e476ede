package io.sluice.bench.pool;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.sluice.ConnectionConfig;
import io.sluice.Sluice;
import io.sluice.pool.ConnectionPool;
import io.sluice.pool.PoolListener;
import java.time.Duration;

/**
 * Where and how the pool benchmarks connect: the set-up's PostgreSQL on 127.0.0.1:5432, database
 * {@code test}, as the SCRAM-SHA-256 role {@code sluice_scram}, so that a new connection costs what
 * a production login costs (the issue's ~15 ms). TLS is off for every system. Both pools are
 * configured alike: fixed size (minIdle = maxSize), 30 s connection timeout, defaults otherwise.
 */
final class PoolEndpoint {
    static final String HOST = "127.0.0.1";
    static final int PORT = Integer.getInteger("sluice.bench.pg.port", 5432);
    static final String DATABASE = "test";
    static final String USER = "sluice_scram";
    static final String PASSWORD = "sluice-scram-pw";
    static final String APPLICATION = "sluice-bench-pool";

    private PoolEndpoint() {}

    static String jdbcUrl() {
        return "jdbc:postgresql://" + HOST + ":" + PORT + "/" + DATABASE + "?sslmode=disable&ApplicationName="
                + APPLICATION;
    }

    static ConnectionConfig sluiceConfig() {
        return ConnectionConfig.fromUrl("postgresql://" + USER + ":" + PASSWORD + "@" + HOST + ":" + PORT + "/"
                + DATABASE + "?sslmode=disable&application_name=" + APPLICATION);
    }

    /** True when a Sluice driver for {@code postgresql} is on the class path (it is being written). */
    static boolean sluiceAvailable() {
        try {
            Sluice.driverFor("postgresql");
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    static HikariDataSource hikari(int size) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl());
        config.setUsername(USER);
        config.setPassword(PASSWORD);
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(size);
        config.setConnectionTimeout(30_000);
        config.setPoolName("bench-hikari");
        HikariDataSource ds = new HikariDataSource(config);
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (ds.getHikariPoolMXBean().getTotalConnections() < size && System.nanoTime() < deadline) {
            Thread.onSpinWait();
            sleep();
        }
        return ds;
    }

    static ConnectionPool sluicePool(int size) {
        ConnectionPool pool = ConnectionPool.builder(PoolEndpoint::sluiceConfig)
                .name("bench-sluice")
                .maxSize(size)
                .minIdle(size)
                .connectionTimeout(Duration.ofSeconds(30))
                .listener(PoolListener.NONE)
                .build();
        pool.awaitMinIdle(Duration.ofSeconds(60));
        return pool;
    }

    private static void sleep() {
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while filling the pool", e);
        }
    }
}
