package io.sluice.pool;

import static io.sluice.pool.Eventually.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.PoolExhaustedException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** minIdle, lifetimes, idle timeout, keepalive, credentials and creation retries, against {@link FakeServer}. */
class PoolLifecycleTest {
    private final FakeServer server = new FakeServer();

    @Test
    void shouldOpenMinIdleConnectionsInBackgroundWhenBuilt() {
        try (ConnectionPool pool = server.pool().minIdle(3).maxSize(5).build()) {
            pool.awaitMinIdle(Duration.ofSeconds(20));
            assertThat(pool.stats().idle()).isEqualTo(3);
            assertThat(server.connectThreads).allMatch(Thread::isVirtual);
        }
    }

    @Test
    void shouldFailAwaitMinIdleWithLastFailureWhenServerIsDown() {
        server.down = true;
        try (ConnectionPool pool = server.pool().minIdle(1).build()) {
            waitUntil(() -> pool.stats().creationFailures() > 0, "a creation attempt failed");
            assertThatThrownBy(() -> pool.awaitMinIdle(Duration.ofMillis(100)))
                    .isInstanceOf(PoolExhaustedException.class)
                    .hasMessageContaining("minIdle=1")
                    .hasCauseInstanceOf(ConnectionException.class);
        }
    }

    @Test
    void shouldReplaceConnectionWhenMaxLifetimeReached() throws Exception {
        try (ConnectionPool pool = server.pool()
                .maxLifetime(Duration.ofMillis(200))
                .maxLifetimeJitter(Duration.ZERO)
                .validationWindow(Duration.ofHours(1))
                .build()) {
            long first = pool.withConnection(c -> c.serverInfo().sessionId());
            Thread.sleep(300);
            long second = pool.withConnection(c -> c.serverInfo().sessionId());
            assertThat(second).isNotEqualTo(first);
            assertThat(server.connections.getFirst().closed).isTrue();
        }
    }

    @Test
    void shouldRejectJitterWhenNotBelowMaxLifetime() {
        assertThatThrownBy(() -> server.pool()
                        .maxLifetime(Duration.ofSeconds(1))
                        .maxLifetimeJitter(Duration.ofSeconds(1))
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxLifetimeJitter");
    }

    @Test
    void shouldCloseIdleConnectionsAfterIdleTimeoutButKeepMinIdle() throws Exception {
        try (ConnectionPool pool = server.pool()
                .minIdle(1)
                .maxSize(4)
                .idleTimeout(Duration.ofMillis(30))
                .housekeepingPeriod(Duration.ofMillis(20))
                .build()) {
            Connection a = pool.connection();
            Connection b = pool.connection();
            Connection c = pool.connection();
            a.close();
            b.close();
            c.close();
            waitUntil(() -> pool.stats().total() == 1, "idle connections closed down to minIdle");
            waitUntil(() -> server.open() == 1, "the server sees them closed");
            assertThat(pool.stats().closed()).isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    void shouldEvictDeadIdleConnectionWhenKeepaliveRuns() {
        try (ConnectionPool pool = server.pool()
                .minIdle(2)
                .maxSize(2)
                .keepalive(Duration.ofMillis(30))
                .housekeepingPeriod(Duration.ofMillis(20))
                .build()) {
            pool.awaitMinIdle(Duration.ofSeconds(20));
            server.connections.getFirst().broken = true;
            waitUntil(() -> pool.stats().evicted() == 1, "dead idle connection evicted by keepalive");
            waitUntil(() -> pool.stats().idle() == 2, "replacement opened for minIdle");
            assertThat(server.connects.get()).isEqualTo(3);
        }
    }

    @Test
    void shouldAskCredentialsSupplierForEveryNewConnection() {
        AtomicInteger rotation = new AtomicInteger();
        try (ConnectionPool pool = ConnectionPool.builder(() -> FakeServer.config("user-" + rotation.incrementAndGet()))
                .connector(server::connect)
                .listener(PoolListener.NONE)
                .maxSize(3)
                .build()) {
            Connection a = pool.connection();
            Connection b = pool.connection();
            Connection c = pool.connection();
            List.of(a, b, c).forEach(Connection::close);
            assertThat(server.users).containsExactlyInAnyOrder("user-1", "user-2", "user-3");
        }
    }

    @Test
    void shouldRunInitSqlOnEveryNewConnection() {
        AtomicInteger scripts = new AtomicInteger();
        try (ConnectionPool pool = server.pool()
                .initSql("SET x = 1")
                .connector(cfg -> new FakeConnection(1) {
                    @Override
                    public void executeScript(String sql) {
                        assertThat(sql).isEqualTo("SET x = 1");
                        scripts.incrementAndGet();
                    }
                })
                .build()) {
            pool.useConnection(c -> {});
            assertThat(scripts.get()).isEqualTo(1);
        }
    }

    @Test
    void shouldRecoverWhenServerComesBackWhileBorrowersWait() throws Exception {
        server.down = true;
        try (ConnectionPool pool = server.pool()
                .maxSize(2)
                .connectionTimeout(Duration.ofSeconds(20))
                .build()) {
            AtomicInteger served = new AtomicInteger();
            Thread t = Thread.ofVirtual().start(() -> pool.useConnection(c -> served.incrementAndGet()));
            waitUntil(() -> pool.stats().creationFailures() >= 2, "creation retried while the server is down");
            server.down = false;
            t.join();
            assertThat(served.get()).isEqualTo(1);
            assertThat(pool.stats().pending()).isZero();
        }
    }

    @Test
    void shouldKeepCreatingWhenConnectorThrowsAnError() {
        AtomicInteger calls = new AtomicInteger();
        try (ConnectionPool pool = server.pool()
                .connector(cfg -> {
                    if (calls.incrementAndGet() <= 2) {
                        throw new NoClassDefFoundError("driver class missing");
                    }
                    return server.connect(cfg);
                })
                .connectionTimeout(Duration.ofSeconds(20))
                .build()) {
            pool.useConnection(c -> c.execute("SELECT 1"));
            assertThat(pool.stats().creationFailures()).isEqualTo(2);
            assertThat(pool.stats().pending()).isZero();
        }
    }

    @Test
    void shouldStopRetryingWhenNobodyWaits() throws Exception {
        server.down = true;
        try (ConnectionPool pool =
                server.pool().connectionTimeout(Duration.ofMillis(30)).build()) {
            assertThatThrownBy(pool::connection).isInstanceOf(PoolExhaustedException.class);
            waitUntil(() -> pool.stats().pending() == 0, "creator gave up after the waiter left");
        }
    }
}
