package io.sluice.pool;

import static io.sluice.pool.Eventually.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Sluice;
import io.sluice.SluiceException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The pool serves the MySQL/MariaDB driver too: the same behaviours against the set-up's MariaDB. */
class PoolMariadbTest {
    private static final ConnectionConfig CONFIG =
            ConnectionConfig.fromUrl("mariadb://root@127.0.0.1:3306/test?sslmode=disable");

    private static ConnectionPool pool() {
        return ConnectionPool.builder(CONFIG)
                .listener(PoolListener.NONE)
                .maxSize(1)
                .build();
    }

    @Test
    void shouldRollBackOpenTransactionWhenConnectionReturns() {
        try (ConnectionPool pool = pool()) {
            pool.useConnection(c -> c.executeScript("CREATE TEMPORARY TABLE pool_rollback (id INT) ENGINE=InnoDB"));
            Connection c = pool.connection();
            c.begin();
            c.execute("INSERT INTO pool_rollback VALUES (1)");
            c.close();
            long rows = pool.withConnection(d -> d.query("SELECT COUNT(*) FROM pool_rollback", r -> r.getLong(0))
                    .getFirst());
            assertThat(rows).isZero();
            assertThat(pool.stats().rolledBack()).isEqualTo(1);
        }
    }

    @Test
    void shouldEvictConnectionWhenServerKillsIt() {
        try (ConnectionPool pool = pool()) {
            long id = pool.withConnection(
                    c -> c.query("SELECT CONNECTION_ID()", r -> r.getLong(0)).getFirst());
            Connection c = pool.connection();
            try (Connection admin = Sluice.connect(CONFIG)) {
                admin.execute("KILL " + id); // our own session, found through CONNECTION_ID()
                waitUntil(
                        () -> admin.query(
                                                "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = ?",
                                                r -> r.getLong(0),
                                                id)
                                        .getFirst()
                                == 0,
                        "session " + id + " gone");
            }
            assertThatThrownBy(() -> c.query("SELECT 1", r -> r.getInt(0))).isInstanceOf(SluiceException.class);
            c.close();
            waitUntil(() -> pool.stats().total() == 0, "killed connection evicted");
            long next;
            try (Connection d = pool.connection(Duration.ofSeconds(20))) {
                next = d.query("SELECT CONNECTION_ID()", r -> r.getLong(0)).getFirst();
            }
            assertThat(next).isNotEqualTo(id);
            assertThat(pool.stats().evicted()).isEqualTo(1);
        }
    }
}
