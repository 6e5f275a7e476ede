package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Connection;
import io.sluice.ServerException;
import io.sluice.Sluice;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What PostgreSQL does to a transaction on its own: a deadlock only fails it, a savepoint rescues it. */
class PgTransactionTest {
    private Connection first;
    private Connection second;
    private String table;

    @BeforeEach
    void createTable() {
        first = Sluice.connect(PgTestConfig.trust().build());
        second = Sluice.connect(PgTestConfig.trust().build());
        table = "sltx_pgtx_" + Long.toHexString(System.nanoTime());
        first.executeScript("CREATE TABLE " + table + " (id int PRIMARY KEY, n int)");
        first.executeScript("INSERT INTO " + table + " VALUES (1, 0), (2, 0)");
        first.executeScript("SET lock_timeout = '20s'"); // bounds every wait below
        second.executeScript("SET lock_timeout = '20s'");
    }

    @AfterEach
    void dropTable() {
        first.close();
        second.close();
        try (Connection c = Sluice.connect(PgTestConfig.trust().build())) {
            c.executeScript("DROP TABLE IF EXISTS " + table);
        }
    }

    @Test
    void shouldKeepOuterTransactionWhenDeadlockHitsInnerBlock() throws Exception {
        first.begin();
        first.execute("UPDATE " + table + " SET n = 1 WHERE id = 1");
        second.begin();
        second.execute("UPDATE " + table + " SET n = 2 WHERE id = 2");
        FutureTask<Object> firstInner = inner(first, "UPDATE " + table + " SET n = 1 WHERE id = 2");
        FutureTask<Object> secondInner = inner(second, "UPDATE " + table + " SET n = 2 WHERE id = 1");
        // The victim's inner block is undone, but its outer transaction keeps its first lock: the
        // survivor's UPDATE waits until the victim commits.
        while (!firstInner.isDone() && !secondInner.isDone()) {
            Thread.sleep(10);
        }
        Connection victim = firstInner.isDone() ? first : second;
        Connection survivor = victim == first ? second : first;
        Object victimOutcome = (victim == first ? firstInner : secondInner).get();
        assertThat(victimOutcome).isInstanceOfSatisfying(ServerException.class, e -> assertThat(e.sqlState())
                .isEqualTo("40P01"));
        // unlike MySQL, the victim's outer transaction goes on: only the inner block was undone
        assertThat(victim.inTransaction()).isTrue();
        assertThat(victim.transactionFailed()).isFalse();
        victim.commit();
        assertThat((victim == first ? secondInner : firstInner).get(30, TimeUnit.SECONDS))
                .isEqualTo(1L);
        survivor.commit();
        assertThat(victim.query("SELECT n FROM " + table + " ORDER BY id", r -> r.getInt(0)))
                .containsExactly(survivor == first ? 1 : 2, survivor == first ? 1 : 2);
    }

    /** Runs {@code sql} in an inner block of {@code c}'s open transaction on a thread of its own. */
    private static FutureTask<Object> inner(Connection c, String sql) {
        FutureTask<Object> task = new FutureTask<>(() -> {
            try {
                return c.transaction(tx -> tx.execute(sql));
            } catch (RuntimeException e) {
                return e;
            }
        });
        Thread.ofPlatform().daemon().start(task);
        return task;
    }
}
