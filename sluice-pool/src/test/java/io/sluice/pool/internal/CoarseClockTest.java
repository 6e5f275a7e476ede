package io.sluice.pool.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The clock the borrow fast path reads: never ahead of nanoTime, never stale after a pause. */
class CoarseClockTest {

    @Test
    void shouldNeverRunAheadOfNanoTime() {
        for (int i = 0; i < 1_000_000; i++) {
            long coarse = CoarseClock.now();
            assertThat(coarse).isLessThanOrEqualTo(System.nanoTime());
        }
    }

    @Test
    void shouldReadAFreshTimeWhenReadAgainAfterThePausedTicker() throws InterruptedException {
        CoarseClock.now(); // the ticker runs, then stops once nobody reads the clock
        Thread.sleep(Duration.ofNanos(3 * CoarseClock.IDLE_TICKS * CoarseClock.TICK_NANOS));
        long before = System.nanoTime();
        long coarse = CoarseClock.now();
        // a ticker left stopped, or a restart that did not publish the time, would show the time of the pause
        assertThat(before - coarse).isLessThan(CoarseClock.MIN_PRECISION_NANOS);
    }

    @Test
    void shouldKeepTickingWhileRead() throws InterruptedException {
        long start = CoarseClock.now();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (CoarseClock.now() - start < 10 * CoarseClock.TICK_NANOS && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertThat(CoarseClock.now() - start).isGreaterThanOrEqualTo(10 * CoarseClock.TICK_NANOS);
    }

    @Test
    void shouldLetOnlyLongIntervalsUseTheCoarseClock() {
        long ms = 1_000_000L;
        assertThat(PoolCore.coarseClockSuffices(settings(500 * ms, 0, 0, 0))).isTrue();
        assertThat(PoolCore.coarseClockSuffices(settings(500 * ms, 30 * 60_000 * ms, 10 * 60_000 * ms, 0)))
                .isTrue();
        assertThat(PoolCore.coarseClockSuffices(settings(0, 0, 0, 0))).isFalse(); // validate on every borrow
        assertThat(PoolCore.coarseClockSuffices(settings(500 * ms, 30 * ms, 0, 0)))
                .isFalse();
        assertThat(PoolCore.coarseClockSuffices(settings(500 * ms, 0, 30 * ms, 0)))
                .isFalse();
        assertThat(PoolCore.coarseClockSuffices(settings(500 * ms, 0, 0, 40 * ms)))
                .isFalse(); // leak detection times each borrow
    }

    private static PoolSettings settings(long validationWindow, long lifetime, long idleTimeout, long leakThreshold) {
        return new PoolSettings(
                "clock",
                () -> null,
                cfg -> null,
                0,
                10,
                0,
                0,
                validationWindow,
                lifetime,
                0,
                idleTimeout,
                0,
                leakThreshold,
                Duration.ofHours(1).toNanos(),
                null,
                false,
                io.sluice.pool.PoolListener.NONE,
                io.sluice.pool.PoolMetricsTracker.NONE);
    }
}
