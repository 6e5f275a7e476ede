package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.AuthenticationException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.SslMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each authentication method against a real role, and TLS in every sslmode. */
class AuthenticationTest {

    @ParameterizedTest
    @CsvSource({"sluice_scram,sluice-scram-pw", "sluice_md5,sluice-md5-pw", "sluice_clear,sluice-clear-pw", "postgres,"
    })
    void shouldLogInWhenPasswordIsRight(String user, String password) {
        try (Connection c =
                new PgDriver().connect(PgTestConfig.role(user, password).build())) {
            assertThat(c.queryFirst("SELECT current_user", r -> r.getString(0))).contains(user);
        }
    }

    @ParameterizedTest
    @CsvSource({"sluice_scram", "sluice_md5", "sluice_clear"})
    void shouldThrowAuthenticationExceptionWhenPasswordIsWrong(String user) {
        ConnectionConfig config = PgTestConfig.role(user, "wrong-pw").build();
        assertThatThrownBy(() -> new PgDriver().connect(config))
                .isInstanceOf(AuthenticationException.class)
                .hasMessageContaining("user=" + user)
                .hasMessageContaining("28P01")
                .hasMessageNotContaining("wrong-pw");
    }

    @Test
    void shouldThrowAuthenticationExceptionWhenPasswordIsMissing() {
        ConnectionConfig config = PgTestConfig.role("sluice_scram", null)
                .property("passfile", "/nonexistent/pgpass")
                .build();
        assertThatThrownBy(() -> new PgDriver().connect(config))
                .isInstanceOf(AuthenticationException.class)
                .hasMessageContaining("none is configured")
                .hasMessageContaining("no password file at /nonexistent/pgpass");
    }

    @ParameterizedTest
    @CsvSource({
        "sluice_scram,127.0.0.1:5432:test:sluice_scram:sluice-scram-pw",
        "sluice_md5,*:*:*:sluice_md5:sluice-md5-pw",
        "sluice_clear,127.0.0.1:*:test:sluice_clear:sluice-clear-pw"
    })
    void shouldLogInWithPasswordFileWhenNoPasswordIsGiven(String user, String entry, @TempDir Path dir)
            throws Exception {
        Path file = passFile(
                dir, "rw-------", "127.0.0.1:5432:test:" + user + "5:not-this-user", entry, "*:*:*:*:too-late");
        ConnectionConfig config = PgTestConfig.role(user, null)
                .property("passfile", file.toString())
                .build();
        try (Connection c = new PgDriver().connect(config)) {
            assertThat(c.queryFirst("SELECT current_user", r -> r.getString(0))).contains(user);
        }
    }

    @Test
    void shouldLookUpPasswordFileForServerBeingTriedWhenPortsDiffer(@TempDir Path dir) throws Exception {
        try (TcpRelay relay = new TcpRelay("127.0.0.1", 5432)) {
            Path file = passFile(
                    dir,
                    "rw-------",
                    "127.0.0.1:" + relay.port() + ":test:sluice_scram:wrong-pw",
                    "127.0.0.1:5432:test:sluice_scram:sluice-scram-pw");
            ConnectionConfig direct = PgTestConfig.role("sluice_scram", null)
                    .property("passfile", file.toString())
                    .build();
            try (Connection c = new PgDriver().connect(direct)) {
                assertThat(c.queryFirst("SELECT current_user", r -> r.getString(0)))
                        .contains("sluice_scram");
            }
            ConnectionConfig relayed = direct.toBuilder().port(relay.port()).build();
            assertThatThrownBy(() -> new PgDriver().connect(relayed))
                    .isInstanceOf(AuthenticationException.class)
                    .hasMessageContaining("28P01")
                    .hasMessageContaining("password from " + file);
        }
    }

    @Test
    void shouldNamePasswordFileWhenItsPasswordIsWrong(@TempDir Path dir) throws Exception {
        Path file = passFile(dir, "rw-------", "*:*:*:sluice_scram:wrong-pw");
        ConnectionConfig config = PgTestConfig.role("sluice_scram", null)
                .property("passfile", file.toString())
                .build();
        assertThatThrownBy(() -> new PgDriver().connect(config))
                .isInstanceOf(AuthenticationException.class)
                .hasMessageContaining("28P01")
                .hasMessageContaining("password from " + file)
                .hasMessageNotContaining("wrong-pw");
    }

    @Test
    void shouldIgnorePasswordFileWhenOthersMayReadIt(@TempDir Path dir) throws Exception {
        Path file = passFile(dir, "rw-r--r--", "*:*:*:sluice_scram:sluice-scram-pw");
        ConnectionConfig config = PgTestConfig.role("sluice_scram", null)
                .property("passfile", file.toString())
                .build();
        assertThatThrownBy(() -> new PgDriver().connect(config))
                .isInstanceOf(AuthenticationException.class)
                .hasMessageContaining("ignored")
                .hasMessageContaining("0600");
    }

    @Test
    void shouldPreferGivenPasswordOverPasswordFile(@TempDir Path dir) throws Exception {
        Path file = passFile(dir, "rw-------", "*:*:*:sluice_scram:wrong-pw");
        ConnectionConfig config = PgTestConfig.role("sluice_scram", "sluice-scram-pw")
                .property("passfile", file.toString())
                .build();
        try (Connection c = new PgDriver().connect(config)) {
            assertThat(c.queryFirst("SELECT current_user", r -> r.getString(0))).contains("sluice_scram");
        }
    }

    @Test
    void shouldConnectWithServiceAndPasswordFileWhenUrlNamesOnlyTheService(@TempDir Path dir) throws Exception {
        Path pass = passFile(dir, "rw-------", "127.0.0.1:5432:test:sluice_md5:sluice-md5-pw");
        Path services = dir.resolve("pg_service.conf");
        Files.write(
                services,
                java.util.List.of(
                        "[sluice-test]",
                        "host=127.0.0.1",
                        "port=5432",
                        "dbname=test",
                        "user=sluice_md5",
                        "sslmode=disable",
                        "passfile=" + pass,
                        "application_name=sluice-service-test"));
        ConnectionConfig config =
                ConnectionConfig.fromUrl("postgresql:///?service=sluice-test&servicefile=" + services);
        try (Connection c = new PgDriver().connect(config)) {
            assertThat(c.queryFirst(
                            "SELECT current_user || ' ' || current_database() || ' '"
                                    + " || current_setting('application_name')",
                            r -> r.getString(0)))
                    .contains("sluice_md5 test sluice-service-test");
        }
    }

    private static Path passFile(Path dir, String permissions, String... lines) throws Exception {
        Path file = dir.resolve("pgpass");
        Files.write(file, java.util.List.of(lines));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
        return file;
    }

    @Test
    void shouldLogInWithSaslPreparedPasswordWhenPasswordIsNotAscii() {
        // The role's password holds a no-break space; server and driver both SASLprep it to a space.
        String password = "\u00FCn\u00EF\u00A0c\u00F6d\u00E9";
        try (Connection c = new PgDriver()
                .connect(PgTestConfig.role("sluice_scram_utf8", password).build())) {
            assertThat(c.queryFirst("SELECT current_user", r -> r.getString(0))).contains("sluice_scram_utf8");
        }
        ConnectionConfig wrong =
                PgTestConfig.role("sluice_scram_utf8", "\u00FCn\u00EF").build();
        assertThatThrownBy(() -> new PgDriver().connect(wrong)).isInstanceOf(AuthenticationException.class);
    }

    @Test
    void shouldStayPlainWhenAllowModeMeetsPlainRole() {
        try (Connection c = new PgDriver()
                .connect(PgTestConfig.role("sluice_md5", "sluice-md5-pw")
                        .sslMode(SslMode.ALLOW)
                        .build())) {
            assertThat(c.queryFirst("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", r -> r.getBoolean(0)))
                    .contains(false);
        }
    }

    @Test
    void shouldThrowConnectionExceptionWithServerFieldsWhenDatabaseIsMissing() {
        ConnectionConfig config =
                PgTestConfig.trust().database("pgp_no_such_database").build();
        assertThatThrownBy(() -> new PgDriver().connect(config))
                .isInstanceOf(ConnectionException.class)
                .hasMessageContaining("3D000")
                .hasMessageContaining("pgp_no_such_database")
                .cause()
                .isInstanceOf(io.sluice.ServerException.class);
    }

    @Test
    void shouldRefuseTlsOnlyRoleWhenSslIsDisabled() {
        ConnectionConfig config =
                PgTestConfig.role("sluice_tls", "sluice-tls-pw").build();
        assertThatThrownBy(() -> new PgDriver().connect(config)).isInstanceOf(ConnectionException.class);
    }

    @ParameterizedTest
    @CsvSource({
        "ALLOW,127.0.0.1",
        "PREFER,127.0.0.1",
        "REQUIRE,127.0.0.1",
        "VERIFY_CA,127.0.0.1",
        "VERIFY_FULL,127.0.0.1",
        "VERIFY_FULL,localhost",
        "VERIFY_CA,127.0.0.2",
        "REQUIRE,127.0.0.2"
    })
    void shouldUseTlsWhenSslModeAsksForIt(SslMode mode, String host) throws Exception {
        try (TcpRelay relay = new TcpRelay(host.equals("localhost") ? "127.0.0.1" : host, 5432)) {
            ConnectionConfig config = PgTestConfig.role("sluice_tls", "sluice-tls-pw")
                    .host(host)
                    .port(relay.port())
                    .sslMode(mode)
                    .sslRootCert(PgTestConfig.caCert())
                    .build();
            try (Connection c = new PgDriver().connect(config)) {
                assertThat(c.queryFirst(
                                "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", r -> r.getBoolean(0)))
                        .contains(true);
            }
        }
    }

    @Test
    void shouldFailVerifyFullWhenHostIsNotInCertificate() throws Exception {
        // The shared server listens on 127.0.0.1 only: a relay on 127.0.0.2 lets the client reach it by a
        // name the certificate does not list.
        try (TcpRelay relay = new TcpRelay("127.0.0.2", 5432)) {
            ConnectionConfig config = PgTestConfig.role("sluice_tls", "sluice-tls-pw")
                    .host("127.0.0.2")
                    .port(relay.port())
                    .sslMode(SslMode.VERIFY_FULL)
                    .sslRootCert(PgTestConfig.caCert())
                    .build();
            assertThatThrownBy(() -> new PgDriver().connect(config))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("TLS handshake failed")
                    .hasMessageContaining("127.0.0.2");
        }
    }

    @Test
    void shouldFailVerifyCaWhenCertificateIsNotTrusted() {
        // The JDK's default trust store does not contain the project's private CA.
        ConnectionConfig config = PgTestConfig.role("sluice_tls", "sluice-tls-pw")
                .sslMode(SslMode.VERIFY_CA)
                .build();
        assertThatThrownBy(() -> new PgDriver().connect(config))
                .isInstanceOf(ConnectionException.class)
                .hasMessageContaining("TLS handshake failed");
    }

    @Test
    void shouldTimeOutWhenServerNeverAnswers() throws Exception {
        try (java.net.ServerSocket silent =
                new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            ConnectionConfig config = PgTestConfig.trust()
                    .port(silent.getLocalPort())
                    .connectTimeout(Duration.ofMillis(300))
                    .build();
            assertThatThrownBy(() -> new PgDriver().connect(config))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("timed out")
                    .hasMessageContaining("connect_timeout");
        }
    }
}
