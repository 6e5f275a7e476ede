package io.sluice.postgres;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.SslMode;
import java.nio.file.Path;

/** Connection settings for the real-server tests (the roles bin/setup-services creates). */
public final class PgTestConfig {
    private PgTestConfig() {}

    public static ConnectionConfig.Builder trust() {
        return ConnectionConfig.builder("postgresql")
                .host("127.0.0.1")
                .port(5432)
                .database("test")
                .user("postgres")
                .sslMode(SslMode.DISABLE)
                .applicationName("sluice-pgp-test");
    }

    public static ConnectionConfig.Builder role(String user, String password) {
        return trust().user(user).password(password);
    }

    public static Path caCert() {
        return tlsFile("ca.crt");
    }

    /** A file of the TLS material bin/setup.d/00-tls.sh generates (CA, server and client certificates). */
    public static Path tlsFile(String name) {
        return Path.of(System.getProperty("sluice.state.dir", "../.sluice"), "tls", name);
    }

    public static Connection connect() {
        return new PgDriver().connect(trust().build());
    }
}
