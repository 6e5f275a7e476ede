package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.PreparedStatement;
import io.sluice.SluiceException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Through PgBouncer 1.18 in transaction mode with two backends (bin/setup.d/35-pgbouncer.sh,
 * 127.0.0.1:6432): eight client connections share them, so a statement prepared by one client may be
 * missing on the backend of its next transaction, and another client's statements live there. Every
 * answer must still be this client's own, and nothing may fail.
 */
@Timeout(120)
class PgBouncerTest {
    private static final int CLIENTS = 8;
    private static final int ROUNDS = 150;

    private static ConnectionConfig.Builder bouncer() {
        return PgTestConfig.trust().port(6432);
    }

    @BeforeAll
    static void requirePgBouncer() {
        try (Connection c = new PgDriver().connect(bouncer().build())) {
            c.queryFirst("SELECT 1", r -> r.getInt(0));
        } catch (SluiceException e) { // not running, or another pooler without the set-up's database
            Assumptions.abort(
                    "PgBouncer is not running on 127.0.0.1:6432 (bin/setup.d/35-pgbouncer.sh): " + e.getMessage());
        }
    }

    @Test
    void shouldAnswerEveryClientWithItsOwnStatementsWhenBackendsAreShared() throws Exception {
        runClients(bouncer().build(), (c, client, round) -> {
            // Statement texts differ per client: a statement of another client, run by mistake, answers wrongly.
            assertThat(c.query("SELECT $1::int * " + client, r -> r.getInt(0), round))
                    .containsExactly(round * client);
            assertThat(c.queryFirst("SELECT 7 * " + client, r -> r.getInt(0))).contains(7 * client);
        });
    }

    @Test
    void shouldRunExplicitPreparedStatementsOnWhicheverBackendComes() throws Exception {
        runClients(bouncer().build(), new Work() {
            private final ThreadLocal<PreparedStatement> statement = new ThreadLocal<>();

            @Override
            public void run(Connection c, int client, int round) {
                if (statement.get() == null) {
                    statement.set(c.prepare("SELECT $1::int + " + client));
                }
                assertThat(statement.get().query(r -> r.getInt(0), round)).containsExactly(round + client);
            }
        });
    }

    @Test
    void shouldRunTransactionsWithoutTheStatementCache() throws Exception {
        // Inside a transaction a missing statement cannot be re-prepared (the transaction is already
        // aborted), so behind a pre-1.21 PgBouncer transactions use unnamed statements: cache size 0.
        runClients(
                bouncer().statementCacheSize(0).build(),
                (c, client, round) -> c.transaction(tx -> {
                    assertThat(tx.query("SELECT $1::int * " + client, r -> r.getInt(0), round))
                            .containsExactly(round * client);
                    assertThat(tx.queryFirst("SELECT 7 * " + client, r -> r.getInt(0)))
                            .contains(7 * client);
                    return null;
                }));
    }

    @FunctionalInterface
    private interface Work {
        void run(Connection c, int client, int round) throws Exception;
    }

    /** {@value #CLIENTS} clients on virtual threads, each on its own connection, {@value #ROUNDS} rounds each. */
    private static void runClients(ConnectionConfig config, Work work) throws Exception {
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> clients = new ArrayList<>();
            for (int i = 1; i <= CLIENTS; i++) {
                int client = i;
                clients.add(pool.submit(() -> {
                    try (Connection c = new PgDriver().connect(config)) {
                        for (int round = 1; round <= ROUNDS; round++) {
                            work.run(c, client, round);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : clients) {
                f.get();
            }
        }
    }
}
