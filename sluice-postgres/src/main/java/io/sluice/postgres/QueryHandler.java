package io.sluice.postgres;

import io.sluice.postgres.internal.codec.PgRow;

/**
 * A {@link ResponseHandler} for one extended-query request, remembering which statement the
 * encoder chose so that a plan invalidated on the server can be dropped and the request retried.
 */
class QueryHandler extends ResponseHandler {
    StatementCache.Key key; // the new statement's key after a cache miss; null after a hit
    PgStatement statement;
    StatementRegistry registry;
    /** True when the request reused a statement prepared earlier (only then can the server have invalidated it). */
    boolean reused;
    long rowCount;

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
                || ("0A000".equals(state) && error.serverMessage().message() != null
                        && error.serverMessage().message().contains("cached plan"));
    }
}
