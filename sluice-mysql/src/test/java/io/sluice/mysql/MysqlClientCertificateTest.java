package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.AuthenticationException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.SslMode;
import org.junit.jupiter.api.Test;

/**
 * Client-certificate login against the real MariaDB: user {@code sluice_x509} has no password and
 * requires a certificate with subject {@code CN=sluice_cert} issued by the test CA (both from
 * bin/setup.d/00-tls.sh and 20-mariadb.sh).
 */
class MysqlClientCertificateTest {

    private static ConnectionConfig.Builder x509User() {
        return MysqlTestSupport.root()
                .user("sluice_x509")
                .sslMode(SslMode.VERIFY_FULL)
                .sslRootCert(MysqlTestSupport.caCert());
    }

    @Test
    void shouldLogInWithAPemCertificateAndKey() {
        ConnectionConfig.Builder b = x509User()
                .sslCert(MysqlTestSupport.stateDir().resolve("tls/client.crt"))
                .sslKey(MysqlTestSupport.stateDir().resolve("tls/client.key"));
        try (Connection c = MysqlTestSupport.connect(b)) {
            assertThat(c.query("SELECT CURRENT_USER()", r -> r.getString(0))).containsExactly("sluice_x509@%");
        }
    }

    @Test
    void shouldLogInWithAPkcs12File() {
        ConnectionConfig.Builder b = x509User()
                .sslCert(MysqlTestSupport.stateDir().resolve("tls/client.p12"))
                .sslPassword("sluice-key-pw");
        try (Connection c = MysqlTestSupport.connect(b)) {
            assertThat(c.query("SELECT CURRENT_USER()", r -> r.getString(0))).containsExactly("sluice_x509@%");
        }
    }

    @Test
    void shouldBeRefusedWithoutACertificate() {
        assertThatThrownBy(() -> MysqlTestSupport.connect(x509User()))
                .isInstanceOf(AuthenticationException.class)
                .hasMessageContaining("1045");
    }
}
