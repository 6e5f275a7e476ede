package io.sluice.pool;

import static io.sluice.pool.Eventually.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.AuthenticationException;
import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.Notification;
import io.sluice.PoolExhaustedException;
import io.sluice.RowStream;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The pool against the real PostgreSQL on 5432 and its driver; tables use the prefix {@code pool_}. */
class PoolPostgresTest {
    private static final String APP = "pool_test";
    private final List<String> rolledBack = new CopyOnWriteArrayList<>();
    private final List<String> evictions = new CopyOnWriteArrayList<>();
    private final PoolListener listener = new PoolListener() {
        @Override
        public void onRolledBack(String poolName, String borrower) {
            rolledBack.add(borrower);
        }

        @Override
        public void onEvicted(String poolName, String reason, Throwable cause) {
            evictions.add(reason);
        }
    };

    private ConnectionPoolBuilder pool(String app) {
        return ConnectionPool.builder(() -> PostgresServer.trust(PostgresServer.SHARED_PORT, "test", app))
                .listener(listener);
    }

    @AfterEach
    void noBackendLeft() {
        // every pool is closed by its test: the server must not keep any of its sessions
        waitUntil(() -> PostgresServer.backends(PostgresServer.SHARED_PORT, APP) == 0, "no pool_test backend left");
    }

    @Test
    void shouldRollBackOpenTransactionWhenConnectionReturns() {
        try (ConnectionPool pool = pool(APP).maxSize(1).build()) {
            pool.useConnection(c -> c.executeScript("CREATE TEMP TABLE pool_rollback (id int)"));
            Connection c = pool.connection();
            c.begin();
            c.execute("INSERT INTO pool_rollback VALUES (1)");
            c.close();
            long rows = pool.withConnection(d -> d.query("SELECT count(*) FROM pool_rollback", r -> r.getLong(0))
                    .getFirst());
            assertThat(rows).isZero();
            assertThat(rolledBack).hasSize(1);
            assertThat(pool.stats().rolledBack()).isEqualTo(1);
        }
    }

    @Test
    void shouldPassCopyAndNotificationsThroughToThePooledConnection() {
        try (ConnectionPool pool = pool(APP).maxSize(1).build()) {
            pool.useConnection(c -> {
                c.executeScript("CREATE TEMP TABLE pool_copy (id int, name text)");
                long loaded = c.copyIn(
                        "COPY pool_copy FROM STDIN",
                        new ByteArrayInputStream("1\ta\n2\tb\n".getBytes(StandardCharsets.UTF_8)));
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                long dumped = c.copyOut("COPY pool_copy TO STDOUT", out);
                assertThat(loaded).isEqualTo(2);
                assertThat(dumped).isEqualTo(2);
                assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("1\ta\n2\tb\n");
                c.execute("LISTEN pool_events");
                c.execute("NOTIFY pool_events, 'hello'");
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
    void shouldEvictConnectionWhenItsBackendIsTerminated() {
        try (ConnectionPool pool = pool(APP).maxSize(1).build()) {
            long pid = pool.withConnection(
                    c -> c.query("SELECT pg_backend_pid()", r -> r.getInt(0)).getFirst());
            Connection c = pool.connection();
            PostgresServer.terminate(PostgresServer.SHARED_PORT, pid);
            assertThatThrownBy(() -> c.query("SELECT 1", r -> r.getInt(0)))
                    .isInstanceOfAny(ServerException.class, ConnectionException.class);
            c.close();
            assertThat(evictions).containsExactly("fatal error");
            long next = pool.withConnection(
                    d -> d.query("SELECT pg_backend_pid()", r -> r.getInt(0)).getFirst());
            assertThat(next).isNotEqualTo(pid);
            assertThat(pool.stats().evicted()).isEqualTo(1);
        }
    }

    @Test
    void shouldValidateIdleConnectionsWhenTheirBackendsWereTerminated() {
        try (ConnectionPool pool =
                pool(APP).minIdle(2).maxSize(2).validationWindow(Duration.ZERO).build()) {
            pool.awaitMinIdle(Duration.ofSeconds(20));
            Connection a = pool.connection();
            Connection b = pool.connection();
            long pidA = a.serverInfo().sessionId();
            long pidB = b.serverInfo().sessionId();
            a.close();
            b.close();
            PostgresServer.terminate(PostgresServer.SHARED_PORT, pidA);
            PostgresServer.terminate(PostgresServer.SHARED_PORT, pidB);
            int one = pool.withConnection(
                    c -> c.query("SELECT 1", r -> r.getInt(0)).getFirst());
            assertThat(one).isEqualTo(1);
            assertThat(pool.stats().evicted()).isGreaterThanOrEqualTo(1);
        }
    }

    @Test
    @Timeout(60) // without the pool closing the stream, the next borrower blocks behind it
    void shouldServeNextBorrowerWhenPreviousOneLeftStreamOpen() {
        try (ConnectionPool pool = pool(APP).maxSize(1).build()) {
            Connection c = pool.connection();
            RowStream rows = c.stream("SELECT g FROM generate_series(1, 10000) g", 10);
            assertThat(rows.next().getInt(0)).isEqualTo(1);
            c.close();
            int one;
            try (Connection d = pool.connection(Duration.ofSeconds(20))) {
                one = d.query("SELECT 1", r -> r.getInt(0)).getFirst();
            }
            assertThat(one).isEqualTo(1);
        }
    }

    @Test
    void shouldRunInitSqlOnNewConnections() {
        try (ConnectionPool pool =
                pool(APP).initSql("SET statement_timeout = '7s'").build()) {
            String timeout = pool.withConnection(
                    c -> c.query("SHOW statement_timeout", r -> r.getString(0)).getFirst());
            assertThat(timeout).isEqualTo("7s");
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

    @Test
    void shouldKeepInterruptFlagWhenInterruptedWhileWaitingForServerConnection() throws Exception {
        try (ConnectionPool pool = pool(APP).maxSize(1).build();
                Connection held = pool.connection()) {
            AtomicReference<SluiceException> thrown = new AtomicReference<>();
            AtomicReference<Boolean> flag = new AtomicReference<>();
            Thread t = Thread.ofVirtual().start(() -> {
                try {
                    pool.connection();
                } catch (SluiceException e) {
                    thrown.set(e);
                    flag.set(Thread.currentThread().isInterrupted());
                }
            });
            waitUntil(() -> pool.stats().waiting() == 1, "borrower queued");
            t.interrupt();
            t.join();
            assertThat(thrown.get())
                    .isInstanceOf(PoolWaitInterruptedException.class)
                    .hasMessageContaining("maxSize=1");
            assertThat(flag.get()).isTrue();
            assertThat(held.query("SELECT 1", r -> r.getInt(0))).containsExactly(1);
        }
    }

    @Test
    void shouldCloseEveryServerSessionWhenPoolCloses() {
        ConnectionPool pool = pool(APP).minIdle(3).maxSize(5).build();
        pool.awaitMinIdle(Duration.ofSeconds(20));
        Connection held = pool.connection();
        assertThat(PostgresServer.backends(PostgresServer.SHARED_PORT, APP))
                .isEqualTo(pool.stats().total());
        Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            held.close();
        });
        assertThat(pool.close(Duration.ofSeconds(20))).isTrue();
        assertThat(pool.stats().total()).isZero();
    }
}
