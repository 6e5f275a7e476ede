package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.spi.QueryTrace;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class QueryListenerTest {
    private final List<String> calls = new ArrayList<>();

    private QueryListener recording(String name) {
        return new QueryListener() {
            @Override
            public Object onStart(QueryInfo query) {
                calls.add(name + " start " + query.summary());
                return name + "-context";
            }

            @Override
            public void onEnd(QueryInfo query, Object context, QueryOutcome outcome) {
                calls.add(name + " end " + context + " " + outcome.status().tag() + " rows=" + outcome.rows());
            }
        };
    }

    private static final QueryListener THROWING = new QueryListener() {
        @Override
        public Object onStart(QueryInfo query) {
            throw new IllegalStateException("start");
        }

        @Override
        public void onEnd(QueryInfo query, Object context, QueryOutcome outcome) {
            throw new IllegalStateException("end");
        }
    };

    @Test
    void shouldCallListenersInOrderAndEndInReverseWhenComposed() {
        QueryListener both = QueryListener.of(recording("a"), QueryListener.NONE, THROWING, recording("b"));
        QueryTrace trace = QueryTrace.start(
                both, "postgresql", "postgresql", new ServerAddress("h", 5432), "d", "SELECT * FROM t");
        trace.finish(3, 0, null);
        assertThat(calls)
                .containsExactly(
                        "a start SELECT t",
                        "b start SELECT t",
                        "b end b-context ok rows=3",
                        "a end a-context ok rows=3");
    }

    @Test
    void shouldCollapseToNoneOrTheOneListenerWhenComposingFew() {
        QueryListener a = recording("a");
        assertThat(QueryListener.of()).isSameAs(QueryListener.NONE);
        assertThat(QueryListener.of(QueryListener.NONE, a)).isSameAs(a);
        assertThat(QueryListener.of(QueryListener.of(a, a), a).toString()).contains("of[");
    }

    @Test
    void shouldReportFailureKindAndSqlStateWhenQueryFails() {
        ServerException e = new ServerException(new ServerMessage(
                java.util.Map.of("severity", "ERROR", "sqlstate", "42P01", "message", "relation does not exist")));
        QueryOutcome failed = new QueryOutcome(0, 0, e, 10);
        assertThat(failed.status()).isEqualTo(QueryOutcome.Status.SERVER_ERROR);
        assertThat(failed.sqlState()).isEqualTo("42P01");
        assertThat(new QueryOutcome(0, 0, new QueryTimeoutException("t", null), 1)
                        .status()
                        .tag())
                .isEqualTo("timeout");
        assertThat(new QueryOutcome(0, 0, new ProtocolException("p"), 1).status())
                .isEqualTo(QueryOutcome.Status.CONNECTION_ERROR);
        assertThat(new QueryOutcome(0, 0, new IllegalStateException(), 1).status())
                .isEqualTo(QueryOutcome.Status.ERROR);
        assertThat(new QueryOutcome(1, 0, null, 1).succeeded()).isTrue();
    }

    @Test
    void shouldNotBeActiveWhenNoListenerAndNoRecording() {
        assertThat(QueryTrace.active(QueryListener.NONE)).isFalse();
        assertThat(QueryTrace.active(recording("a"))).isTrue();
        assertThat(ConnectionConfig.builder("postgresql").build().queryListener())
                .isSameAs(QueryListener.NONE);
        QueryListener a = recording("a");
        assertThat(ConnectionConfig.builder("postgresql").queryListener(a).build().toBuilder()
                        .build()
                        .queryListener())
                .isSameAs(a);
    }
}
