package io.sluice.postgres.internal;

import io.sluice.postgres.internal.codec.PgRow;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;

/**
 * A {@link ResponseHandler} for one extended-query request, remembering which statement the
 * encoder chose so that a plan invalidated on the server can be dropped and the request retried.
 * It is also the request's encoder ({@link #request}, then {@link #accept} under the write lock),
 * so that a query allocates no encoder object of its own.
 */
class QueryHandler extends ResponseHandler implements QueryEncoder.Request {
    StatementCache.Key key; // the new statement's key after a cache miss; null after a hit
    PgStatement statement;
    StatementRegistry registry;
    /** True when the request reused a statement prepared earlier (only then can the server have invalidated it). */
    boolean reused;
    /** True when the statement was described before, so the request sends no Describe. */
    boolean layoutKnown;

    long rowCount;
    private PgSession session;
    private StatementRegistry target; // the registry to prepare in; null for unnamed statements
    private String sql;
    private Object[] params;
    private int maxRows;

    /** Sets the request that {@link #accept} renders; returns this handler as its encoder. */
    QueryHandler request(PgSession session, StatementRegistry target, String sql, Object[] params, int maxRows) {
        this.session = session;
        this.target = target;
        this.sql = sql;
        this.params = params;
        this.maxRows = maxRows;
        return this;
    }

    /** Renders the request (see {@link QueryEncoder#encode}); called by the writer under its lock. */
    @Override
    public void accept(PgWriteBuffer out) {
        QueryEncoder.encode(out, session, target, sql, params, maxRows, true, this);
    }

    @Override
    void row(PgRow row) {
        rowCount++;
    }

    /** Clears the outcome before a retry. */
    void resetForRetry() {
        error = null;
        userFailure = null;
        layout = null;
        describing = null;
        row = null;
        statement = null;
        reused = false;
        affected = 0;
        rowCount = 0;
    }

    /**
     * True for the server's answers to a statement whose cached plan no longer fits: 0A000 "cached
     * plan must not change result type" after DDL, or 26000 when the statement is gone.
     */
    boolean planInvalidated() {
        if (error == null || !reused || rowCount > 0 || userFailure != null) {
            return false;
        }
        String state = error.sqlState();
        return "26000".equals(state)
                || ("0A000".equals(state)
                        && error.serverMessage().message() != null
                        && error.serverMessage().message().contains("cached plan"));
    }
}
