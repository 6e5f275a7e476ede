package io.sluice.postgres.internal;

import io.sluice.ServerException;
import io.sluice.postgres.internal.codec.PgRow;
import io.sluice.postgres.internal.codec.RowLayout;

/**
 * Receives one request's response, message by message, from the thread whose read turn it is.
 * A failure in the caller's own code (a mapper that throws) is kept and rethrown after the
 * response has been read to its ReadyForQuery, so the connection stays in step.
 *
 * <p>It also holds the response's protocol state, which {@link PgSession#dispatch} checks with
 * counts already in hand: what the request sent ({@code expect*}, set by its encoder; {@link #UNCHECKED}
 * when the request does not say) against what arrived. A completion message beyond the request's
 * Parse, Bind, Execute or Close messages, a DataRow outside an executing portal, a row count that
 * differs from the CommandComplete tag, any message but ReadyForQuery after an ErrorResponse, or a
 * ReadyForQuery before every expected answer is a protocol violation (a duplicated ReadyForQuery
 * left from an earlier response shows up this way instead of as an empty result).
 */
class ResponseHandler {
    /** An expectation the request does not set: any count is accepted. */
    static final int UNCHECKED = Integer.MAX_VALUE;

    int expectParses = UNCHECKED;
    /** Describe messages sent (each answered by RowDescription or NoData). */
    int expectDescribes = UNCHECKED;

    int expectBinds = UNCHECKED;
    /** Execute messages sent (each ends in CommandComplete, EmptyQueryResponse or PortalSuspended). */
    int expectResults = UNCHECKED;

    int expectCloses = UNCHECKED;
    /**
     * A deferred BEGIN was written ahead of the request ({@link QueryEncoder}); true until its
     * CommandComplete, which the session consumes without reporting it. Counted in {@code expect*}.
     */
    boolean beginAhead;
    /** The simple Query protocol: one or more results, each with its own RowDescription. */
    boolean simpleQuery;

    int parses;
    int describes;
    int parameterDescriptions;
    int binds;
    int results;
    /** Portals run to their end (CommandComplete, EmptyQueryResponse): DataRows need binds > this. */
    int portalsDone;

    int closes;
    /** DataRows since the last result ended: checked against the CommandComplete tag's count. */
    long rowsInResult;
    /** The most DataRows one Execute may return (its row limit); beyond it is a protocol violation. */
    long rowLimit = Long.MAX_VALUE;
    /** Layout of the DataRows to come: preset from a described statement, or set by RowDescription. */
    RowLayout layout;
    /** The statement whose Describe answer this response carries, if any. */
    PgStatement describing;

    ServerException error;
    /** A RuntimeException or Error thrown by the caller's row code (an AssertionError in a test, say). */
    Throwable userFailure;
    /** Rows affected by the last CommandComplete. */
    long affected;
    /** True when the last CommandComplete tag was ROLLBACK (a COMMIT of a failed transaction). */
    boolean rolledBack;
    /** The reused row view; preset from the statement when the layout is known in advance. */
    PgRow row;

    /** Sets what the request sent and clears what has arrived; the encoder calls it under the write lock. */
    final void expect(int parses, int describes, int binds, int executes, int closes) {
        expectParses = parses;
        expectDescribes = describes;
        this.describes = 0;
        this.parameterDescriptions = 0;
        expectBinds = binds;
        expectResults = executes;
        expectCloses = closes;
        this.parses = 0;
        this.binds = 0;
        this.results = 0;
        this.portalsDone = 0;
        this.closes = 0;
        this.rowsInResult = 0;
    }

    /** Expects a bare Sync's answer: ReadyForQuery alone. */
    final ResponseHandler syncOnly() {
        expect(0, 0, 0, 0, 0);
        return this;
    }

    /**
     * Marks the response as the simple Query protocol's: any number of results (at least one), each
     * statement's rows after its own RowDescription, and none of the extended protocol's messages.
     */
    final ResponseHandler simple() {
        expect(0, UNCHECKED, UNCHECKED, UNCHECKED, 0);
        simpleQuery = true;
        return this;
    }

    void rowDescription(RowLayout described) {
        if (describing != null) {
            describing.describe(described);
        }
        layout = described;
        row = null;
    }

    /** The statement's parameter types (ParameterDescription, after a Describe of a statement). */
    void parameterDescription(int[] typeOids) {}

    void noData() {
        if (describing != null) {
            describing.describeNoData();
        }
    }

    /** Decodes one DataRow and hands it to {@link #row(PgRow)} unless an earlier row failed. */
    final void dataRow(byte[] buf, int offset, int length) {
        if (userFailure != null) {
            return;
        }
        if (layout == null) {
            throw new io.sluice.ProtocolException("DataRow without RowDescription: length=" + length);
        }
        if (row == null || row.layout() != layout) {
            row = new PgRow(layout);
        }
        row.reset(buf, offset, length);
        try {
            row(row);
        } catch (RuntimeException | Error e) {
            userFailure = e; // not rethrown yet: the rest of the response must be read to keep the connection in step
        }
    }

    /** Throws the caller's own failure as it was thrown, if there was one. */
    final void rethrowUserFailure() {
        if (userFailure instanceof RuntimeException e) {
            throw e;
        }
        if (userFailure instanceof Error e) {
            throw e;
        }
    }

    /** One decoded row, valid during the call. */
    void row(PgRow row) {}

    void commandComplete(long rows, boolean rollback) {
        affected = rows;
        rolledBack = rollback;
    }

    void error(ServerException e) {
        if (error == null) {
            error = e;
        }
    }
}
