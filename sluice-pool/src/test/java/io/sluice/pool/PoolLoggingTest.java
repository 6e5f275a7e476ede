package io.sluice.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.SluiceException;
import io.sluice.testing.LogCapture;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What the default listener logs through System.Logger ({@code io.sluice.pool}) against the real PostgreSQL. */
@Timeout(60)
class PoolLoggingTest {
    private static final String APP = "slob_pool_log";

    @Test
    void shouldLogOpenedRolledBackAndBrokenConnections() {
        List<String> lines;
        try (LogCapture log = LogCapture.of("io.sluice.pool");
                ConnectionPool pool = ConnectionPool.builder(
                                () -> PostgresServer.trust(PostgresServer.SHARED_PORT, "test", APP))
                        .name("slob_log")
                        .maxSize(1)
                        .build()) {
            Connection c = pool.connection();
            c.begin();
            c.close(); // returned inside a transaction: rolled back
            Connection d = pool.connection();
            PostgresServer.terminate(PostgresServer.SHARED_PORT, d.serverInfo().sessionId());
            assertThatThrownBy(() -> d.query("SELECT 1", r -> r.getInt(0))).isInstanceOf(SluiceException.class);
            d.close(); // broken: evicted, and a new connection replaces it
            List<Integer> one = pool.withConnection(e -> e.query("SELECT 1", r -> r.getInt(0)));
            assertThat(one).containsExactly(1);
            lines = log.lines();
        }
        assertThat(lines)
                .filteredOn(l -> l.equals("FINE connection opened: pool=slob_log"))
                .hasSize(2);
        assertThat(lines).anySatisfy(l -> assertThat(l)
                .startsWith("WARNING connection returned with an open transaction, rolled back: "
                        + "pool=slob_log, borrower="));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("INFO connection evicted: pool=slob_log, reason="));
    }

    @Test
    void shouldLogCreationFailureWithoutThePassword() {
        String wrong = "slob-wrong-pool-pw";
        List<String> lines;
        try (LogCapture log = LogCapture.of("io.sluice.pool");
                ConnectionPool pool = ConnectionPool.builder(() -> PostgresServer.scram(wrong, APP))
                        .name("slob_fail")
                        .maxSize(1)
                        .minIdle(0)
                        .connectionTimeout(Duration.ofMillis(500))
                        .build()) {
            assertThatThrownBy(pool::connection).isInstanceOf(SluiceException.class);
            lines = log.lines();
        }
        assertThat(lines).anySatisfy(l -> assertThat(l)
                .startsWith(
                        "WARNING connection could not be opened, retrying while borrowers wait: " + "pool=slob_fail")
                .contains("user=sluice_scram"));
        assertThat(lines).noneSatisfy(l -> assertThat(l).contains(wrong));
    }
}
