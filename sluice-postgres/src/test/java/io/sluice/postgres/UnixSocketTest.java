package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.QueryTimeoutException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Unix-domain socket connections (libpq's host=/directory), found from the server's own setting. */
@Timeout(60)
class UnixSocketTest {
    private static String directory;

    @BeforeAll
    static void findSocketDirectory() {
        try (Connection tcp = PgTestConfig.connect()) {
            directory = tcp.query("SHOW unix_socket_directories", r -> r.getString(0))
                    .get(0)
                    .split(",")[0]
                    .strip();
        }
    }

    private static ConnectionConfig.Builder overSocket() {
        return PgTestConfig.trust().host(directory);
    }

    @Test
    void shouldConnectOverTheUnixSocket() {
        try (Connection c = new PgDriver().connect(overSocket().build())) {
            // inet_server_addr() is NULL exactly when the session came through a Unix-domain socket
            assertThat(c.query(
                            "SELECT inet_server_addr() IS NULL, current_database()",
                            r -> r.getBoolean(0) + " " + r.getString(1)))
                    .containsExactly("true test");
            assertThat(c.query("SELECT $1::int + 1", r -> r.getInt(0), 41)).containsExactly(42);
        }
    }

    @Test
    void shouldTakeTheSocketDirectoryFromTheUrl() {
        String encoded = URLEncoder.encode(directory, StandardCharsets.UTF_8);
        for (String url : new String[] {
            "postgresql://postgres@" + encoded + ":5432/test",
            "postgresql://postgres@ignored:1/test?host=" + directory + "&port=5432"
        }) {
            ConnectionConfig config = ConnectionConfig.fromUrl(url);
            assertThat(config.host()).isEqualTo(directory);
            try (Connection c = new PgDriver().connect(config)) {
                assertThat(c.query("SELECT inet_server_addr() IS NULL", r -> r.getBoolean(0)))
                        .containsExactly(true);
            }
        }
    }

    @Test
    void shouldCancelATimedOutQueryOverTheUnixSocket() {
        try (Connection c = new PgDriver()
                .connect(overSocket().queryTimeout(Duration.ofMillis(300)).build())) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> c.query("SELECT pg_sleep(30)", r -> 0)).isInstanceOf(QueryTimeoutException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
            assertThat(c.query("SELECT 1", r -> r.getInt(0))).containsExactly(1);
        }
    }

    @Test
    void shouldNameTheSocketFileWhenNothingListens() {
        ConnectionConfig missing =
                PgTestConfig.trust().host("/nonexistent-sluice-dir").port(5999).build();
        assertThatThrownBy(() -> new PgDriver().connect(missing))
                .isInstanceOf(ConnectionException.class)
                .hasMessageContaining("/nonexistent-sluice-dir/.s.PGSQL.5999");
    }
}
