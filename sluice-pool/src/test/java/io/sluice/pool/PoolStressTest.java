package io.sluice.pool;

import static io.sluice.pool.Eventually.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Connection;
import io.sluice.SluiceException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/**
 * Many virtual threads doing everything at once (fatal errors, open transactions, short timeouts,
 * interrupts, pause/resume, lifetimes) against {@link FakeServer}; afterwards the pool's books must
 * balance with what the server sees.
 */
class PoolStressTest {
    private final FakeServer server = new FakeServer();

    @Test
    void shouldKeepCountsConsistentWithServerWhenEverythingHappensAtOnce() throws Exception {
        try (ConnectionPool pool = server.pool()
                .minIdle(2)
                .maxSize(6)
                .maxLifetime(Duration.ofMillis(30))
                .maxLifetimeJitter(Duration.ofMillis(10))
                .validationWindow(Duration.ofMillis(1))
                .housekeepingPeriod(Duration.ofMillis(5))
                .idleTimeout(Duration.ofMillis(20))
                .build()) {
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                threads.add(Thread.ofVirtual().start(() -> {
                    ThreadLocalRandom random = ThreadLocalRandom.current();
                    for (int j = 0; j < 50; j++) {
                        try (Connection c = pool.connection(Duration.ofMillis(random.nextInt(1, 50)))) {
                            switch (random.nextInt(10)) {
                                case 0 -> c.execute("BREAK");
                                case 1 -> c.execute("FAIL 57P01");
                                case 2 -> c.begin();
                                case 3 -> Thread.yield();
                                default -> c.execute("SELECT 1");
                            }
                        } catch (SluiceException expected) {
                            // timeouts, interrupts and the provoked failures
                        }
                        if (random.nextInt(100) == 0) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    Thread.interrupted();
                }));
            }
            Thread pauser = Thread.ofVirtual().start(() -> {
                for (int k = 0; k < 20; k++) {
                    pool.pause();
                    Thread.yield();
                    pool.resume();
                }
            });
            for (Thread t : threads) {
                t.join();
            }
            pauser.join();
            pool.resume();
            waitUntil(() -> pool.stats().pending() == 0 && pool.stats().active() == 0, "pool settled");
            PoolStats stats = pool.stats();
            assertThat(stats.waiting()).isZero();
            assertThat(stats.total()).isLessThanOrEqualTo(6);
            assertThat(stats.total()).isEqualTo(stats.idle());
            waitUntil(() -> server.open() == pool.stats().total(), "server sees exactly the pool's connections");
            assertThat(stats.created() - stats.closed()).isEqualTo(stats.total());
            int one = pool.withConnection(c -> (int) c.execute("SELECT 1"));
            assertThat(one).isEqualTo(1);
        }
        assertThat(server.open()).isZero();
    }
}
