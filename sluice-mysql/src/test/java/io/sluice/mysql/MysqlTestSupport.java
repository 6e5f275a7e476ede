package io.sluice.mysql;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.SslMode;
import io.sluice.mysql.internal.MysqlConnection;
import java.nio.file.Path;

/** Connection settings for the MariaDB that bin/setup-services starts (CONTRIBUTING.md: test set-up). */
final class MysqlTestSupport {
    private MysqlTestSupport() {}

    static final String HOST = "127.0.0.1";
    static final int PORT = 3306;

    static Path stateDir() {
        return Path.of(System.getProperty("sluice.state.dir", "../.sluice"));
    }

    static Path caCert() {
        return stateDir().resolve("tls/ca.crt");
    }

    /** root with an empty password on database test, no TLS. */
    static ConnectionConfig.Builder root() {
        return ConnectionConfig.builder("mariadb")
                .host(HOST)
                .port(PORT)
                .user("root")
                .database("test")
                .sslMode(SslMode.DISABLE);
    }

    static ConnectionConfig.Builder nativeUser() {
        return root().user("sluice_native").password("sluice-native-pw");
    }

    static MysqlConnection connect() {
        return MysqlConnection.open(root().build());
    }

    static Connection connect(ConnectionConfig.Builder b) {
        return new MysqlDriver().connect(b.build());
    }
}
