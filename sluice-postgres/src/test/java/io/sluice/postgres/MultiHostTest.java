package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.QueryTimeoutException;
import io.sluice.ServerAddress;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Host lists and {@code target_session_attrs} against two real servers: the shared instance on
 * 5432 and the private one on 5433 (bin/setup.d/30-postgres-fault.sh), where database
 * {@code sluice_ha} is read-write on 5432 and read-only by default on 5433. Port 1 stands for a
 * server that is down (connection refused).
 */
@Timeout(60)
class MultiHostTest {
    private static final ServerAddress MAIN = new ServerAddress("127.0.0.1", 5432);
    private static final ServerAddress READ_ONLY = new ServerAddress("127.0.0.1", 5433);
    private static final ServerAddress DOWN = new ServerAddress("127.0.0.1", 1);

    private static ConnectionConfig.Builder servers(String target, ServerAddress... addresses) {
        return PgTestConfig.trust()
                .database("sluice_ha")
                .addresses(List.of(addresses))
                .property("target_session_attrs", target);
    }

    private static int connectedPort(ConnectionConfig config) {
        try (Connection c = new PgDriver().connect(config)) {
            return c.queryFirst("SELECT inet_server_port()", r -> r.getInt(0)).orElseThrow();
        }
    }

    @Test
    void shouldSkipAReadOnlyServerWhenReadWriteIsWanted() {
        assertThat(connectedPort(servers("read-write", READ_ONLY, MAIN).build()))
                .isEqualTo(5432);
    }

    @Test
    void shouldSkipAReadWriteServerWhenReadOnlyIsWanted() {
        assertThat(connectedPort(servers("read-only", MAIN, READ_ONLY).build())).isEqualTo(5433);
    }

    @Test
    void shouldTakeTheFirstServerThatAnswersWhenAnyIsWanted() {
        assertThat(connectedPort(servers("any", DOWN, READ_ONLY, MAIN).build())).isEqualTo(5433);
        assertThat(connectedPort(servers("primary", DOWN, MAIN).build())).isEqualTo(5432);
    }

    @Test
    void shouldFallBackToAnyServerWhenNoneIsAStandby() {
        assertThat(connectedPort(servers("prefer-standby", READ_ONLY, MAIN).build()))
                .isEqualTo(5433);
    }

    @Test
    void shouldNameEveryServerAndItsReasonWhenNoneMatches() {
        assertThatThrownBy(() ->
                        connectedPort(servers("standby", DOWN, MAIN, READ_ONLY).build()))
                .isInstanceOf(ConnectionException.class)
                .hasMessageContaining("target_session_attrs=standby")
                .hasMessageContaining("127.0.0.1:1: ")
                .hasMessageContaining("127.0.0.1:5432: not a standby")
                .hasMessageContaining("127.0.0.1:5433: not a standby");
        assertThatThrownBy(() -> connectedPort(servers("read-write", READ_ONLY).build()))
                .isInstanceOf(ConnectionException.class)
                .hasMessageContaining("127.0.0.1:5433: read-only");
    }

    @Test
    void shouldReportEveryUnreachableServer() {
        assertThatThrownBy(() -> connectedPort(
                        servers("any", DOWN, new ServerAddress("127.0.0.1", 2)).build()))
                .isInstanceOf(ConnectionException.class)
                .hasMessageContaining("127.0.0.1:1: ")
                .hasMessageContaining("127.0.0.1:2: ")
                .satisfies(e -> assertThat(e.getSuppressed()).hasSize(1));
    }

    @Test
    void shouldSpreadConnectionsWhenLoadBalancingIsRandom() {
        ConnectionConfig config = servers("any", MAIN, READ_ONLY)
                .property("load_balance_hosts", "random")
                .build();
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 40 && seen.size() < 2; i++) {
            seen.add(connectedPort(config));
        }
        assertThat(seen).containsExactlyInAnyOrder(5432, 5433); // 2^-39 chance of a false failure
    }

    @Test
    void shouldReadTheHostListAndTargetFromTheUrl() {
        ConnectionConfig config = ConnectionConfig.fromUrl(
                "postgresql://postgres@127.0.0.1:5433,127.0.0.1:5432/sluice_ha?sslmode=disable&target_session_attrs=read-write");
        assertThat(config.addresses()).containsExactly(READ_ONLY, MAIN);
        assertThat(connectedPort(config)).isEqualTo(5432);
    }

    @Test
    void shouldCancelOnTheServerItSelected() {
        // The cancel request must go to 5433, where the query runs; sent to 5432 it would be ignored.
        try (Connection c =
                new PgDriver().connect(servers("read-only", MAIN, READ_ONLY).build())) {
            c.queryTimeout(Duration.ofMillis(300));
            long start = System.nanoTime();
            assertThatThrownBy(() -> c.execute("SELECT pg_sleep(20)")).isInstanceOf(QueryTimeoutException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
            assertThat(c.queryFirst("SELECT inet_server_port()", r -> r.getInt(0)))
                    .contains(5433);
        }
    }

    @Test
    void shouldRefuseAnUnknownTarget() {
        assertThatThrownBy(() -> connectedPort(servers("leader", MAIN).build()))
                .isInstanceOf(io.sluice.ConfigurationException.class)
                .hasMessageContaining("target_session_attrs=leader");
    }
}
