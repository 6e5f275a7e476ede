package io.sluice.pool;

import static io.sluice.pool.Eventually.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.ServerException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What happens when a connection comes back: reset, eviction, leak reports; against {@link FakeServer}. */
class PoolReturnTest {
    private final FakeServer server = new FakeServer();
    private final List<String> rolledBack = new CopyOnWriteArrayList<>();
    private final List<String> evictions = new CopyOnWriteArrayList<>();
    private final List<ConnectionLeakException> leaks = new CopyOnWriteArrayList<>();
    private final PoolListener listener = new PoolListener() {
        @Override
        public void onLeak(ConnectionLeakException trace) {
            leaks.add(trace);
        }

        @Override
        public void onRolledBack(String poolName, String borrower) {
            rolledBack.add(borrower);
        }

        @Override
        public void onEvicted(String poolName, String reason, Throwable cause) {
            evictions.add(reason);
        }
    };

    @Test
    void shouldRollBackAndReportWhenReturnedInTransaction() {
        try (ConnectionPool pool = server.pool().listener(listener).build()) {
            Connection c = pool.connection();
            c.begin();
            c.close();
            FakeConnection physical = server.connections.getFirst();
            assertThat(physical.inTransaction).isFalse();
            assertThat(physical.rollbacks).isEqualTo(1);
            assertThat(rolledBack)
                    .singleElement()
                    .asString()
                    .contains("#" + Thread.currentThread().threadId());
            assertThat(pool.stats().rolledBack()).isEqualTo(1);
            assertThat(pool.stats().idle()).isEqualTo(1);
        }
    }

    @Test
    void shouldCloseStreamsAndStatementsLeftOpenWhenConnectionReturns() {
        try (ConnectionPool pool = server.pool().build()) {
            Connection c = pool.connection();
            c.stream("SELECT 1", 10);
            c.prepare("SELECT 1").close();
            c.prepare("SELECT 2");
            c.close();
            assertThat(server.connections.getFirst().opened).hasSize(3).allSatisfy(r -> assertThat(
                            ((FakeConnection.Resource) r).closed)
                    .isTrue());
        }
    }

    @Test
    void shouldRestoreQueryTimeoutWhenBorrowerChangedIt() {
        try (ConnectionPool pool = server.pool().build()) {
            pool.useConnection(c -> c.queryTimeout(Duration.ofSeconds(3)));
            Duration timeout = pool.withConnection(Connection::queryTimeout);
            assertThat(timeout).isEqualTo(Duration.ZERO);
        }
    }

    @Test
    void shouldResetSessionOnReturnWhenConfigured() {
        try (ConnectionPool pool = server.pool().resetSessionOnReturn(true).build()) {
            pool.useConnection(c -> {});
            assertThat(server.connections.getFirst().resets).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"FAIL 57P01", "FAIL 08006", "BREAK"})
    void shouldEvictConnectionWhenItSawFatalError(String failure) {
        try (ConnectionPool pool = server.pool().listener(listener).build()) {
            assertThatThrownBy(() -> pool.useConnection(c -> c.execute(failure)))
                    .isInstanceOfAny(ServerException.class, ConnectionException.class);
            assertThat(pool.stats().total()).isZero();
            assertThat(pool.stats().evicted()).isEqualTo(1);
            assertThat(server.connections.getFirst().closed).isTrue();
            assertThat(evictions).containsExactly("fatal error");
            pool.useConnection(c -> c.execute("SELECT 1"));
            assertThat(server.connects.get()).isEqualTo(2);
        }
    }

    @Test
    void shouldKeepConnectionWhenErrorIsNotFatal() {
        try (ConnectionPool pool = server.pool().build()) {
            assertThatThrownBy(() -> pool.useConnection(c -> c.execute("FAIL 23505")))
                    .isInstanceOf(ServerException.class);
            pool.useConnection(c -> c.execute("SELECT 1"));
            assertThat(server.connects.get()).isEqualTo(1);
            assertThat(pool.stats().evicted()).isZero();
        }
    }

    @Test
    void shouldValidateOtherIdleConnectionsWhenOneSawFatalError() {
        try (ConnectionPool pool =
                server.pool().maxSize(2).validationWindow(Duration.ofHours(1)).build()) {
            Connection a = pool.connection();
            Connection b = pool.connection();
            b.close();
            server.restart();
            assertThatThrownBy(() -> a.execute("SELECT 1")).isInstanceOf(ConnectionException.class);
            a.close();
            // b's connection is idle and dead; without the fatal error it would be lent unchecked
            long n = pool.withConnection(c -> c.execute("SELECT 1"));
            assertThat(n).isEqualTo(1);
            assertThat(server.connects.get()).isEqualTo(3);
        }
    }

    @Test
    void shouldReportLeakWithBorrowerStackWhenHeldPastThreshold() {
        try (ConnectionPool pool = server.pool()
                .listener(listener)
                .leakDetectionThreshold(Duration.ofMillis(40))
                .build()) {
            Connection held = pool.connection();
            waitUntil(() -> !leaks.isEmpty(), "leak reported");
            ConnectionLeakException leak = leaks.getFirst();
            assertThat(leak.getMessage())
                    .startsWith("connection held longer than the leak detection threshold: pool=")
                    .contains("borrower=", "threshold=40ms", "leakDetectionThreshold");
            assertThat(leak.getStackTrace())
                    .anyMatch(f -> f.getMethodName().equals("shouldReportLeakWithBorrowerStackWhenHeldPastThreshold"));
            assertThat(pool.stats().leaks()).isEqualTo(1);
            held.close();
        }
    }
}
