package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectionUrlTest {

    @Test
    void shouldParseEveryPartWhenUrlIsComplete() {
        ConnectionConfig c = ConnectionUrl.parse(
                "postgresql://app:s%40cret@db.example.com:6432/orders?sslmode=verify-full&sslrootcert=/ca.pem"
                        + "&connect_timeout=3&query_timeout=1500&statement_cache_size=10&application_name=svc&foo=bar",
                Map.of());
        assertThat(c.scheme()).isEqualTo("postgresql");
        assertThat(c.user()).isEqualTo("app");
        assertThat(c.password()).isEqualTo("s@cret");
        assertThat(c.host()).isEqualTo("db.example.com");
        assertThat(c.port()).isEqualTo(6432);
        assertThat(c.database()).isEqualTo("orders");
        assertThat(c.sslMode()).isEqualTo(SslMode.VERIFY_FULL);
        assertThat(c.sslRootCert()).isEqualTo(Path.of("/ca.pem"));
        assertThat(c.connectTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(c.queryTimeout()).isEqualTo(Duration.ofMillis(1500));
        assertThat(c.statementCacheSize()).isEqualTo(10);
        assertThat(c.applicationName()).isEqualTo("svc");
        assertThat(c.properties()).containsEntry("foo", "bar");
    }

    @Test
    void shouldFillGapsFromLibpqEnvironmentWhenSchemeIsPostgres() {
        Map<String, String> env = Map.of(
                "PGHOST",
                "10.1.1.1",
                "PGPORT",
                "5433",
                "PGUSER",
                "alice",
                "PGPASSWORD",
                "pw",
                "PGSSLMODE",
                "require",
                "PGAPPNAME",
                "env-app",
                "PGCHANNELBINDING",
                "require",
                "PGPASSFILE",
                "/env/pgpass");
        ConnectionConfig c = ConnectionUrl.parse("postgres://", env);
        assertThat(c.scheme()).isEqualTo("postgresql");
        assertThat(c.host()).isEqualTo("10.1.1.1");
        assertThat(c.port()).isEqualTo(5433);
        assertThat(c.user()).isEqualTo("alice");
        assertThat(c.password()).isEqualTo("pw");
        assertThat(c.database()).as("libpq: database defaults to the user name").isEqualTo("alice");
        assertThat(c.sslMode()).isEqualTo(SslMode.REQUIRE);
        assertThat(c.applicationName()).isEqualTo("env-app");
        assertThat(c.properties()).containsEntry("channel_binding", "require").containsEntry("passfile", "/env/pgpass");
    }

    @Test
    void shouldReadClientCertificateSettingsFromUrlAndEnvironment() {
        ConnectionConfig fromUrl =
                ConnectionUrl.parse("postgresql://app@h/db?sslcert=/c.crt&sslkey=/c.key&sslpassword=k%26ey", Map.of());
        assertThat(fromUrl.sslCert()).isEqualTo(Path.of("/c.crt"));
        assertThat(fromUrl.sslKey()).isEqualTo(Path.of("/c.key"));
        assertThat(fromUrl.sslPassword()).isEqualTo("k&ey");
        assertThat(fromUrl.toString()).doesNotContain("k&ey");
        ConnectionConfig fromEnv =
                ConnectionUrl.parse("postgresql://app@h/db", Map.of("PGSSLCERT", "/e.crt", "PGSSLKEY", "/e.key"));
        assertThat(fromEnv.sslCert()).isEqualTo(Path.of("/e.crt"));
        assertThat(fromEnv.sslKey()).isEqualTo(Path.of("/e.key"));
        assertThat(fromEnv.toBuilder().build().sslKey()).isEqualTo(Path.of("/e.key"));
    }

    @Test
    void shouldParseHostListsAsLibpqDoes() {
        assertThat(ConnectionUrl.parse("postgresql://u@h1:5432,h2,[::1]:6000/db", Map.of("PGPORT", "7000"))
                        .addresses())
                .containsExactly(
                        new ServerAddress("h1", 5432), new ServerAddress("h2", 7000), new ServerAddress("::1", 6000));
        assertThat(ConnectionUrl.parse("postgresql:///db?host=a,b&port=1,2", Map.of())
                        .addresses())
                .containsExactly(new ServerAddress("a", 1), new ServerAddress("b", 2));
        assertThat(ConnectionUrl.parse("postgresql:///db?host=a,b&port=9", Map.of())
                        .addresses())
                .containsExactly(new ServerAddress("a", 9), new ServerAddress("b", 9));
        assertThat(ConnectionUrl.parse("postgresql:///db", Map.of("PGHOST", "e1,e2", "PGPORT", "1,2"))
                        .addresses())
                .containsExactly(new ServerAddress("e1", 1), new ServerAddress("e2", 2));
        ConnectionConfig c = ConnectionUrl.parse("mysql://u@m1:3306,m2:3307/db?load_balance_hosts=random", Map.of());
        assertThat(c.host()).isEqualTo("m1");
        assertThat(c.port()).isEqualTo(3306);
        assertThat(c.toString()).startsWith("mysql://u@m1:3306,m2:3307/db");
        assertThat(c.toBuilder().build().addresses()).hasSize(2);
        assertThat(c.toBuilder().host("only").build().addresses()).containsExactly(new ServerAddress("only", 3306));
        assertThatThrownBy(() -> ConnectionUrl.parse("postgresql:///db?host=a,b,c&port=1,2", Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("3 hosts but 2 ports");
    }

    @Test
    void shouldPreferUrlOverEnvironmentWhenBothGiveAValue() {
        ConnectionConfig c = ConnectionUrl.parse(
                "postgresql://bob@h1/db1?sslmode=disable&passfile=/url/pgpass",
                Map.of(
                        "PGHOST",
                        "h2",
                        "PGUSER",
                        "alice",
                        "PGDATABASE",
                        "db2",
                        "PGSSLMODE",
                        "require",
                        "PGPASSFILE",
                        "/env/pgpass"));
        assertThat(c.host()).isEqualTo("h1");
        assertThat(c.user()).isEqualTo("bob");
        assertThat(c.database()).isEqualTo("db1");
        assertThat(c.sslMode()).isEqualTo(SslMode.DISABLE);
        assertThat(c.properties()).containsEntry("passfile", "/url/pgpass");
    }

    @Test
    void shouldTakeUserPasswordAndDatabaseFromQueryWhenUrlCarriesThemThere() {
        ConnectionConfig c = ConnectionUrl.parse(
                "postgresql://h/db?user=app&password=s%26cret&dbname=orders",
                Map.of("PGUSER", "env-user", "PGPASSWORD", "env-pw"));
        assertThat(c.user()).isEqualTo("app");
        assertThat(c.password()).isEqualTo("s&cret");
        assertThat(c.database()).isEqualTo("orders");
        assertThat(c.properties()).doesNotContainKeys("user", "password", "dbname");
        assertThat(c.toString()).doesNotContain("s&cret");
        ConnectionConfig override = ConnectionUrl.parse("postgresql://info-user:info-pw@h?user=app", Map.of());
        assertThat(override.user()).isEqualTo("app");
        assertThat(override.password()).isEqualTo("info-pw");
        assertThat(override.database())
                .as("libpq: database defaults to the user name")
                .isEqualTo("app");
        ConnectionConfig mysql = ConnectionUrl.parse("mysql://h:3306/test?user=root&password=", Map.of());
        assertThat(mysql.user()).isEqualTo("root");
        assertThat(mysql.password()).isEmpty();
    }

    @Test
    void shouldIgnoreLibpqEnvironmentWhenSchemeIsMysql() {
        ConnectionConfig c = ConnectionUrl.parse("mysql://root@127.0.0.1/test", Map.of("PGPORT", "5433"));
        assertThat(c.scheme()).isEqualTo("mysql");
        assertThat(c.port()).isZero();
        assertThat(c.password()).isNull();
    }

    @Test
    void shouldParseIpv6LiteralWhenBracketed() {
        ConnectionConfig c = ConnectionUrl.parse("postgresql://u@[::1]:5432/d", Map.of());
        assertThat(c.host()).isEqualTo("::1");
        assertThat(c.port()).isEqualTo(5432);
    }

    @Test
    void shouldRejectWithSettingNameWhenValueIsMalformed() {
        assertThatThrownBy(() -> ConnectionUrl.parse("postgresql://h/d?connect_timeout=soon", Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("connect_timeout=soon");
        assertThatThrownBy(() -> ConnectionUrl.parse("postgresql://h/d?sslmode=sometimes", Map.of()))
                .hasMessageContaining("sslmode");
        assertThatThrownBy(() -> ConnectionUrl.parse("localhost:5432/db", Map.of()))
                .hasMessageContaining("scheme");
    }

    @Test
    void shouldNeverShowPasswordWhenPrinted() {
        ConnectionConfig c = ConnectionUrl.parse("postgresql://app:topsecret@h/d", Map.of());
        assertThat(c.toString()).doesNotContain("topsecret").contains("app:***@h");
    }

    @Test
    void shouldThrowConfigurationExceptionWhenAnyValueIsMalformed() {
        for (String url : List.of(
                "postgresql://h:99999/d",
                "postgresql://h:port/d",
                "mysql://h/d?connect_timeout=-1",
                "postgresql://h/d?statement_cache_size=x",
                "postgresql://h/d?max_message_size=10",
                "postgresql://h/d?cancel_grace=0",
                "postgresql://h/d?socket_timeout=never",
                "postgresql://[::1/d",
                "postgresql://h/d?sslrootcert=%00")) {
            assertThatThrownBy(() -> ConnectionUrl.parse(url, Map.of()))
                    .as(url)
                    .isInstanceOf(ConfigurationException.class);
        }
        assertThatThrownBy(() -> ConnectionUrl.parse("postgresql://u:s%zzcret@h/d", Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .message()
                .doesNotContain("cret");
    }

    @Test
    void shouldReadTimeoutAndSizeSettingsWhenGiven() {
        ConnectionConfig c = ConnectionUrl.parse(
                "mysql://h/d?cancel_grace=250&socket_timeout=30&max_message_size=1048576", Map.of());
        assertThat(c.cancelGrace()).isEqualTo(Duration.ofMillis(250));
        assertThat(c.socketTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(c.maxMessageSize()).isEqualTo(1 << 20);
        ConnectionConfig d = ConnectionUrl.parse("mysql://h/d", Map.of());
        assertThat(d.cancelGrace()).isEqualTo(ConnectionConfig.DEFAULT_CANCEL_GRACE);
        assertThat(d.socketTimeout()).isZero();
        assertThat(d.maxMessageSize()).isEqualTo(ConnectionConfig.DEFAULT_MAX_MESSAGE_SIZE);
        assertThat(c.toBuilder().build().cancelGrace()).isEqualTo(Duration.ofMillis(250));
    }
}
