package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.AuthenticationException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.SslMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SCRAM-SHA-256-PLUS (tls-server-end-point) against the real server and libpq's channel_binding
 * setting. The server checks the binding: a wrong certificate hash would fail the login.
 */
@Timeout(60)
class ChannelBindingTest {

    private static ConnectionConfig.Builder scramOverTls(String channelBinding) {
        return PgTestConfig.role("sluice_tls", "sluice-tls-pw")
                .sslMode(SslMode.VERIFY_FULL)
                .sslRootCert(PgTestConfig.caCert())
                .property("channel_binding", channelBinding);
    }

    @ParameterizedTest
    @ValueSource(strings = {"require", "prefer", "disable"})
    void shouldLogInOverTlsWithEveryChannelBindingSetting(String setting) {
        try (Connection c = new PgDriver().connect(scramOverTls(setting).build())) {
            assertThat(c.queryFirst("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", r -> r.getBoolean(0)))
                    .contains(true);
        }
    }

    @Test
    void shouldAcceptRequireFromTheUrl() {
        String url = "postgresql://sluice_tls:sluice-tls-pw@127.0.0.1:5432/test?sslmode=verify-full&sslrootcert="
                + PgTestConfig.caCert().toAbsolutePath() + "&channel_binding=require";
        try (Connection c = new PgDriver().connect(ConnectionConfig.fromUrl(url))) {
            assertThat(c.queryFirst("SELECT current_user", r -> r.getString(0))).contains("sluice_tls");
        }
    }

    @Test
    void shouldRefuseRequireWithoutTls() {
        ConnectionConfig plain = PgTestConfig.role("sluice_scram", "sluice-scram-pw")
                .property("channel_binding", "require")
                .build();
        assertThatThrownBy(() -> new PgDriver().connect(plain))
                .isInstanceOf(AuthenticationException.class)
                .hasMessageContaining("no TLS")
                .hasMessageContaining("channel_binding=require");
    }

    @Test
    void shouldNotSendAnMd5PasswordWhenBindingIsRequired() {
        ConnectionConfig md5 = PgTestConfig.role("sluice_md5", "sluice-md5-pw")
                .sslMode(SslMode.REQUIRE)
                .property("channel_binding", "require")
                .build();
        assertThatThrownBy(() -> new PgDriver().connect(md5))
                .isInstanceOf(AuthenticationException.class)
                .hasMessageContaining("md5 password (not sent)");
    }

    @Test
    void shouldRefuseRequireWhenTheServerTrustsWithoutAuthentication() {
        ConnectionConfig trust = PgTestConfig.trust()
                .sslMode(SslMode.REQUIRE)
                .property("channel_binding", "require")
                .build();
        assertThatThrownBy(() -> new PgDriver().connect(trust))
                .isInstanceOf(AuthenticationException.class)
                .hasMessageContaining("without it");
    }

    @Test
    void shouldRejectAnUnknownSetting() {
        assertThatThrownBy(
                        () -> new PgDriver().connect(scramOverTls("sometimes").build()))
                .isInstanceOf(io.sluice.ConfigurationException.class)
                .hasMessageContaining("channel_binding");
    }
}
