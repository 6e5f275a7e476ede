package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.AuthenticationException;
import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.SslMode;
import org.junit.jupiter.api.Test;

/** Logins against the real MariaDB: passwords, auth switch, TLS modes (users from bin/setup.d/20-mariadb.sh). */
class MysqlAuthenticationTest {

    @Test
    void shouldLoginWithMysqlNativePassword() {
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.nativeUser())) {
            assertThat(c.query("SELECT CURRENT_USER()", r -> r.getString(0))).containsExactly("sluice_native@%");
        }
    }

    @Test
    void shouldThrowAuthenticationExceptionWhenPasswordIsWrong() {
        assertThatThrownBy(() ->
                        MysqlTestSupport.connect(MysqlTestSupport.nativeUser().password("wrong")))
                .isInstanceOf(AuthenticationException.class)
                .hasMessageContaining("user=sluice_native")
                .hasMessageContaining("1045")
                .hasMessageNotContaining("wrong");
    }

    @Test
    void shouldFollowAuthSwitchRequestWhenServerWantsAnotherPlugin() {
        // The driver opens with caching_sha2_password; MariaDB answers with an AuthSwitchRequest to
        // mysql_native_password.
        try (Connection c = MysqlTestSupport.connect(
                MysqlTestSupport.nativeUser().property("auth_plugin", "caching_sha2_password"))) {
            assertThat(c.query("SELECT 1", r -> r.getInt(0))).containsExactly(1);
        }
    }

    @Test
    void shouldLoginWithEd25519WhenServerSwitchesToIt() {
        try (Connection root = MysqlTestSupport.connect(MysqlTestSupport.root())) {
            org.junit.jupiter.api.Assumptions.assumeTrue(
                    root.queryFirst(
                                    "SELECT 1 FROM mysql.user WHERE user = 'sluice_ed25519' AND plugin = 'ed25519'",
                                    r -> 1)
                            .isPresent(),
                    "bin/setup.d/20-mariadb.sh could not load the ed25519 plugin");
        }
        try (Connection c = MysqlTestSupport.connect(
                MysqlTestSupport.root().user("sluice_ed25519").password("sluice-ed25519-pw"))) {
            assertThat(c.query("SELECT CURRENT_USER()", r -> r.getString(0))).containsExactly("sluice_ed25519@%");
        }
        assertThatThrownBy(() -> MysqlTestSupport.connect(
                        MysqlTestSupport.root().user("sluice_ed25519").password("nope")))
                .isInstanceOf(AuthenticationException.class)
                .hasMessageContaining("client_ed25519");
    }

    @Test
    void shouldUseTlsWhenRequired() {
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.root()
                .user("sluice_mytls")
                .password("sluice-mytls-pw")
                .sslMode(SslMode.REQUIRE))) {
            assertThat(c.query("SHOW STATUS LIKE 'Ssl_version'", r -> r.getString(1))
                            .get(0))
                    .startsWith("TLS");
            assertThat(c.serverInfo().parameters()).containsEntry("tls", "true");
        }
    }

    @Test
    void shouldVerifyCertificateAndHostWhenVerifyFull() {
        try (Connection c = MysqlTestSupport.connect(
                MysqlTestSupport.root().sslMode(SslMode.VERIFY_FULL).sslRootCert(MysqlTestSupport.caCert()))) {
            assertThat(c.serverInfo().parameters()).containsEntry("tls", "true");
        }
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.root()
                .host("localhost")
                .sslMode(SslMode.VERIFY_FULL)
                .sslRootCert(MysqlTestSupport.caCert()))) {
            assertThat(c.query("SELECT 1", r -> r.getInt(0))).containsExactly(1);
        }
    }

    @Test
    void shouldRejectServerWhenCertificateIsNotFromTrustedCa() {
        // The JDK's default trust store does not contain the project's private CA.
        assertThatThrownBy(
                        () -> MysqlTestSupport.connect(MysqlTestSupport.root().sslMode(SslMode.VERIFY_CA)))
                .isInstanceOf(ConnectionException.class)
                .hasMessageContaining("TLS handshake failed")
                .hasMessageContaining("sslrootcert");
    }

    @Test
    void shouldRefuseTlsOnlyUserWithoutTlsAndRetryWithTlsWhenAllow() {
        assertThatThrownBy(() -> MysqlTestSupport.connect(
                        MysqlTestSupport.root().user("sluice_mytls").password("sluice-mytls-pw")))
                .isInstanceOf(AuthenticationException.class);
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.root()
                .user("sluice_mytls")
                .password("sluice-mytls-pw")
                .sslMode(SslMode.ALLOW))) {
            assertThat(c.serverInfo().parameters()).containsEntry("tls", "true");
        }
    }

    @Test
    void shouldPreferTlsWhenServerOffersIt() {
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.root().sslMode(SslMode.PREFER))) {
            assertThat(c.serverInfo().parameters()).containsEntry("tls", "true");
        }
    }
}
