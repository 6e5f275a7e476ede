package io.sluice.pool;

import static io.sluice.pool.Eventually.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.PoolExhaustedException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Lending, FIFO hand-off, timeouts, interrupts, pause/resume and close, against {@link FakeServer}. */
class PoolHandOffTest {
    private final FakeServer server = new FakeServer();

    @Test
    void shouldReuseOneConnectionWhenBorrowedSequentially() {
        try (ConnectionPool pool = server.pool().maxSize(4).build()) {
            for (int i = 0; i < 100; i++) {
                pool.useConnection(c -> c.execute("SELECT 1"));
            }
            assertThat(server.connects.get()).isEqualTo(1);
            PoolStats stats = pool.stats();
            assertThat(stats.borrows()).isEqualTo(100);
            assertThat(stats.active()).isZero();
            assertThat(stats.idle()).isEqualTo(1);
        }
    }

    @Test
    void shouldOpenConnectionsOnBackgroundThreadsWhenBorrowerFindsNoneIdle() {
        try (ConnectionPool pool = server.pool().maxSize(2).build();
                Connection c = pool.connection()) {
            assertThat(server.connectThreads).doesNotContain(Thread.currentThread());
            assertThat(server.connectThreads).allMatch(Thread::isVirtual);
        }
    }

    @Test
    void shouldHandConnectionsToWaitersInFifoOrderWhenPoolIsFull() throws Exception {
        try (ConnectionPool pool = server.pool().maxSize(1).build()) {
            Connection held = pool.connection();
            List<Integer> order = new CopyOnWriteArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                int n = i;
                threads.add(Thread.ofVirtual().start(() -> pool.useConnection(c -> order.add(n))));
                waitUntil(() -> pool.stats().waiting() == n + 1, "waiter " + n + " queued");
            }
            held.close();
            for (Thread t : threads) {
                t.join();
            }
            assertThat(order).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
            assertThat(server.connects.get()).isEqualTo(1);
        }
    }

    @Test
    void shouldKeepWaiterFirstInLineWhenConnectionHandedToItFailsValidation() throws Exception {
        try (ConnectionPool pool =
                server.pool().maxSize(1).validationWindow(Duration.ZERO).build()) {
            Connection held = pool.connection();
            List<String> order = new CopyOnWriteArrayList<>();
            Thread a = Thread.ofVirtual().start(() -> pool.useConnection(c -> order.add("a")));
            waitUntil(() -> pool.stats().waiting() == 1, "a queued");
            Thread b = Thread.ofVirtual().start(() -> pool.useConnection(c -> order.add("b")));
            waitUntil(() -> pool.stats().waiting() == 2, "b queued");
            server.connections.getFirst().unresponsive = true;
            held.close();
            a.join();
            b.join();
            assertThat(order).containsExactly("a", "b");
            assertThat(pool.stats().evicted()).isEqualTo(1);
        }
    }

    @Test
    void shouldStateCountsAndSettingWhenWaitTimesOut() {
        try (ConnectionPool pool = server.pool().maxSize(2).build();
                Connection a = pool.connection();
                Connection b = pool.connection()) {
            assertThatThrownBy(() -> pool.connection(Duration.ofMillis(50)))
                    .isInstanceOf(PoolExhaustedException.class)
                    .hasMessageStartingWith("connection not available: waited=")
                    .hasMessageContaining("total=2, active=2, idle=0, waiting=1, maxSize=2")
                    .hasMessageEndingWith("(raise maxSize or connectionTimeout)");
            assertThat(pool.stats().timeouts()).isEqualTo(1);
            assertThat(pool.stats().waiting()).isZero();
        }
    }

    @Test
    void shouldGiveLastCreationFailureAsCauseWhenServerIsDown() {
        server.down = true;
        try (ConnectionPool pool =
                server.pool().connectionTimeout(Duration.ofMillis(200)).build()) {
            assertThatThrownBy(pool::connection).isInstanceOf(PoolExhaustedException.class);
            waitUntil(() -> pool.stats().creationFailures() > 0, "a creation attempt failed");
            assertThatThrownBy(pool::connection)
                    .isInstanceOf(PoolExhaustedException.class)
                    .hasMessageContaining("total=0, active=0, idle=0")
                    .cause()
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("connection refused");
            assertThat(pool.stats().creationFailures()).isPositive();
        }
    }

    @Test
    void shouldWaitWhilePausedAndLendAfterResume() throws Exception {
        try (ConnectionPool pool = server.pool().maxSize(1).build()) {
            pool.useConnection(c -> {});
            pool.pause();
            assertThatThrownBy(() -> pool.connection(Duration.ofMillis(30)))
                    .isInstanceOf(PoolExhaustedException.class)
                    .hasMessageContaining("paused");
            AtomicInteger served = new AtomicInteger();
            Thread t = Thread.ofVirtual().start(() -> pool.useConnection(c -> served.incrementAndGet()));
            waitUntil(() -> pool.stats().waiting() == 1, "borrower waits while paused");
            assertThat(served.get()).isZero();
            pool.resume();
            t.join();
            assertThat(served.get()).isEqualTo(1);
        }
    }

    @Test
    void shouldFailWaitersAndNewBorrowersWhenPoolCloses() throws Exception {
        ConnectionPool pool = server.pool().maxSize(1).build();
        Connection held = pool.connection();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = Thread.ofVirtual().start(() -> {
            try {
                pool.connection();
            } catch (RuntimeException e) {
                thrown.set(e);
            }
        });
        waitUntil(() -> pool.stats().waiting() == 1, "borrower queued");
        Thread closer = Thread.ofVirtual().start(() -> pool.close(Duration.ofSeconds(20)));
        t.join();
        assertThat(thrown.get()).isInstanceOf(PoolClosedException.class);
        assertThatThrownBy(pool::connection).isInstanceOf(PoolClosedException.class);
        held.close();
        closer.join();
        assertThat(server.open()).isZero();
    }

    @Test
    void shouldCloseBorrowedConnectionsWhenGraceRunsOut() {
        ConnectionPool pool = server.pool().maxSize(2).build();
        Connection held = pool.connection();
        pool.useConnection(c -> {});
        assertThat(pool.close(Duration.ofMillis(20))).isFalse();
        assertThat(server.open()).isZero();
        assertThatThrownBy(() -> held.execute("SELECT 1")).isInstanceOf(ConnectionException.class);
        assertThat(pool.close(Duration.ofHours(1)))
                .as("second close: still one lent, no second wait")
                .isFalse();
        held.close();
        assertThat(pool.stats().total()).isZero();
        assertThat(pool.stats().active()).isZero();
        assertThat(pool.close(Duration.ofHours(1))).isTrue();
    }

    @Test
    void shouldLendEveryConnectionExactlyOnceWhenThousandVirtualThreadsCompete() throws Exception {
        try (ConnectionPool pool = server.pool().maxSize(10).build()) {
            AtomicInteger inUse = new AtomicInteger();
            AtomicInteger maxInUse = new AtomicInteger();
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                threads.add(Thread.ofVirtual().start(() -> {
                    for (int j = 0; j < 20; j++) {
                        pool.useConnection(c -> {
                            maxInUse.accumulateAndGet(inUse.incrementAndGet(), Math::max);
                            Thread.yield();
                            inUse.decrementAndGet();
                        });
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            PoolStats stats = pool.stats();
            assertThat(stats.borrows()).isEqualTo(20_000);
            assertThat(stats.active()).isZero();
            assertThat(stats.waiting()).isZero();
            assertThat(stats.total()).isLessThanOrEqualTo(10);
            assertThat(maxInUse.get()).isLessThanOrEqualTo(10);
            assertThat(server.connects.get()).isLessThanOrEqualTo(10);
        }
    }

    @Test
    void shouldRejectUseOfHandleWhenReturned() {
        try (ConnectionPool pool = server.pool().build()) {
            Connection c = pool.connection();
            c.close();
            c.close();
            assertThat(c.isClosed()).isTrue();
            assertThatThrownBy(() -> c.execute("SELECT 1"))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageStartingWith("connection already returned to the pool");
            assertThat(pool.stats().idle()).isEqualTo(1);
        }
    }
}
