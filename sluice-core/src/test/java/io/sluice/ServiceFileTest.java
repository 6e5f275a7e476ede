package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** libpq's connection service file through connection URLs: lookup order and precedence. */
class ServiceFileTest {
    @TempDir
    Path dir;

    private Path file(String name, String... lines) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, java.util.List.of(lines));
        return f;
    }

    @Test
    void shouldTakeServiceSettingsWhenUrlNamesService() throws Exception {
        Path f = file(
                "pg_service.conf",
                "# services",
                "[other]",
                "host=wrong",
                "[orders]",
                "  host = db1,db2  ",
                "port=6432",
                "dbname=orders",
                "user=app",
                "sslmode=require",
                "target_session_attrs=read-write",
                "application_name=svc",
                "host=ignored-second-value",
                "[after]",
                "user=wrong");
        ConnectionConfig c =
                ConnectionUrl.parse("postgresql:///?service=orders", Map.of("PGSERVICEFILE", f.toString()));
        assertThat(c.addresses()).containsExactly(new ServerAddress("db1", 6432), new ServerAddress("db2", 6432));
        assertThat(c.database()).isEqualTo("orders");
        assertThat(c.user()).isEqualTo("app");
        assertThat(c.sslMode()).isEqualTo(SslMode.REQUIRE);
        assertThat(c.applicationName()).isEqualTo("svc");
        assertThat(c.properties())
                .containsEntry("target_session_attrs", "read-write")
                .doesNotContainKeys("service", "servicefile");
    }

    @Test
    void shouldRankUrlOverServiceOverEnvironment() throws Exception {
        Path f = file(
                "svc.conf", "[s]", "user=svc-user", "dbname=svc-db", "sslmode=require", "target_session_attrs=primary");
        ConnectionConfig c = ConnectionUrl.parse(
                "postgresql://url-user@h/?servicefile=" + f + "&target_session_attrs=any",
                Map.of(
                        "PGSERVICE",
                        "s",
                        "PGUSER",
                        "env-user",
                        "PGDATABASE",
                        "env-db",
                        "PGSSLMODE",
                        "disable",
                        "PGPORT",
                        "7000"));
        assertThat(c.user()).as("URL over service").isEqualTo("url-user");
        assertThat(c.database()).as("service over environment").isEqualTo("svc-db");
        assertThat(c.sslMode()).isEqualTo(SslMode.REQUIRE);
        assertThat(c.port()).as("the environment fills what neither gives").isEqualTo(7000);
        assertThat(c.properties()).containsEntry("target_session_attrs", "any");
    }

    @Test
    void shouldFallBackToSystemFileWhenUserFileLacksService() throws Exception {
        Path user = file("user.conf", "[mine]", "user=me");
        Path sysconf = Files.createDirectory(dir.resolve("etc"));
        Files.write(sysconf.resolve("pg_service.conf"), java.util.List.of("[shared]", "user=team", "dbname=shared"));
        ConnectionConfig c = ConnectionUrl.parse(
                "postgresql:///?service=shared",
                Map.of("PGSERVICEFILE", user.toString(), "PGSYSCONFDIR", sysconf.toString()));
        assertThat(c.user()).isEqualTo("team");
        assertThat(c.database()).isEqualTo("shared");
    }

    @Test
    void shouldNameSearchedFilesWhenServiceIsUndefined() throws Exception {
        Path user = file("user.conf", "[mine]", "user=me");
        assertThatThrownBy(() -> ConnectionUrl.parse(
                        "postgresql:///?service=nope",
                        Map.of(
                                "PGSERVICEFILE",
                                user.toString(),
                                "PGSYSCONFDIR",
                                dir.resolve("none").toString())))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("\"nope\" not found")
                .hasMessageContaining(user.toString())
                .hasMessageContaining(
                        dir.resolve("none").resolve("pg_service.conf").toString());
    }

    @Test
    void shouldRefuseMalformedOrNestedServiceLines() throws Exception {
        Path bad = file("bad.conf", "[s]", "user app");
        assertThatThrownBy(() -> ConnectionUrl.parse("postgresql:///?service=s&servicefile=" + bad, Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("line 2");
        Path nested = file("nested.conf", "[s]", "service=t");
        assertThatThrownBy(() -> ConnectionUrl.parse("postgresql:///?service=s&servicefile=" + nested, Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("nested");
    }

    @Test
    void shouldIgnoreServiceWhenSchemeIsMysql() {
        ConnectionConfig c = ConnectionUrl.parse("mysql://root@127.0.0.1/test", Map.of("PGSERVICE", "s"));
        assertThat(c.user()).isEqualTo("root");
    }
}
