package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ServerException;
import io.sluice.Sluice;
import io.sluice.TransactionStateException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What MySQL does to a transaction on its own: a deadlock ends it on the server. */
class MysqlTransactionTest {
    private Connection first;
    private Connection second;
    private String table;

    @BeforeEach
    void createTable() {
        first = Sluice.connect(MysqlTestSupport.root().build());
        second = Sluice.connect(MysqlTestSupport.root().build());
        table = "sltx_mytx_" + Long.toHexString(System.nanoTime());
        first.executeScript("CREATE TABLE " + table + " (id INT PRIMARY KEY, n INT) ENGINE=InnoDB");
        first.executeScript("INSERT INTO " + table + " VALUES (1, 0), (2, 0)");
        first.executeScript("SET SESSION innodb_lock_wait_timeout = 20");
        second.executeScript("SET SESSION innodb_lock_wait_timeout = 20");
    }

    @AfterEach
    void dropTable() {
        first.close();
        second.close();
        try (Connection c = Sluice.connect(MysqlTestSupport.root().build())) {
            c.executeScript("DROP TABLE IF EXISTS " + table);
        }
    }

    @Test
    void shouldEndWholeTransactionWhenDeadlockHitsInnerBlock() throws Exception {
        first.begin();
        first.execute("UPDATE " + table + " SET n = 1 WHERE id = 1");
        second.begin();
        second.execute("UPDATE " + table + " SET n = 2 WHERE id = 2");
        FutureTask<Object> blocked = new FutureTask<>(() -> {
            try {
                return first.transaction(c -> c.execute("UPDATE " + table + " SET n = 1 WHERE id = 2"));
            } catch (RuntimeException e) {
                return e;
            }
        });
        Thread.ofPlatform().daemon().start(blocked);
        // Whichever of the two crossing UPDATEs comes second closes the cycle: InnoDB picks a victim.
        Object secondOutcome;
        try {
            secondOutcome = second.transaction(c -> c.execute("UPDATE " + table + " SET n = 2 WHERE id = 1"));
        } catch (RuntimeException e) {
            secondOutcome = e;
        }
        Object firstOutcome = blocked.get(30, TimeUnit.SECONDS);
        Connection victim = firstOutcome instanceof ServerException ? first : second;
        Connection survivor = victim == first ? second : first;
        Object victimOutcome = victim == first ? firstOutcome : secondOutcome;
        assertThat(victimOutcome).isInstanceOfSatisfying(ServerException.class, e -> assertThat(e.getSuppressed())
                .singleElement()
                .isInstanceOf(TransactionStateException.class));
        assertThat(victim.inTransaction()).isFalse(); // the server rolled it all back
        assertThatThrownBy(() -> victim.rollbackTo(new io.sluice.Savepoint("any")))
                .isInstanceOf(TransactionStateException.class);
        assertThat(survivor.inTransaction()).isTrue();
        survivor.commit();
        assertThat(victim.query("SELECT n FROM " + table + " ORDER BY id", r -> r.getInt(0)))
                .containsExactly(survivor == first ? 1 : 2, survivor == first ? 1 : 2);
    }
}
