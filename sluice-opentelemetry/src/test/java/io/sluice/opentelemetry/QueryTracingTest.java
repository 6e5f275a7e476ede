package io.sluice.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.QueryListener;
import io.sluice.RowStream;
import io.sluice.ServerException;
import io.sluice.Sluice;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link QueryTracing} on both drivers against the real servers, exported to the SDK's in-memory exporter. */
class QueryTracingTest {
    @RegisterExtension
    static final OpenTelemetryExtension OTEL = OpenTelemetryExtension.create();

    private static ConnectionConfig config(String driver, QueryListener listener) {
        ConnectionConfig base = driver.equals("postgresql") ? Servers.postgres() : Servers.mariadb();
        return base.toBuilder().queryListener(listener).build();
    }

    private static String attr(SpanData span, String key) {
        return span.getAttributes().get(AttributeKey.stringKey(key));
    }

    private static String marker(String driver) {
        return driver.equals("postgresql") ? "$1" : "?";
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgresql", "mariadb"})
    void shouldNestClientSpansUnderCallersSpanWithSemanticAttributes(String driver) {
        String table = "obs_otel_" + driver;
        Span parent = OTEL.getOpenTelemetry()
                .getTracer("test")
                .spanBuilder("handle-request")
                .startSpan();
        try (Scope ignored = parent.makeCurrent();
                Connection c = Sluice.connect(config(driver, QueryTracing.create(OTEL.getOpenTelemetry())))) {
            c.execute("DROP TABLE IF EXISTS " + table);
            c.execute("CREATE TABLE " + table + " (id INT PRIMARY KEY, name VARCHAR(20))");
            c.execute("INSERT INTO " + table + " (id, name) VALUES (1, 'secret-literal')");
            assertThat(c.query("SELECT name FROM " + table + " WHERE id = " + marker(driver), r -> r.getString(0), 1))
                    .containsExactly("secret-literal");
            c.execute("DROP TABLE " + table);
        } finally {
            parent.end();
        }
        List<SpanData> spans = OTEL.getSpans().stream()
                .filter(s -> s.getKind() == SpanKind.CLIENT)
                .toList();
        assertThat(spans)
                .extracting(SpanData::getName)
                .containsExactly("DROP", "CREATE", "INSERT " + table, "SELECT " + table, "DROP");
        assertThat(spans).allSatisfy(s -> {
            assertThat(s.getParentSpanId()).isEqualTo(parent.getSpanContext().getSpanId());
            assertThat(s.getTraceId()).isEqualTo(parent.getSpanContext().getTraceId());
            assertThat(attr(s, "db.namespace")).isEqualTo("test");
            assertThat(attr(s, "server.address")).isEqualTo("127.0.0.1");
            assertThat(s.getAttributes().get(AttributeKey.longKey("server.port")))
                    .isEqualTo(driver.equals("postgresql") ? 5432L : 3306L);
            assertThat(s.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        });
        assertThat(attr(spans.get(0), "db.system.name")).isEqualTo(driver);
        SpanData insert = spans.get(2);
        assertThat(attr(insert, "db.operation.name")).isEqualTo("INSERT");
        assertThat(attr(insert, "db.collection.name")).isEqualTo(table);
        assertThat(attr(insert, "db.query.text"))
                .isEqualTo("INSERT INTO " + table + " (id, name) VALUES (?, ?)")
                .doesNotContain("secret");
        SpanData select = spans.get(3);
        assertThat(attr(select, "db.query.summary")).isEqualTo("SELECT " + table);
        assertThat(attr(select, "db.query.text"))
                .isEqualTo("SELECT name FROM " + table + " WHERE id = " + marker(driver));
        assertThat(select.getAttributes().get(AttributeKey.longKey("db.response.returned_rows")))
                .isEqualTo(1L);
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgresql", "mariadb"})
    void shouldMarkSpanAsErrorWithSqlStateWhenServerRejectsQuery(String driver) {
        try (Connection c = Sluice.connect(config(driver, QueryTracing.create(OTEL.getOpenTelemetry())))) {
            assertThatThrownBy(() -> c.query("SELECT * FROM obs_missing_table WHERE x = 'v'", r -> 1))
                    .isInstanceOf(ServerException.class);
        }
        SpanData span = OTEL.getSpans().getLast();
        String expected = driver.equals("postgresql") ? "42P01" : "42S02";
        assertThat(span.getName()).isEqualTo("SELECT obs_missing_table");
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(span.getStatus().getDescription()).isEqualTo("server_error");
        assertThat(attr(span, "db.response.status_code")).isEqualTo(expected);
        assertThat(attr(span, "error.type")).isEqualTo(expected);
        assertThat(attr(span, "db.query.text")).isEqualTo("SELECT * FROM obs_missing_table WHERE x = ?");
        assertThat(span.getEvents()).isEmpty(); // no exception event: a server message can quote values
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgresql", "mariadb"})
    void shouldRecordRawTextOnlyWhenAskedAndRestoreCallersContext(String driver) {
        QueryTracing raw =
                QueryTracing.builder(OTEL.getOpenTelemetry()).rawQueryText(true).build();
        Span before = Span.current();
        try (Connection c = Sluice.connect(config(driver, raw))) {
            c.queryFirst("SELECT 'visible'", r -> r.getString(0));
            assertThat(Span.current()).isSameAs(before);
        }
        SpanData span = OTEL.getSpans().getLast();
        assertThat(attr(span, "db.query.text")).isEqualTo("SELECT 'visible'");
        assertThat(span.getParentSpanContext().isValid()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgresql", "mariadb"})
    void shouldEndStreamSpanWhenStreamIsExhaustedOrClosedEarly(String driver) {
        String threeRows =
                driver.equals("postgresql") ? "SELECT x FROM generate_series(1, 3) AS x" : "SELECT seq FROM seq_1_to_3";
        try (Connection c = Sluice.connect(config(driver, QueryTracing.create(OTEL.getOpenTelemetry())))) {
            try (RowStream rows = c.stream(threeRows, 2)) {
                int n = 0;
                while (rows.hasNext()) {
                    rows.next();
                    n++;
                }
                assertThat(n).isEqualTo(3);
                assertThat(OTEL.getSpans()).hasSize(1); // ended on exhaustion, before close
            }
            try (RowStream rows = c.stream(threeRows, 1)) {
                rows.next();
            }
            assertThatThrownBy(() ->
                            c.stream("SELECT * FROM obs_missing_stream", 1).close())
                    .isInstanceOf(ServerException.class);
        }
        List<SpanData> spans = OTEL.getSpans();
        assertThat(spans).hasSize(3);
        assertThat(spans.get(0).getAttributes().get(AttributeKey.longKey("db.response.returned_rows")))
                .isEqualTo(3L);
        assertThat(spans.get(1).getAttributes().get(AttributeKey.longKey("db.response.returned_rows")))
                .isEqualTo(1L);
        assertThat(spans.get(1).getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        assertThat(spans.get(2).getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(spans.get(2).getName()).isEqualTo("SELECT obs_missing_stream");
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgresql", "mariadb"})
    void shouldTraceBeginCommitAndRollbackAsSpans(String driver) {
        try (Connection c = Sluice.connect(config(driver, QueryTracing.create(OTEL.getOpenTelemetry())))) {
            c.transaction(t -> t.queryFirst("SELECT 1", r -> r.getInt(0)));
            c.begin();
            c.rollback();
        }
        List<SpanData> spans = OTEL.getSpans();
        assertThat(spans)
                .extracting(SpanData::getName)
                .containsExactly("BEGIN", "SELECT", "COMMIT", "BEGIN", "ROLLBACK");
        assertThat(spans).allSatisfy(s -> {
            assertThat(s.getKind()).isEqualTo(SpanKind.CLIENT);
            assertThat(s.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        });
        assertThat(attr(spans.get(0), "db.operation.name")).isEqualTo("BEGIN");
        assertThat(attr(spans.get(0), "db.query.text"))
                .isEqualTo(driver.equals("postgresql") ? "BEGIN" : "START TRANSACTION");
        assertThat(attr(spans.get(4), "db.operation.name")).isEqualTo("ROLLBACK");
    }

    @org.junit.jupiter.api.Test
    void shouldTraceCopyWithTheRowsCopied() {
        String table = "slob_otel_copy";
        try (Connection c = Sluice.connect(config("postgresql", QueryTracing.create(OTEL.getOpenTelemetry())))) {
            c.execute("DROP TABLE IF EXISTS " + table);
            c.execute("CREATE TABLE " + table + " (id int, name text)");
            try {
                c.copyIn(
                        "COPY " + table + " FROM STDIN",
                        new ByteArrayInputStream("1\ta\n2\tb\n".getBytes(StandardCharsets.UTF_8)));
                c.copyOut("COPY " + table + " TO STDOUT", new ByteArrayOutputStream());
                assertThatThrownBy(() -> c.copyIn(
                                "COPY " + table + " (id) FROM STDIN",
                                new ByteArrayInputStream("not-a-number\n".getBytes(StandardCharsets.UTF_8))))
                        .isInstanceOf(ServerException.class);
            } finally {
                c.execute("DROP TABLE " + table);
            }
        }
        List<SpanData> copies = OTEL.getSpans().stream()
                .filter(s -> s.getName().startsWith("COPY"))
                .toList();
        assertThat(copies)
                .extracting(SpanData::getName)
                .containsExactly("COPY " + table, "COPY " + table, "COPY " + table);
        assertThat(copies.subList(0, 2)).allSatisfy(s -> {
            assertThat(attr(s, "db.operation.name")).isEqualTo("COPY");
            assertThat(attr(s, "db.collection.name")).isEqualTo(table);
            assertThat(s.getAttributes().get(AttributeKey.longKey("db.response.returned_rows")))
                    .isEqualTo(2L);
        });
        assertThat(copies.get(2).getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(attr(copies.get(2), "db.response.status_code")).isEqualTo("22P02");
    }
}
