package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.RowMapper;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The {@code spin_micros} setting: a lone waiting reader spins on the socket before it sleeps. Results
 * must not depend on it, whether a spin catches the answer (a quick query, the chunks of a large one)
 * or misses it (an answer slower than the spin).
 */
class ReadSpinTest {
    private static final String LARGE = "SELECT g, repeat('x', g % 97) FROM generate_series(1, 50000) AS g";
    private static final RowMapper<String> LARGE_ROW = r -> r.getInt(0) + ":" + r.getString(1);

    private static Connection connect(String spinMicros) {
        return new PgDriver()
                .connect(
                        PgTestConfig.trust().property("spin_micros", spinMicros).build());
    }

    @Test
    void shouldReadTheSameRowsWhetherItSpinsOrSleeps() {
        readTheSameRowsWhetherItSpinsOrSleeps();
    }

    /** A virtual thread spins too, yielding its carrier between reads. */
    @Test
    void shouldReadTheSameRowsWhetherItSpinsOrSleepsOnAVirtualThread() throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = Thread.ofVirtual().start(() -> {
            try {
                readTheSameRowsWhetherItSpinsOrSleeps();
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        assertThat(t.join(Duration.ofMinutes(2))).as("virtual thread finished").isTrue();
        if (failure.get() != null) {
            throw new AssertionError("failed on the virtual thread", failure.get());
        }
    }

    /**
     * Virtual threads pipelining on one connection: its reader spins even while another connection's
     * reader waits too (that one in a slow query here), and every caller still gets its own rows,
     * quick answers, large ones and answers slower than the spin alike.
     */
    @Test
    void shouldAnswerEveryPipelinedCallerWhileAnotherReaderWaits() throws Exception {
        List<String> large = large();
        try (Connection shared = connect("200");
                Connection other = connect("200")) {
            Thread slow = Thread.ofPlatform().start(() -> other.query("SELECT pg_sleep(1)", r -> r.getString(0)));
            pipeline(shared, Thread.ofVirtual(), 16, large);
            slow.join();
        }
    }

    /**
     * Platform threads pipelining on one connection, its reader alone: it spins, and holds requests
     * written meanwhile back while the server has enough of them; every caller still gets its own rows.
     */
    @Test
    void shouldAnswerEveryPipelinedCallerOnPlatformThreads() throws Exception {
        List<String> large = large();
        try (Connection shared = connect("200")) {
            pipeline(shared, Thread.ofPlatform(), 8, large);
        }
    }

    private static List<String> large() {
        try (Connection c = connect("0")) { // read without spinning
            return c.query(LARGE, LARGE_ROW);
        }
    }

    /** {@code callers} threads share {@code shared}: quick queries, some slower than the spin, a few large ones. */
    private static void pipeline(Connection shared, Thread.Builder threads, int callers, List<String> large)
            throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> started = new java.util.ArrayList<>();
        for (int t = 0; t < callers; t++) {
            int caller = t;
            started.add(threads.start(() -> {
                try {
                    for (int i = 0; i < 100; i++) {
                        int v = caller * 1000 + i;
                        assertThat(shared.query("SELECT $1::int + 1", r -> r.getInt(0), v))
                                .containsExactly(v + 1);
                        if (i % 25 == 0) {
                            assertThat(shared.query("SELECT pg_sleep(0.01)::text, $1::int", r -> r.getInt(1), v))
                                    .containsExactly(v);
                        }
                    }
                    if (caller % 4 == 0) {
                        assertThat(shared.query(LARGE, LARGE_ROW)).isEqualTo(large);
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        for (Thread c : started) {
            assertThat(c.join(Duration.ofMinutes(2))).as("caller finished").isTrue();
        }
        if (failure.get() != null) {
            throw new AssertionError("a pipelined caller failed", failure.get());
        }
    }

    private static void readTheSameRowsWhetherItSpinsOrSleeps() {
        List<String> sleeping = large();
        for (String spin : List.of("50", "200", "100000")) {
            try (Connection c = connect(spin)) {
                assertThat(c.query(LARGE, LARGE_ROW)).isEqualTo(sleeping);
                for (int i = 0; i < 200; i++) { // quick answers, caught by the spin
                    assertThat(c.query("SELECT $1::int + 1", r -> r.getInt(0), i))
                            .containsExactly(i + 1);
                }
                // slower than the spin: the reader sleeps after it, and the backoff after the misses
                for (int i = 0; i < 3; i++) {
                    assertThat(c.query("SELECT pg_sleep(0.02)::text, $1::int", r -> r.getInt(1), i))
                            .containsExactly(i);
                }
                assertThat(c.query("SELECT 7", r -> r.getInt(0))).containsExactly(7);
            }
        }
    }

    @Test
    void shouldRejectASpinSettingOutOfRange() {
        for (String bad : List.of("-1", "100001", "soon")) {
            assertThatThrownBy(() -> connect(bad))
                    .isInstanceOf(io.sluice.ConfigurationException.class)
                    .hasMessageContaining("spin_micros")
                    .hasMessageContaining(bad);
        }
    }
}
