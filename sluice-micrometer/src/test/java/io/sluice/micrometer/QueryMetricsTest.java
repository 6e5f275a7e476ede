package io.sluice.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ServerException;
import io.sluice.Sluice;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link QueryMetrics} on both drivers against the real servers. */
class QueryMetricsTest {

    private static ConnectionConfig config(String driver, QueryMetrics metrics) {
        ConnectionConfig base = driver.equals("postgresql") ? Servers.postgres() : Servers.mariadb();
        return base.toBuilder().queryListener(metrics).build();
    }

    private static String system(Connection c) {
        return c.serverInfo().product().equals("PostgreSQL")
                ? "postgresql"
                : c.serverInfo().product().toLowerCase();
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgresql", "mariadb"})
    void shouldTimeEachQueryByOperationServerAndOutcome(String driver) {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        String table = "obs_qm_" + driver;
        String system;
        try (Connection c = Sluice.connect(config(driver, new QueryMetrics(registry)))) {
            system = system(c);
            c.execute("DROP TABLE IF EXISTS " + table);
            c.execute("CREATE TABLE " + table + " (id INT PRIMARY KEY, name VARCHAR(20))");
            c.executeBatch(
                    "INSERT INTO " + table + " (id, name) VALUES (" + (driver.equals("postgresql") ? "$1, $2" : "?, ?")
                            + ")",
                    List.of(new Object[] {1, "a"}, new Object[] {2, "b"}));
            for (int i = 0; i < 3; i++) {
                assertThat(c.query("SELECT name FROM " + table + " ORDER BY id", r -> r.getString(0)))
                        .containsExactly("a", "b");
            }
            assertThatThrownBy(() -> c.query("SELECT * FROM obs_no_such_table", r -> 1))
                    .isInstanceOf(ServerException.class);
            c.execute("DROP TABLE " + table);
        }
        String server = "127.0.0.1:" + (driver.equals("postgresql") ? 5432 : 3306);
        Timer selects = registry.get(QueryMetrics.NAME)
                .tags("system", system, "operation", "SELECT", "server", server, "outcome", "ok")
                .timer();
        assertThat(selects.count()).isEqualTo(3);
        assertThat(selects.totalTime(java.util.concurrent.TimeUnit.NANOSECONDS)).isPositive();
        assertThat(registry.get(QueryMetrics.NAME)
                        .tags("operation", "INSERT", "outcome", "ok")
                        .timer()
                        .count())
                .isEqualTo(1);
        assertThat(registry.get(QueryMetrics.NAME)
                        .tags("operation", "SELECT", "outcome", "server_error")
                        .timer()
                        .count())
                .isEqualTo(1);
        assertThat(registry.get(QueryMetrics.NAME).tags("operation", "DROP").timers())
                .hasSize(1);
        // the tags are the only dimensions: no SQL text, no table name
        registry.getMeters().forEach(m -> assertThat(m.getId().getTags())
                .extracting(t -> t.getKey())
                .containsExactlyInAnyOrder("system", "operation", "server", "outcome"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgresql", "mariadb"})
    void shouldExposePrometheusSecondsWhenScraped(String driver) {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (Connection c = Sluice.connect(config(driver, new QueryMetrics(registry)))) {
            c.queryFirst("SELECT 1", r -> r.getInt(0));
        }
        String text = registry.scrape();
        assertThat(text)
                .contains("# TYPE sluice_query_seconds summary")
                .containsPattern("sluice_query_seconds_count\\{[^}]*operation=\"SELECT\"[^}]*outcome=\"ok\"[^}]*} 1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgresql", "mariadb"})
    void shouldTagUnusualLeadingWordsAsOther(String driver) {
        MeterRegistry registry = new SimpleMeterRegistry();
        try (Connection c = Sluice.connect(config(driver, new QueryMetrics(registry)))) {
            assertThatThrownBy(() -> c.execute("FROBNICATE obs_x")).isInstanceOf(ServerException.class);
        }
        assertThat(registry.get(QueryMetrics.NAME)
                        .tags("operation", "other", "outcome", "server_error")
                        .timer()
                        .count())
                .isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgresql", "mariadb"})
    void shouldTimeTransactionControlAsBeginCommitAndRollback(String driver) {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (Connection c = Sluice.connect(config(driver, new QueryMetrics(registry)))) {
            c.transaction(t -> t.queryFirst("SELECT 1", r -> r.getInt(0)));
            c.transaction(t -> t.queryFirst("SELECT 2", r -> r.getInt(0)));
            c.begin();
            c.rollback();
        }
        assertThat(count(registry, "BEGIN", "ok")).isEqualTo(3);
        assertThat(count(registry, "COMMIT", "ok")).isEqualTo(2);
        assertThat(count(registry, "ROLLBACK", "ok")).isEqualTo(1);
        assertThat(count(registry, "SELECT", "ok")).isEqualTo(2);
    }

    @org.junit.jupiter.api.Test
    void shouldTimeCopyInBothDirections() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        String table = "slob_qm_copy";
        try (Connection c = Sluice.connect(config("postgresql", new QueryMetrics(registry)))) {
            c.execute("DROP TABLE IF EXISTS " + table);
            c.execute("CREATE TABLE " + table + " (id int)");
            try {
                assertThat(c.copyIn(
                                "COPY " + table + " FROM STDIN",
                                new ByteArrayInputStream("1\n2\n3\n".getBytes(StandardCharsets.UTF_8))))
                        .isEqualTo(3);
                assertThat(c.copyOut("COPY " + table + " TO STDOUT", new ByteArrayOutputStream()))
                        .isEqualTo(3);
                assertThatThrownBy(() -> c.copyIn(
                                "COPY " + table + " FROM STDIN",
                                new ByteArrayInputStream("x\n".getBytes(StandardCharsets.UTF_8))))
                        .isInstanceOf(ServerException.class);
            } finally {
                c.execute("DROP TABLE " + table);
            }
        }
        assertThat(count(registry, "COPY", "ok")).isEqualTo(2);
        assertThat(count(registry, "COPY", "server_error")).isEqualTo(1);
    }

    private static long count(MeterRegistry registry, String operation, String outcome) {
        return registry.get(QueryMetrics.NAME)
                .tags("operation", operation, "outcome", outcome)
                .timer()
                .count();
    }
}
