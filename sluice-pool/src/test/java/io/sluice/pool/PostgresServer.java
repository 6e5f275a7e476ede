package io.sluice.pool;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Sluice;

/** The set-up's PostgreSQL servers: the shared one on 5432 and the private fault instance on 5433. */
final class PostgresServer {
    static final int SHARED_PORT = 5432;
    static final int FAULT_PORT = 5433;

    private PostgresServer() {}

    /** Trust login as postgres; each test names its connections through application_name. */
    static ConnectionConfig trust(int port, String database, String applicationName) {
        return ConnectionConfig.fromUrl("postgresql://postgres@127.0.0.1:" + port + "/" + database
                + "?sslmode=disable&application_name=" + applicationName);
    }

    static ConnectionConfig scram(String password, String applicationName) {
        return ConnectionConfig.fromUrl("postgresql://sluice_scram:" + password + "@127.0.0.1:" + SHARED_PORT
                + "/test?sslmode=disable&application_name=" + applicationName);
    }

    /** Backends on {@code port} with this application name, counted by the server. */
    static long backends(int port, String applicationName) {
        try (Connection c = Sluice.connect(trust(port, "postgres", "pool_counter"))) {
            return c.query(
                            "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1",
                            r -> r.getLong(0),
                            applicationName)
                    .getFirst();
        }
    }

    /** Terminates one backend that a test itself opened (never anyone else's), and waits until it is gone. */
    static void terminate(int port, long pid) {
        try (Connection c = Sluice.connect(trust(port, "postgres", "pool_killer"))) {
            c.query("SELECT pg_terminate_backend($1)", r -> r.getBoolean(0), (int) pid);
            Eventually.waitUntil(
                    () -> c.query("SELECT count(*) FROM pg_stat_activity WHERE pid = $1", r -> r.getLong(0), (int) pid)
                                    .getFirst()
                            == 0,
                    "backend " + pid + " gone");
        }
    }
}
