package io.sluice.postgres;

import io.sluice.Connection;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The {@code spin_micros} setting: a lone waiting reader spins on the socket before it sleeps. Results
 * must not depend on it, whether a spin catches the answer (a quick query, the chunks of a large one)
 * or misses it (an answer slower than the spin).
 */
class ReadSpinTest {
    private static final String LARGE = "SELECT g, repeat('x', g % 97) FROM generate_series(1, 50000) AS g";

    private static Connection connect(String spinMicros) {
        return new PgDriver().connect(PgTestConfig.trust().property("spin_micros", spinMicros).build());
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

    private static void readTheSameRowsWhetherItSpinsOrSleeps() {
        List<String> sleeping;
        try (Connection c = connect("0")) {
            sleeping = c.query(LARGE, r -> r.getInt(0) + ":" + r.getString(1));
        }
        for (String spin : List.of("50", "200", "100000")) {
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
    void shouldRejectASpinSettingOutOfRange() {
        for (String bad : List.of("-1", "100001", "soon")) {
            assertThatThrownBy(() -> connect(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("spin_micros").hasMessageContaining(bad);
        }
    }
}
