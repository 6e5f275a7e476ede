package io.sluice.pool.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.pool.FakeConnection;
import io.sluice.pool.PoolListener;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Expiry times are private to the pool, so jitter is checked from inside. */
class LifetimeJitterTest {

    private static PoolSettings settings(long lifetime, long jitter) {
        ConnectionConfig config = ConnectionConfig.builder("fake").build();
        return new PoolSettings(
                "jitter",
                () -> config,
                cfg -> {
                    throw new ConnectionException("not used");
                },
                0,
                10,
                0,
                0,
                0,
                lifetime,
                jitter,
                0,
                0,
                0,
                Duration.ofHours(1).toNanos(),
                null,
                false,
                PoolListener.NONE,
                io.sluice.pool.PoolMetricsTracker.NONE);
    }

    @Test
    void shouldShortenLifetimesByDifferentAmountsWhenJitterIsSet() {
        long lifetime = Duration.ofHours(1).toNanos();
        long jitter = Duration.ofMinutes(10).toNanos();
        PoolCore core = new PoolCore(settings(lifetime, jitter));
        try {
            ConnectionFactory factory = core.factory();
            Set<Long> lifetimes = new HashSet<>();
            for (int i = 0; i < 20; i++) {
                PoolEntry e = factory.entryFor(new FakeConnection(i));
                long actual = e.expiresAt - e.createdAt;
                assertThat(actual).isBetween(lifetime - jitter, lifetime);
                lifetimes.add(actual);
            }
            assertThat(lifetimes).hasSizeGreaterThan(10);
        } finally {
            core.close(0);
        }
    }
}
