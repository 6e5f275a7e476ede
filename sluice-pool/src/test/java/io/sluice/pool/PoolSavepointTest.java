package io.sluice.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Savepoint;
import io.sluice.Sluice;
import io.sluice.TransactionStateException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A connection returned with savepoints open comes back to the next borrower with neither the
 * transaction nor its savepoints, on both drivers; savepoints, inner blocks and generated keys work
 * through a pooled handle.
 */
class PoolSavepointTest {

    static Stream<ConnectionConfig> servers() {
        return Stream.of(
                PostgresServer.trust(PostgresServer.SHARED_PORT, "test", "sltx_pool"),
                ConnectionConfig.fromUrl("mariadb://root@127.0.0.1:3306/test?sslmode=disable"));
    }

    private static List<Integer> ids(Connection c, String table) {
        return c.query("SELECT id FROM " + table + " ORDER BY id", r -> r.getInt(0));
    }

    @ParameterizedTest
    @MethodSource("servers")
    void shouldDropSavepointsAndTransactionWhenConnectionReturns(ConnectionConfig config) {
        String table = "sltx_pool_" + Long.toHexString(System.nanoTime());
        try (Connection admin = Sluice.connect(config);
                ConnectionPool pool = ConnectionPool.builder(config)
                        .listener(PoolListener.NONE)
                        .maxSize(1)
                        .build()) {
            admin.executeScript("CREATE TABLE " + table + " (id INT PRIMARY KEY)");
            try {
                Connection c = pool.connection();
                c.begin();
                c.execute("INSERT INTO " + table + " (id) VALUES (1)");
                Savepoint sp = c.savepoint("open_at_return");
                c.execute("INSERT INTO " + table + " (id) VALUES (2)");
                c.close();

                try (Connection next = pool.connection()) {
                    assertThat(next.inTransaction()).isFalse();
                    assertThat(next.transactionFailed()).isFalse();
                    next.begin();
                    assertThatThrownBy(() -> next.rollbackTo(sp)).isInstanceOf(TransactionStateException.class);
                    next.savepoint("open_at_return"); // the name is free: the old savepoint is gone
                    next.transaction(inner -> inner.execute("INSERT INTO " + table + " (id) VALUES (3)"));
                    next.commit();
                    long key = next.executeReturningKeys("INSERT INTO " + table + " (id) VALUES (4)", "id")
                            .affectedRows();
                    assertThat(key).isEqualTo(1);
                }
                assertThat(ids(admin, table)).containsExactly(3, 4);
                assertThat(pool.stats().rolledBack()).isEqualTo(1);
            } finally {
                admin.executeScript("DROP TABLE IF EXISTS " + table);
            }
        }
    }
}
