package io.sluice.postgres.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ServerAddress;
import io.sluice.Sluice;
import io.sluice.SluiceException;
import io.sluice.SslMode;
import io.sluice.postgres.PgTestConfig;
import io.sluice.testing.LogCapture;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the driver logs through System.Logger: life-cycle, TLS, authentication, cache evictions, failover; never secrets. */
class PgLoggingTest {
    private static final String SECRET_VALUE = "obs_secret_parameter_value";

    @Test
    void shouldLogOpenEvictionAndCloseWithoutPasswordOrParameterValues() {
        List<String> lines;
        try (LogCapture log = LogCapture.of("io.sluice.postgres")) {
            try (Connection c = Sluice.connect(PgTestConfig.role("sluice_scram", "sluice-scram-pw")
                    .statementCacheSize(1)
                    .applicationName("obs_logging")
                    .build())) {
                c.query("SELECT $1::text", r -> r.getString(0), SECRET_VALUE);
                c.query("SELECT $1::text", r -> r.getString(0), SECRET_VALUE); // prepared now
                c.query("SELECT $1::text || 'x'", r -> r.getString(0), SECRET_VALUE);
                c.query("SELECT $1::text || 'x'", r -> r.getString(0), SECRET_VALUE); // evicts the first
            }
            lines = log.lines();
        }
        assertThat(lines).anySatisfy(l -> assertThat(l)
                .startsWith("FINE connection opened: host=127.0.0.1, port=5432")
                .contains("database=test", "user=sluice_scram", "tls=off", "auth=SCRAM-SHA-256,"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("FINE statement evicted from the cache: name="));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("FINE connection closed: host=127.0.0.1"));
        assertThat(lines).noneSatisfy(l -> assertThat(l).containsAnyOf("sluice-scram-pw", SECRET_VALUE, "SELECT"));
    }

    @ParameterizedTest
    @CsvSource({
        "sluice_md5, sluice-md5-pw, md5",
        "sluice_clear, sluice-clear-pw, password",
        "postgres, '', none",
    })
    void shouldLogAuthenticationMethodWhenConnectionOpens(String user, String password, String method) {
        List<String> lines = openedLines(PgTestConfig.trust()
                .user(user)
                .password(password.isEmpty() ? null : password)
                .build());
        assertThat(lines).singleElement().satisfies(l -> assertThat(l)
                .contains("user=" + user, "tls=off", "auth=" + method + ",")
                .doesNotContain(password.isEmpty() ? "password=" : password));
    }

    @Test
    void shouldLogNegotiatedTlsAndChannelBindingWhenTlsIsOn() {
        List<String> lines = openedLines(PgTestConfig.role("sluice_tls", "sluice-tls-pw")
                .sslMode(SslMode.VERIFY_FULL)
                .sslRootCert(PgTestConfig.caCert())
                .build());
        assertThat(lines).singleElement().satisfies(l -> assertThat(l)
                .containsPattern("tls=TLSv1\\.[23] TLS_\\w+, auth=SCRAM-SHA-256-PLUS,")
                .doesNotContain("sluice-tls-pw"));
    }

    /** The "connection opened" lines logged while a connection to {@code config} opens and closes. */
    private static List<String> openedLines(io.sluice.ConnectionConfig config) {
        try (LogCapture log = LogCapture.of("io.sluice.postgres")) {
            try (Connection c = Sluice.connect(config)) {
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
        try (LogCapture log = LogCapture.of("io.sluice.postgres");
                PgConnection victim = PgConnections.open(PgTestConfig.trust()
                        .applicationName("obs_logging_victim")
                        .build());
                Connection killer = Sluice.connect(PgTestConfig.trust().build())) {
            int pid = victim.session().processId;
            killer.query("SELECT pg_terminate_backend($1)", r -> r.getBoolean(0), pid);
            assertThatThrownBy(() -> {
                        for (int i = 0; i < 50; i++) { // until the termination has reached this connection
                            victim.query("SELECT 1", r -> 1);
                            Thread.sleep(20);
                        }
                    })
                    .isInstanceOf(SluiceException.class);
            lines = log.lines();
        }
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("INFO connection broken: host=127.0.0.1"));
    }

    @Test
    void shouldLogEachSkippedServerAndTheChosenOneWhenFailingOver() {
        List<String> lines;
        try (LogCapture log = LogCapture.of("io.sluice.failover");
                Connection c = Sluice.connect(PgTestConfig.trust()
                        .addresses(List.of(new ServerAddress("127.0.0.1", 1), new ServerAddress("127.0.0.1", 5432)))
                        .build())) {
            assertThat(c.query("SELECT 1", r -> r.getInt(0))).containsExactly(1);
            lines = log.lines();
        }
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).startsWith("FINE server skipped: server=127.0.0.1:1, reason=connect failed");
        assertThat(lines.get(1)).isEqualTo("FINE server chosen: server=127.0.0.1:5432");
    }
}
