package io.sluice.postgres.internal;

import io.sluice.ConnectionConfig;
import io.sluice.postgres.PgDriver;
import io.sluice.postgres.PgTestConfig;

/** Opens connections as the driver's implementation type, for tests that look inside a session. */
final class PgConnections {
    private PgConnections() {}

    static PgConnection open() {
        return (PgConnection) PgTestConfig.connect();
    }

    static PgConnection open(ConnectionConfig config) {
        return (PgConnection) new PgDriver().connect(config);
    }
}
