package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.AuthenticationException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.SslMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Client-certificate login against the real server: role {@code sluice_cert} is allowed only over
 * TLS with a certificate whose CN names it (pg_hba {@code cert}, written by bin/setup.d/10-postgres.sh),
 * signed by the CA bin/setup.d/00-tls.sh generates; no password is involved.
 */
@Timeout(60)
class ClientCertificateTest {
    private static final String KEY_PASSWORD = "sluice-key-pw";

    private static ConnectionConfig.Builder certRole() {
        return PgTestConfig.trust()
                .user("sluice_cert")
                .sslMode(SslMode.VERIFY_FULL)
                .sslRootCert(PgTestConfig.caCert());
    }

    private static String currentUser(ConnectionConfig config) {
        try (Connection c = new PgDriver().connect(config)) {
            return c.queryFirst("SELECT current_user", r -> r.getString(0)).orElseThrow();
        }
    }

    @Test
    void shouldLogInWithAPemCertificateAndPkcs8Key() {
        ConnectionConfig config = certRole()
                .sslCert(PgTestConfig.tlsFile("client.crt"))
                .sslKey(PgTestConfig.tlsFile("client.key"))
                .build();
        assertThat(currentUser(config)).isEqualTo("sluice_cert");
    }

    @Test
    void shouldLogInWithAnEncryptedKeyAndItsPassword() {
        ConnectionConfig config = certRole()
                .sslCert(PgTestConfig.tlsFile("client.crt"))
                .sslKey(PgTestConfig.tlsFile("client-encrypted.key"))
                .sslPassword(KEY_PASSWORD)
                .build();
        assertThat(currentUser(config)).isEqualTo("sluice_cert");
    }

    @Test
    void shouldLogInWithAPkcs12File() {
        ConnectionConfig config = certRole()
                .sslCert(PgTestConfig.tlsFile("client.p12"))
                .sslPassword(KEY_PASSWORD)
                .build();
        assertThat(currentUser(config)).isEqualTo("sluice_cert");
    }

    @Test
    void shouldReadTheCertificateSettingsFromTheUrl() {
        String url = "postgresql://sluice_cert@127.0.0.1:5432/test?sslmode=require&sslcert="
                + PgTestConfig.tlsFile("client.crt").toAbsolutePath() + "&sslkey="
                + PgTestConfig.tlsFile("client-encrypted.key").toAbsolutePath() + "&sslpassword=" + KEY_PASSWORD;
        ConnectionConfig config = ConnectionConfig.fromUrl(url);
        assertThat(config.toString()).doesNotContain(KEY_PASSWORD);
        assertThat(currentUser(config)).isEqualTo("sluice_cert");
    }

    @Test
    void shouldBeRefusedByTheServerWithoutACertificate() {
        assertThatThrownBy(() -> currentUser(certRole().build()))
                .isInstanceOf(AuthenticationException.class)
                .hasMessageContaining("certificate");
    }

    @Test
    void shouldNameTheKeyFileWhenItsPasswordIsWrong() {
        ConnectionConfig config = certRole()
                .sslCert(PgTestConfig.tlsFile("client.crt"))
                .sslKey(PgTestConfig.tlsFile("client-encrypted.key"))
                .sslPassword("wrong")
                .build();
        assertThatThrownBy(() -> currentUser(config))
                .isInstanceOf(ConnectionException.class)
                .hasMessageContaining("client-encrypted.key");
    }

    @Test
    void shouldAskForThePasswordOfAnEncryptedKey() {
        ConnectionConfig config = certRole()
                .sslCert(PgTestConfig.tlsFile("client.crt"))
                .sslKey(PgTestConfig.tlsFile("client-encrypted.key"))
                .build();
        assertThatThrownBy(() -> currentUser(config))
                .isInstanceOf(ConnectionException.class)
                .hasMessageContaining("needs sslpassword");
    }

    @Test
    void shouldRefuseAPkcs1KeyWithTheConversionCommand(@TempDir Path dir) throws IOException {
        Path pkcs1 = dir.resolve("rsa.key");
        Files.writeString(pkcs1, "-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAK==\n-----END RSA PRIVATE KEY-----\n");
        ConnectionConfig config = certRole()
                .sslCert(PgTestConfig.tlsFile("client.crt"))
                .sslKey(pkcs1)
                .build();
        assertThatThrownBy(() -> currentUser(config))
                .isInstanceOf(ConnectionException.class)
                .hasMessageContaining("openssl pkcs8 -topk8")
                .hasMessageContaining("rsa.key");
    }

    @Test
    void shouldRefuseACertificateWithoutItsKey() {
        ConnectionConfig config =
                certRole().sslCert(PgTestConfig.tlsFile("client.crt")).build();
        assertThatThrownBy(() -> currentUser(config))
                .isInstanceOf(ConnectionException.class)
                .hasMessageContaining("sslkey is not");
    }

    @Test
    void shouldRefuseAKeyThatDoesNotMatchTheCertificate() {
        ConnectionConfig config = certRole()
                .sslCert(PgTestConfig.tlsFile("client.crt"))
                .sslKey(PgTestConfig.tlsFile("server.key"))
                .build();
        assertThatThrownBy(() -> currentUser(config)).isInstanceOf(ConnectionException.class);
    }
}
