package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ServerAddress;
import io.sluice.SluiceException;
import io.sluice.SslMode;
import io.sluice.testing.LogCapture;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the driver logs through System.Logger: life-cycle, TLS, authentication, cache evictions, failover; never secrets. */
class MysqlLoggingTest {
    private static final String SECRET_VALUE = "obs_secret_parameter_value";

    @Test
    void shouldLogOpenEvictionAndCloseWithoutPasswordOrParameterValues() {
        List<String> lines;
        try (LogCapture log = LogCapture.of("io.sluice.mysql")) {
            try (Connection c =
                    MysqlTestSupport.connect(MysqlTestSupport.nativeUser().statementCacheSize(1))) {
                c.query("SELECT ?", r -> r.getString(0), SECRET_VALUE);
                c.query("SELECT CONCAT(?, 'x')", r -> r.getString(0), SECRET_VALUE); // evicts the first
            }
            lines = log.lines();
        }
        assertThat(lines).anySatisfy(l -> assertThat(l)
                .startsWith("FINE connection opened: host=127.0.0.1, port=3306, connection_id=")
                .contains("database=test", "user=sluice_native", "tls=off", "auth_plugin=mysql_native_password,"));
        assertThat(lines)
                .anySatisfy(l -> assertThat(l).startsWith("FINE statement evicted from the cache: statement_id="));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("FINE connection closed: host=127.0.0.1"));
        assertThat(lines).noneSatisfy(l -> assertThat(l).containsAnyOf("sluice-native-pw", SECRET_VALUE, "SELECT"));
    }

    @Test
    void shouldLogPluginTheServerSwitchedToWhenItDiffersFromTheHandshakes() {
        try (Connection root = MysqlTestSupport.connect(MysqlTestSupport.root())) {
            org.junit.jupiter.api.Assumptions.assumeTrue(
                    root.queryFirst(
                                    "SELECT 1 FROM mysql.user WHERE user = 'sluice_ed25519' AND plugin = 'ed25519'",
                                    r -> 1)
                            .isPresent(),
                    "bin/setup.d/20-mariadb.sh could not load the ed25519 plugin");
        }
        List<String> lines = openedLines(MysqlTestSupport.root()
                .user("sluice_ed25519")
                .password("sluice-ed25519-pw")
                .build());
        assertThat(lines).singleElement().satisfies(l -> assertThat(l)
                .contains("user=sluice_ed25519", "auth_plugin=client_ed25519,")
                .doesNotContain("sluice-ed25519-pw"));
    }

    @Test
    void shouldLogNegotiatedTlsWhenTlsIsOn() {
        List<String> lines = openedLines(MysqlTestSupport.root()
                .user("sluice_mytls")
                .password("sluice-mytls-pw")
                .sslMode(SslMode.VERIFY_FULL)
                .sslRootCert(MysqlTestSupport.caCert())
                .build());
        assertThat(lines).singleElement().satisfies(l -> assertThat(l)
                .containsPattern("tls=TLSv1\\.[23] TLS_\\w+, auth_plugin=")
                .doesNotContain("sluice-mytls-pw"));
    }

    @Test
    void shouldLogEachSkippedServerAndTheChosenOneWhenFailingOver() {
        List<String> lines;
        try (LogCapture log = LogCapture.of("io.sluice.failover");
                Connection c = MysqlTestSupport.connect(MysqlTestSupport.root()
                        .addresses(List.of(
                                new ServerAddress(MysqlTestSupport.HOST, 1),
                                new ServerAddress(MysqlTestSupport.HOST, MysqlTestSupport.PORT))))) {
            assertThat(c.query("SELECT 1", r -> r.getInt(0))).containsExactly(1);
            lines = log.lines();
        }
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).startsWith("FINE server skipped: server=127.0.0.1:1, reason=connect failed");
        assertThat(lines.get(1)).isEqualTo("FINE server chosen: server=127.0.0.1:3306");
    }

    /** The "connection opened" lines logged while a connection to {@code config} opens and closes. */
    private static List<String> openedLines(ConnectionConfig config) {
        try (LogCapture log = LogCapture.of("io.sluice.mysql")) {
            try (Connection c = new MysqlDriver().connect(config)) {
                c.query("SELECT 1", r -> r.getInt(0));
            }
            return log.lines().stream()
                    .filter(l -> l.startsWith("FINE connection opened: "))
                    .toList();
        }
    }

    @Test
    void shouldLogBrokenConnectionAtInfo() {
        List<String> lines;
        try (LogCapture log = LogCapture.of("io.sluice.mysql");
                Connection victim = MysqlTestSupport.connect(MysqlTestSupport.root());
                Connection killer = MysqlTestSupport.connect(MysqlTestSupport.root())) {
            long id = victim.serverInfo().sessionId();
            killer.execute("KILL " + id);
            assertThatThrownBy(() -> {
                        for (int i = 0; i < 50; i++) { // until the kill has reached this connection
                            victim.query("SELECT 1", r -> 1);
                            Thread.sleep(20);
                        }
                    })
                    .isInstanceOf(SluiceException.class);
            lines = log.lines();
        }
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("INFO connection broken: host=127.0.0.1"));
    }
}
