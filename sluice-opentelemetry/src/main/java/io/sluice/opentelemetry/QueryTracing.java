package io.sluice.opentelemetry;

import static io.sluice.opentelemetry.DbAttributes.*;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.sluice.QueryInfo;
import io.sluice.QueryListener;
import io.sluice.QueryOutcome;
import io.sluice.ServerException;
import java.util.Objects;

/**
 * A CLIENT span per query, statement, batch and row stream, following OpenTelemetry's database semantic
 * conventions, started as a child of the caller's current span. The span is not made current: it is a leaf
 * (nothing the driver does is traced under it), and a row stream's span outlives the call that opened it, so a
 * scope opened for it could be closed on another thread or never:
 *
 * <pre>{@code
 * ConnectionConfig config = ConnectionConfig.fromUrl(url).toBuilder()
 *         .queryListener(QueryTracing.create(openTelemetry)).build();
 * }</pre>
 *
 * <p>Span name: {@code db.query.summary} ({@code SELECT orders}), or {@code db.system.name} when the SQL has no
 * leading keyword. Attributes: {@code db.system.name}, {@code db.namespace} (the connection's database),
 * {@code db.operation.name}, {@code db.collection.name}, {@code db.query.summary}, {@code db.query.text},
 * {@code server.address}, {@code server.port}; at the end {@code db.response.returned_rows}, and for a failure
 * status ERROR with {@code error.type} and, for a server error, {@code db.response.status_code} (the SQLSTATE).
 *
 * <p>{@code db.query.text} is the SQL with every literal replaced by {@code ?} unless
 * {@link Builder#rawQueryText(boolean)} says otherwise; bound parameter values are never recorded, nor is a
 * failure's message (a server's message can quote values): the status description is the outcome's kind.
 */
public final class QueryTracing implements QueryListener {
    /** The instrumentation scope name of the tracer. */
    public static final String INSTRUMENTATION_NAME = "io.sluice";

    private final Tracer tracer;
    private final boolean rawQueryText;

    private QueryTracing(Builder b) {
        this.tracer = b.openTelemetry.getTracer(INSTRUMENTATION_NAME);
        this.rawQueryText = b.rawQueryText;
    }

    /** Tracing with the defaults: sanitised query text. */
    public static QueryTracing create(OpenTelemetry openTelemetry) {
        return builder(openTelemetry).build();
    }

    /** A builder for tracing through {@code openTelemetry}. */
    public static Builder builder(OpenTelemetry openTelemetry) {
        return new Builder(openTelemetry);
    }

    @Override
    public Object onStart(QueryInfo query) {
        String summary = query.summary();
        SpanBuilder b = tracer.spanBuilder(summary != null ? summary : query.system())
                .setSpanKind(SpanKind.CLIENT)
                .setParent(Context.current())
                .setAttribute(DB_SYSTEM_NAME, query.system())
                .setAttribute(SERVER_ADDRESS, query.server().host())
                .setAttribute(SERVER_PORT, (long) query.server().port())
                .setAttribute(DB_QUERY_TEXT, rawQueryText ? query.sql() : query.sanitizedSql());
        if (query.database() != null) {
            b.setAttribute(DB_NAMESPACE, query.database());
        }
        if (summary != null) {
            b.setAttribute(DB_QUERY_SUMMARY, summary);
            b.setAttribute(DB_OPERATION_NAME, query.operation());
        }
        if (query.collection() != null) {
            b.setAttribute(DB_COLLECTION_NAME, query.collection());
        }
        return b.startSpan();
    }

    @Override
    public void onEnd(QueryInfo query, Object context, QueryOutcome outcome) {
        Span span = (Span) context;
        if (outcome.rows() > 0) {
            span.setAttribute(DB_RESPONSE_RETURNED_ROWS, outcome.rows());
        }
        Throwable failure = outcome.failure();
        if (failure != null) {
            String sqlState = failure instanceof ServerException e ? e.sqlState() : null;
            if (sqlState != null) {
                span.setAttribute(DB_RESPONSE_STATUS_CODE, sqlState);
            }
            span.setAttribute(
                    ERROR_TYPE, sqlState != null ? sqlState : failure.getClass().getName());
            span.setStatus(StatusCode.ERROR, outcome.status().tag());
        }
        span.end();
    }

    /** Settings of a {@link QueryTracing}. */
    public static final class Builder {
        private final OpenTelemetry openTelemetry;
        private boolean rawQueryText;

        private Builder(OpenTelemetry openTelemetry) {
            this.openTelemetry = Objects.requireNonNull(openTelemetry, "openTelemetry");
        }

        /**
         * True records the SQL as given in {@code db.query.text}, literals included; default false, which records
         * it with every literal replaced by {@code ?}. Parameter values are never recorded either way.
         */
        public Builder rawQueryText(boolean raw) {
            this.rawQueryText = raw;
            return this;
        }

        /** The listener, to register with {@code ConnectionConfig.Builder.queryListener}. */
        public QueryTracing build() {
            return new QueryTracing(this);
        }
    }
}
