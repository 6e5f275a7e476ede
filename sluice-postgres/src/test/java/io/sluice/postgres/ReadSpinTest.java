package io.sluice.postgres;

import io.sluice.Connection;
import io.sluice.QueryCancelledException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The {@code spin_micros} setting: a waiting reader spins on the socket before it sleeps (a virtual
 * thread yielding its carrier between reads). Results must not depend on it, whether a spin catches
 * the answer (a quick query, the chunks of a large one) or misses it (an answer slower than the spin),
 * and an interrupt during a spin still cancels the query and leaves the connection usable.
 */
class ReadSpinTest {
    private static final String LARGE = "SELECT g, repeat('x', g % 97) FROM generate_series(1, 50000) AS g";

    private static Connection connect(String spinMicros) {
        return new PgDriver().connect(PgTestConfig.trust().property("spin_micros", spinMicros).build());
    }

    @Test
    void shouldReadTheSameRowsWhetherItSpinsOrSleeps() {
        List<String> sleeping;
        try (Connection c = connect("0")) {
            sleeping = c.query(LARGE, r -> r.getInt(0) + ":" + r.getString(1));
        }
        for (String spin : List.of("50", "100000")) {
            try (Connection c = connect(spin)) {
                assertThat(c.query(LARGE, r -> r.getInt(0) + ":" + r.getString(1))).isEqualTo(sleeping);
                for (int i = 0; i < 200; i++) { // quick answers, caught by the spin
                    assertThat(c.query("SELECT $1::int + 1", r -> r.getInt(0), i)).containsExactly(i + 1);
                }
                // slower than the spin: the reader sleeps after it, and the backoff after the misses
                for (int i = 0; i < 3; i++) {
                    assertThat(c.query("SELECT pg_sleep(0.02)::text, $1::int", r -> r.getInt(1), i)).containsExactly(i);
                }
                assertThat(c.query("SELECT 7", r -> r.getInt(0))).containsExactly(7);
            }
        }
    }

    @Test
    void shouldReadTheSameRowsOnVirtualThreadsThatYieldWhileTheySpin() throws Exception {
        List<String> sleeping;
        try (Connection c = connect("0")) {
            sleeping = c.query(LARGE, r -> r.getInt(0) + ":" + r.getString(1));
        }
        // More virtual threads than carriers, each spinning 100 ms at most: they yield to one another.
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor(); Connection shared = connect("100000")) {
            List<Future<List<String>>> results = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                int thread = t;
                results.add(threads.submit(() -> {
                    try (Connection c = connect("100000")) {
                        for (int i = 0; i < 200; i++) {
                            assertThat(c.query("SELECT $1::int + 1", r -> r.getInt(0), i)).containsExactly(i + 1);
                            // pipelined on one connection: the turn passes between spinning virtual threads
                            assertThat(shared.query("SELECT $1::int * 2", r -> r.getInt(0), thread * 1000 + i))
                                    .containsExactly(2 * (thread * 1000 + i));
                        }
                        assertThat(c.query("SELECT pg_sleep(0.02)::text, $1::int", r -> r.getInt(1), thread))
                                .containsExactly(thread);
                        return c.query(LARGE, r -> r.getInt(0) + ":" + r.getString(1));
                    }
                }));
            }
            for (Future<List<String>> result : results) {
                assertThat(result.get()).isEqualTo(sleeping);
            }
        }
    }

    @Test
    void shouldCancelTheQueryWhenAVirtualThreadIsInterruptedWhileItSpins() throws Exception {
        // A spin of 100 ms: interrupted 50 ms into the query the thread is spinning; at 250 ms, asleep.
        for (long delay : new long[] {50, 250}) {
            try (Connection c = connect("100000")) {
                AtomicReference<Throwable> thrown = new AtomicReference<>();
                AtomicReference<Boolean> flag = new AtomicReference<>();
                Thread worker = Thread.ofVirtual().start(() -> {
                    try {
                        c.execute("SELECT pg_sleep(30)");
                    } catch (Throwable t) {
                        thrown.set(t);
                        flag.set(Thread.currentThread().isInterrupted());
                    }
                });
                Thread.sleep(delay);
                worker.interrupt();
                assertThat(worker.join(Duration.ofSeconds(10))).isTrue();
                assertThat(thrown.get()).isInstanceOf(QueryCancelledException.class);
                assertThat(flag.get()).isTrue();
                assertThat(c.query("SELECT 9", r -> r.getInt(0))).containsExactly(9);
            }
        }
    }

    @Test
    void shouldRejectASpinSettingOutOfRange() {
        for (String bad : List.of("-1", "100001", "soon")) {
            assertThatThrownBy(() -> connect(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("spin_micros").hasMessageContaining(bad);
        }
    }
}
