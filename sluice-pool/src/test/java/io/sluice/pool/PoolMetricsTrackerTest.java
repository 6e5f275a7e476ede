package io.sluice.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.PoolExhaustedException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link PoolMetricsTracker} against the real PostgreSQL. */
class PoolMetricsTrackerTest {

    /** Records every call as "kind nanos". */
    static final class Recorder implements PoolMetricsTracker {
        final List<String> calls = new CopyOnWriteArrayList<>();
        final List<Long> nanos = new CopyOnWriteArrayList<>();
        volatile ConnectionPool pool;

        @Override
        public void poolStarted(ConnectionPool pool) {
            this.pool = pool;
        }

        @Override
        public void onAcquired(long n) {
            record("acquired", n);
        }

        @Override
        public void onReleased(long n) {
            record("released", n);
        }

        @Override
        public void onCreated(long n) {
            record("created", n);
        }

        @Override
        public void onTimeout(long n) {
            record("timeout", n);
        }

        private void record(String kind, long n) {
            calls.add(kind);
            nanos.add(n);
        }

        long count(String kind) {
            return calls.stream().filter(kind::equals).count();
        }
    }

    @Test
    void shouldTimeAcquireUsageCreationAndTimeoutWhenTrackerIsSet() throws Exception {
        Recorder recorder = new Recorder();
        try (ConnectionPool pool = ConnectionPool.builder(
                        PostgresServer.trust(PostgresServer.SHARED_PORT, "test", "obs_pool_tracker"))
                .name("obs_tracked")
                .maxSize(1)
                .metricsTracker(recorder)
                .build()) {
            assertThat(recorder.pool).isSameAs(pool);
            try (Connection c = pool.connection()) {
                c.execute("SELECT pg_sleep(0.02)");
            }
            Connection held = pool.connection();
            assertThatThrownBy(() -> pool.connection(Duration.ofMillis(30))).isInstanceOf(PoolExhaustedException.class);
            held.close();
        }
        assertThat(recorder.count("created")).isEqualTo(1);
        assertThat(recorder.count("acquired")).isEqualTo(2);
        assertThat(recorder.count("released")).isEqualTo(2);
        assertThat(recorder.count("timeout")).isEqualTo(1);
        int firstRelease = recorder.calls.indexOf("released");
        assertThat(recorder.nanos.get(firstRelease)).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(20));
        assertThat(recorder.nanos.get(recorder.calls.indexOf("timeout")))
                .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(30));
        assertThat(recorder.nanos).allSatisfy(n -> assertThat(n).isPositive());
    }

    @Test
    void shouldKeepLendingWhenTrackerThrows() {
        PoolMetricsTracker throwing = new PoolMetricsTracker() {
            @Override
            public void onAcquired(long nanos) {
                throw new IllegalStateException("acquired");
            }

            @Override
            public void onReleased(long nanos) {
                throw new IllegalStateException("released");
            }
        };
        Recorder recorder = new Recorder();
        try (ConnectionPool pool = ConnectionPool.builder(
                        PostgresServer.trust(PostgresServer.SHARED_PORT, "test", "obs_pool_throwing"))
                .maxSize(1)
                .metricsTracker(PoolMetricsTracker.of(throwing, PoolMetricsTracker.NONE, recorder))
                .build()) {
            for (int i = 0; i < 3; i++) {
                Integer one = pool.withConnection(
                        c -> c.queryFirst("SELECT 1", r -> r.getInt(0)).orElseThrow());
                assertThat(one).isEqualTo(1);
            }
            assertThat(pool.stats().active()).isZero();
        }
        // the throwing tracker comes first in the composite and stops neither the pool nor the next tracker
        assertThat(recorder.count("acquired")).isEqualTo(3);
        assertThat(recorder.count("released")).isEqualTo(3);
    }

    @Test
    void shouldComposeToNoneWhenNoTrackers() {
        assertThat(PoolMetricsTracker.of()).isSameAs(PoolMetricsTracker.NONE);
        Recorder r = new Recorder();
        assertThat(PoolMetricsTracker.of(PoolMetricsTracker.NONE, r)).isSameAs(r);
    }
}
