package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.ProtocolException;
import io.sluice.QueryTimeoutException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Settings that bound a session (max_message_size, socket_timeout, query_timeout) and a type edge, on the real server. */
@Timeout(60)
class LimitsRealServerTest {
    private static final Duration LONGEST_HOURS = Duration.ofHours(2562047788L);

    /** Regression: getDuration overflowed on an interval of 2562047788 hours, which Duration holds. */
    @Test
    void shouldReadTheLongestIntervalAsDurationInTextAndBinary() {
        String sql = "SELECT $1::text::interval";
        try (Connection cached = PgTestConfig.connect();
                Connection textOnly = new PgDriver()
                        .connect(PgTestConfig.trust().statementCacheSize(0).build())) {
            // With the cache the first run returns text, later ones binary; without it, always text.
            for (int i = 0; i < 3; i++) {
                assertThat(cached.queryFirst(sql, r -> r.getDuration(0), "2562047788 hours"))
                        .contains(LONGEST_HOURS);
            }
            assertThat(textOnly.queryFirst(sql, r -> r.getDuration(0), "2562047788 hours"))
                    .contains(LONGEST_HOURS);
            assertThat(cached.queryFirst(sql, r -> r.getDuration(0), "-2562047788 hours"))
                    .contains(LONGEST_HOURS.negated());
        }
    }

    @Test
    void shouldBreakWhenAMessageExceedsMaxMessageSize() {
        try (Connection c = new PgDriver()
                .connect(PgTestConfig.trust().maxMessageSize(64 * 1024).build())) {
            assertThat(c.queryFirst(
                            "SELECT repeat('x', 60000)", r -> r.getString(0).length()))
                    .contains(60000);
            assertThatThrownBy(() -> c.query("SELECT repeat('x', 70000)", r -> r.getString(0)))
                    .isInstanceOf(ProtocolException.class)
                    .hasMessageContaining("max_message_size");
            assertThat(c.isBroken()).isTrue();
        }
    }

    @Test
    void shouldCloseWhenTheServerIsSilentPastSocketTimeout() {
        try (Connection c = new PgDriver()
                .connect(PgTestConfig.trust()
                        .socketTimeout(Duration.ofMillis(300))
                        .build())) {
            assertThat(c.queryFirst("SELECT 1", r -> r.getInt(0))).contains(1);
            assertThatThrownBy(() -> c.execute("SELECT pg_sleep(3)"))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("socket_timeout");
            assertThat(c.isBroken()).isTrue();
        }
    }

    @Test
    void shouldStayUsableWhenTheServerAnswersTheCancelWithinTheGrace() {
        try (Connection c = new PgDriver()
                .connect(PgTestConfig.trust()
                        .queryTimeout(Duration.ofMillis(200))
                        .build())) {
            assertThatThrownBy(() -> c.execute("SELECT pg_sleep(10)")).isInstanceOf(QueryTimeoutException.class);
            assertThat(c.isBroken()).isFalse();
            assertThat(c.queryFirst("SELECT 7", r -> r.getInt(0))).contains(7);
        }
    }
}
