package io.sluice.postgres;

import io.sluice.ServerException;
import io.sluice.postgres.internal.codec.PgRow;
import io.sluice.postgres.internal.codec.RowLayout;

/**
 * Receives one request's response, message by message, from the thread whose read turn it is.
 * A failure in the caller's own code (a mapper that throws) is kept and rethrown after the
 * response has been read to its ReadyForQuery, so the connection stays in step.
 */
class ResponseHandler {
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
