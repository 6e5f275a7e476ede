package io.sluice.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.sluice.Connection;
import io.sluice.PoolExhaustedException;
import io.sluice.pool.ConnectionPool;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link PoolMetrics} on a pool of real PostgreSQL connections. */
class PoolMetricsTest {

    @Test
    void shouldReportHikariStyleMetersWhenPoolIsUsed() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        PoolMetrics metrics = new PoolMetrics();
        try (ConnectionPool pool = ConnectionPool.builder(Servers.postgres())
                .name("obs_pool_m")
                .maxSize(2)
                .metricsTracker(metrics)
                .build()) {
            metrics.bindTo(registry);
            try (Connection c = pool.connection()) {
                c.execute("SELECT pg_sleep(0.01)");
                assertThat(registry.get("sluice.pool.connections.active")
                                .tag("pool", "obs_pool_m")
                                .gauge()
                                .value())
                        .isEqualTo(1);
            }
            Connection a = pool.connection();
            Connection b = pool.connection();
            assertThatThrownBy(() -> pool.connection(Duration.ofMillis(20))).isInstanceOf(PoolExhaustedException.class);
            assertThat(registry.get("sluice.pool.connections").gauge().value()).isEqualTo(2);
            assertThat(registry.get("sluice.pool.connections.active").gauge().value())
                    .isEqualTo(2);
            assertThat(registry.get("sluice.pool.connections.idle").gauge().value())
                    .isZero();
            assertThat(registry.get("sluice.pool.connections.max").gauge().value())
                    .isEqualTo(2);
            a.close();
            b.close();
            assertThat(registry.get("sluice.pool.connections.acquire").timer().count())
                    .isEqualTo(3);
            assertThat(registry.get("sluice.pool.connections.usage").timer().count())
                    .isEqualTo(3);
            assertThat(registry.get("sluice.pool.connections.usage").timer().max(TimeUnit.MILLISECONDS))
                    .isGreaterThanOrEqualTo(10);
            assertThat(registry.get("sluice.pool.connections.creation").timer().count())
                    .isEqualTo(2);
            assertThat(registry.get("sluice.pool.connections.timeout").counter().count())
                    .isEqualTo(1);
            assertThat(registry.get("sluice.pool.connections.created")
                            .functionCounter()
                            .count())
                    .isEqualTo(2);
            assertThat(registry.get("sluice.pool.connections.idle").gauge().value())
                    .isEqualTo(2);
        }
    }

    @Test
    void shouldPrintHikariNamesWithSluicePrefixWhenScrapedByPrometheus() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        PoolMetrics metrics = new PoolMetrics();
        try (ConnectionPool pool = ConnectionPool.builder(Servers.postgres())
                .name("obs_pool_p")
                .maxSize(1)
                .metricsTracker(metrics)
                .build()) {
            metrics.bindTo(registry);
            pool.useConnection(c -> c.execute("SELECT 1"));
            String text = registry.scrape();
            for (String hikari : new String[] {
                "hikaricp_connections{",
                "hikaricp_connections_active{",
                "hikaricp_connections_idle{",
                "hikaricp_connections_pending{",
                "hikaricp_connections_max{",
                "hikaricp_connections_acquire_seconds_count{",
                "hikaricp_connections_usage_seconds_count{",
                "hikaricp_connections_creation_seconds_count{",
                "hikaricp_connections_timeout_total{"
            }) {
                assertThat(text).contains(hikari.replace("hikaricp_", "sluice_pool_") + "pool=\"obs_pool_p\"}");
            }
            assertThat(text).contains("sluice_pool_connections_acquire_seconds_count{pool=\"obs_pool_p\"} 1");
        }
    }

    @Test
    void shouldRefuseToBindWhenNoPoolUsesIt() {
        assertThatThrownBy(() -> new PoolMetrics().bindTo(new SimpleMeterRegistry()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("metricsTracker");
    }
}
