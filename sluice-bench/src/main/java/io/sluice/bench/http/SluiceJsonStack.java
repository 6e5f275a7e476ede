package io.sluice.bench.http;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.SslMode;
import io.sluice.json.JsonOptions;
import io.sluice.json.JsonResults;
import io.sluice.pool.ConnectionPool;
import java.io.OutputStream;

/** Sluice's stack: sluice-pool over the native driver, rows streamed to JSON by sluice-json. */
final class SluiceJsonStack implements JsonServer.Stack {
    /** Names this stack's backends in pg_stat_activity, so that the suite can read their CPU time. */
    static final String APPLICATION_NAME = "http-json-sluice";

    private final ConnectionPool pool;

    SluiceJsonStack(String host, int port, String database, String user, int poolSize) {
        ConnectionConfig config = ConnectionConfig.builder("postgresql")
                .host(host)
                .port(port)
                .database(database)
                .user(user)
                .sslMode(SslMode.DISABLE) // loopback without TLS for both stacks
                .applicationName(APPLICATION_NAME)
                .build();
        pool = ConnectionPool.builder(() -> config)
                .maxSize(poolSize)
                .minIdle(poolSize)
                .build();
    }

    @Override
    public void write(String path, int parameter, OutputStream out) {
        try (Connection c = pool.connection()) {
            JsonResults.write(c, HttpWorkload.sqlFor(path), out, JsonOptions.DEFAULT, parameter);
        }
    }

    @Override
    public void close() {
        pool.close();
    }
}
