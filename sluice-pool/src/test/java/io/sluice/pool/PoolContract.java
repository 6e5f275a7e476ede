package io.sluice.pool;

import static io.sluice.pool.Eventually.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.RowStream;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The pool's behaviour over a real driver and server, the same for every driver: reset on return,
 * eviction of connections whose server session died, validation, a stream left open, init SQL, an
 * interrupted borrower and a close that ends every server session. A driver's test subclasses it.
 */
abstract class PoolContract {
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

    /** Settings whose sessions {@link #openSessions()} counts, and no one else's. */
    protected abstract ConnectionConfig config();

    /** The server sessions opened with {@link #config()} that are still there, counted by the server. */
    protected abstract long openSessions();

    /** Ends server session {@code sessionId} (one this test opened) from outside and waits until it is gone. */
    protected abstract void terminate(long sessionId);

    /** DDL creating a temporary table {@code name} with one integer column {@code id}. */
    protected abstract String createTemporaryTable(String name);

    /** A query returning the integers 1 to {@code n} in order, in one column. */
    protected abstract String integers(int n);

    /** A session setting for init SQL: the statement, a query reading the setting back, and the value read. */
    protected abstract List<String> initSqlProbe();

    /** The reason the pool's listener gets when it evicts a connection whose session was terminated. */
    protected abstract String terminatedReason();

    protected ConnectionPoolBuilder pool() {
        return ConnectionPool.builder(config()).listener(listener);
    }

    @AfterEach
    void noSessionLeft() {
        // every pool is closed by its test: the server must not keep any of its sessions
        waitUntil(() -> openSessions() == 0, "no session of the test's pools left");
    }

    @Test
    void shouldRollBackOpenTransactionWhenConnectionReturns() {
        try (ConnectionPool pool = pool().maxSize(1).build()) {
            pool.useConnection(c -> c.executeScript(createTemporaryTable("sltk_pool_rollback")));
            Connection c = pool.connection();
            c.begin();
            c.execute("INSERT INTO sltk_pool_rollback VALUES (1)");
            c.close();
            long rows = pool.withConnection(d -> d.query("SELECT COUNT(*) FROM sltk_pool_rollback", r -> r.getLong(0))
                    .getFirst());
            assertThat(rows).isZero();
            assertThat(rolledBack).hasSize(1);
            assertThat(pool.stats().rolledBack()).isEqualTo(1);
        }
    }

    @Test
    void shouldEvictConnectionWhenItsSessionIsTerminated() {
        try (ConnectionPool pool = pool().maxSize(1).build()) {
            long id = pool.withConnection(c -> c.serverInfo().sessionId());
            Connection c = pool.connection();
            assertThat(c.serverInfo().sessionId()).isEqualTo(id);
            terminate(id);
            assertThatThrownBy(() -> c.query("SELECT 1", r -> r.getInt(0)))
                    .isInstanceOfAny(ServerException.class, ConnectionException.class);
            c.close();
            waitUntil(() -> pool.stats().total() == 0, "terminated connection evicted");
            assertThat(evictions).containsExactly(terminatedReason());
            long next = pool.withConnection(d -> d.serverInfo().sessionId());
            assertThat(next).isNotEqualTo(id);
            assertThat(pool.stats().evicted()).isEqualTo(1);
        }
    }

    @Test
    void shouldValidateIdleConnectionsWhenTheirSessionsWereTerminated() {
        try (ConnectionPool pool =
                pool().minIdle(2).maxSize(2).validationWindow(Duration.ZERO).build()) {
            pool.awaitMinIdle(Duration.ofSeconds(20));
            Connection a = pool.connection();
            Connection b = pool.connection();
            long idA = a.serverInfo().sessionId();
            long idB = b.serverInfo().sessionId();
            a.close();
            b.close();
            terminate(idA);
            terminate(idB);
            int one = pool.withConnection(
                    c -> c.query("SELECT 1", r -> r.getInt(0)).getFirst());
            assertThat(one).isEqualTo(1);
            assertThat(pool.stats().evicted()).isGreaterThanOrEqualTo(1);
        }
    }

    @Test
    @Timeout(60) // without the pool closing the stream, the next borrower blocks behind it
    void shouldServeNextBorrowerWhenPreviousOneLeftStreamOpen() {
        try (ConnectionPool pool = pool().maxSize(1).build()) {
            Connection c = pool.connection();
            RowStream rows = c.stream(integers(10_000), 10);
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
        List<String> probe = initSqlProbe();
        try (ConnectionPool pool = pool().initSql(probe.get(0)).build()) {
            String value = pool.withConnection(
                    c -> c.query(probe.get(1), r -> r.getString(0)).getFirst());
            assertThat(value).isEqualTo(probe.get(2));
        }
    }

    @Test
    void shouldKeepInterruptFlagWhenInterruptedWhileWaitingForServerConnection() throws Exception {
        try (ConnectionPool pool = pool().maxSize(1).build();
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
        ConnectionPool pool = pool().minIdle(3).maxSize(5).build();
        pool.awaitMinIdle(Duration.ofSeconds(20));
        Connection held = pool.connection();
        assertThat(openSessions()).isEqualTo(pool.stats().total());
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
