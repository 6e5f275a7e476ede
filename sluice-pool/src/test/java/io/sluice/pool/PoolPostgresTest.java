package io.sluice.pool;

import static io.sluice.pool.Eventually.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.AuthenticationException;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Notification;
import io.sluice.PoolExhaustedException;
import io.sluice.Sluice;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The pool contract against the real PostgreSQL on 5432 and its driver, plus what only PostgreSQL has
 * (COPY, notifications, SCRAM logins); sessions carry the application name {@value #APP}.
 */
class PoolPostgresTest extends PoolContract {
    private static final String APP = "sltk_pool_test";

    @Override
    protected ConnectionConfig config() {
        return PostgresServer.trust(PostgresServer.SHARED_PORT, "test", APP);
    }

    @Override
    protected long openSessions() {
        return PostgresServer.backends(PostgresServer.SHARED_PORT, APP);
    }

    @Override
    protected void terminate(long sessionId) {
        PostgresServer.terminate(PostgresServer.SHARED_PORT, sessionId);
    }

    @Override
    protected String createTemporaryTable(String name) {
        return "CREATE TEMP TABLE " + name + " (id int)";
    }

    @Override
    protected String integers(int n) {
        return "SELECT g FROM generate_series(1, " + n + ") g";
    }

    @Override
    protected List<String> initSqlProbe() {
        return List.of("SET statement_timeout = '7s'", "SHOW statement_timeout", "7s");
    }

    @Override
    protected String terminatedReason() {
        return "fatal error";
    }

    @Override
    protected String sleep(int seconds) {
        return "pg_sleep(" + seconds + ")";
    }

    @Override
    protected boolean isRunning(long sessionId, String marker) {
        try (Connection probe =
                Sluice.connect(PostgresServer.trust(PostgresServer.SHARED_PORT, "postgres", "pool_probe"))) {
            return probe.query(
                                    "SELECT count(*) FROM pg_stat_activity"
                                            + " WHERE pid = $1 AND state = 'active' AND query LIKE $2",
                                    r -> r.getLong(0),
                                    (int) sessionId,
                                    "%" + marker + "%")
                            .getFirst()
                    > 0;
        }
    }

    /** The driver reads through a selector, which an interrupt wakes without closing the socket. */
    @Override
    protected boolean keepsConnectionWhenInterrupted() {
        return true;
    }

    @Test
    void shouldPassCopyAndNotificationsThroughToThePooledConnection() {
        try (ConnectionPool pool = pool().maxSize(1).build()) {
            pool.useConnection(c -> {
                c.executeScript("CREATE TEMP TABLE sltk_pool_copy (id int, name text)");
                long loaded = c.copyIn(
                        "COPY sltk_pool_copy FROM STDIN",
                        new ByteArrayInputStream("1\ta\n2\tb\n".getBytes(StandardCharsets.UTF_8)));
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                long dumped = c.copyOut("COPY sltk_pool_copy TO STDOUT", out);
                assertThat(loaded).isEqualTo(2);
                assertThat(dumped).isEqualTo(2);
                assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("1\ta\n2\tb\n");
                c.execute("LISTEN sltk_pool_events");
                c.execute("NOTIFY sltk_pool_events, 'hello'");
                assertThat(c.awaitNotifications(Duration.ofSeconds(10)))
                        .extracting(Notification::payload)
                        .containsExactly("hello");
            });
            // the pool's reset on return (UNLISTEN *) leaves nothing for the next borrower
            pool.useConnection(c ->
                    assertThat(c.awaitNotifications(Duration.ofMillis(100))).isEmpty());
        }
    }

    @Test
    void shouldUseRotatedPasswordForNextConnection() {
        AtomicReference<String> password = new AtomicReference<>("expired-password");
        try (ConnectionPool pool = ConnectionPool.builder(() -> PostgresServer.scram(password.get(), APP))
                .listener(PoolListener.NONE)
                .connectionTimeout(Duration.ofMillis(500))
                .build()) {
            assertThatThrownBy(pool::connection).isInstanceOf(PoolExhaustedException.class);
            waitUntil(() -> pool.stats().creationFailures() > 0, "login with the expired password refused");
            assertThatThrownBy(pool::connection)
                    .isInstanceOf(PoolExhaustedException.class)
                    .hasMessageContaining("total=0")
                    .hasCauseInstanceOf(AuthenticationException.class)
                    .cause()
                    .message()
                    .doesNotContain("expired-password");
            password.set("sluice-scram-pw");
            try (Connection c = pool.connection(Duration.ofSeconds(20))) {
                assertThat(c.query("SELECT current_user", r -> r.getString(0))).containsExactly("sluice_scram");
            }
        }
    }
}
