package io.sluice.postgres.internal;

import static io.sluice.postgres.internal.protocol.BackendMessage.*;

import io.sluice.ProtocolException;
import io.sluice.ServerException;
import io.sluice.postgres.internal.codec.RowLayout;
import io.sluice.postgres.internal.protocol.BackendDecoder;
import io.sluice.postgres.internal.protocol.BackendMessage;

/**
 * One message of a response, checked against the response's protocol state (see {@link
 * ResponseHandler}: the counts of what the request sent against what arrived) and handed to its
 * handler. The per-message half of {@link PgSession#dispatch}, which turns what is thrown here into
 * a broken session.
 */
final class ResponseDispatch {
    private ResponseDispatch() {}

    /** Checks and handles the session's current message; true when it was ReadyForQuery. */
    static boolean message(PgSession s, byte type, ResponseHandler h) {
        byte[] b = s.buffer();
        int off = s.bodyOffset();
        int len = s.bodyLength();
        if (h.error != null && type != READY_FOR_QUERY) {
            throw outOfPlace(s, type, "after ErrorResponse only ReadyForQuery may follow");
        }
        switch (type) {
            case DATA_ROW -> {
                if (h.binds <= h.portalsDone && h.expectBinds != ResponseHandler.UNCHECKED) {
                    throw outOfPlace(s, type, "no portal is executing");
                }
                if (++h.rowsInResult > h.rowLimit) {
                    throw outOfPlace(s, type, "more rows than the Execute's limit: limit=" + h.rowLimit);
                }
                h.dataRow(b, off, len);
            }
            case COMMAND_COMPLETE -> {
                if (h.beginAhead) { // the deferred BEGIN's answer, ahead of the request's own
                    endResult(s, type, h, true);
                    h.beginAhead = false;
                    return false;
                }
                if (s.types != null) {
                    s.types.commandComplete(b, off, len);
                }
                long count = BackendDecoder.commandCompleteCount(b, off, len);
                // A tag with a count states how many rows this Execute (or statement) returned.
                if (count >= 0
                        && count != h.rowsInResult
                        && (h.rowsInResult != 0
                                || h.layout != null && h.expectBinds != ResponseHandler.UNCHECKED
                                || h.simpleQuery && h.layout != null)) {
                    throw outOfPlace(
                            s,
                            type,
                            "row count differs from the DataRows received: tag=" + count + ", rows=" + h.rowsInResult);
                }
                endResult(s, type, h, true);
                h.commandComplete(Math.max(0, count), len == 9 && b[off] == 'R' && b[off + 1] == 'O');
            }
            case ROW_DESCRIPTION -> {
                describeAnswered(s, type, h);
                RowLayout described = BackendDecoder.rowDescription(b, off, len);
                if (s.types != null) {
                    s.types.attach(described);
                }
                h.rowDescription(described);
            }
            case EMPTY_QUERY_RESPONSE, PORTAL_SUSPENDED -> {
                BackendDecoder.empty(type, len);
                if (type == PORTAL_SUSPENDED && h.simpleQuery) {
                    throw outOfPlace(s, type, "no portal in the simple Query protocol");
                }
                endResult(s, type, h, type == EMPTY_QUERY_RESPONSE);
            }
            case PARSE_COMPLETE -> {
                BackendDecoder.empty(type, len);
                if (++h.parses > h.expectParses) {
                    throw outOfPlace(s, type, "more than the request's Parse messages: expected=" + h.expectParses);
                }
            }
            case BIND_COMPLETE -> {
                BackendDecoder.empty(type, len);
                int parsesBefore = h.beginAhead ? 1 : h.expectParses; // the BEGIN's Bind follows its own Parse
                if (h.parses != parsesBefore && h.expectParses != ResponseHandler.UNCHECKED || h.simpleQuery) {
                    throw outOfPlace(
                            s, type, h.simpleQuery ? "no Bind in the simple Query protocol" : "before ParseComplete");
                }
                if (++h.binds > h.expectBinds) {
                    throw outOfPlace(s, type, "more than the request's Bind messages: expected=" + h.expectBinds);
                }
            }
            case CLOSE_COMPLETE -> {
                BackendDecoder.empty(type, len);
                if (++h.closes > h.expectCloses) {
                    throw outOfPlace(s, type, "more than the request's Close messages: expected=" + h.expectCloses);
                }
            }
            case NO_DATA -> {
                BackendDecoder.empty(type, len);
                if (h.simpleQuery) {
                    throw outOfPlace(s, type, "no Describe in the simple Query protocol");
                }
                describeAnswered(s, type, h);
                h.noData();
            }
            case PARAMETER_DESCRIPTION -> {
                // Only a Describe of a statement (a new one) is answered with it, once.
                if (h.describing == null || ++h.parameterDescriptions > 1) {
                    throw outOfPlace(s, type, "no statement is being described");
                }
                h.parameterDescription(BackendDecoder.parameterDescription(b, off, len));
            }
            case ERROR_RESPONSE -> h.error(new ServerException(BackendDecoder.serverMessage(type, b, off, len)));
            case READY_FOR_QUERY -> {
                byte status = BackendDecoder.readyForQuery(b, off, len);
                if (h.error == null) {
                    checkComplete(s, h);
                }
                s.readyForQuery(status);
                return true;
            }
            case COPY_IN_RESPONSE, COPY_OUT_RESPONSE, COPY_BOTH_RESPONSE ->
                throw s.fail(new ProtocolException("COPY through a query method: type=" + BackendMessage.describe(type)
                        + " (use Connection.copyIn or copyOut), " + s.where()));
            default ->
                throw s.fail(new ProtocolException("unexpected message from server: type="
                        + BackendMessage.describe(type) + ", length=" + len + ", " + s.where()));
        }
        return false;
    }

    /** RowDescription or NoData: one per Describe sent, and never once a result's rows have begun. */
    private static void describeAnswered(PgSession s, byte type, ResponseHandler h) {
        if (++h.describes > h.expectDescribes || h.rowsInResult != 0) {
            throw outOfPlace(s, type, "more than the request's Describe messages: expected=" + h.expectDescribes);
        }
    }

    /** One Execute's (or simple-Query statement's) result ended. */
    private static void endResult(PgSession s, byte type, ResponseHandler h, boolean portalDone) {
        if (h.binds <= h.portalsDone && h.expectBinds != ResponseHandler.UNCHECKED) {
            throw outOfPlace(s, type, "no portal is executing");
        }
        if (++h.results > h.expectResults) {
            throw outOfPlace(s, type, "more results than the request's Execute messages: expected=" + h.expectResults);
        }
        if (portalDone) {
            h.portalsDone++;
        }
        h.rowsInResult = 0;
        if (h.simpleQuery) {
            h.layout = null; // the next statement's rows need their own RowDescription
        }
    }

    /** At ReadyForQuery of a response without error: every message the request asked for has been answered. */
    private static void checkComplete(PgSession s, ResponseHandler h) {
        if (h.simpleQuery
                ? h.results == 0
                : mismatch(h.parses, h.expectParses)
                        || mismatch(h.binds, h.expectBinds)
                        || mismatch(h.describes, h.expectDescribes)
                        || mismatch(h.results, h.expectResults)
                        || mismatch(h.closes, h.expectCloses)) {
            throw outOfPlace(
                    s,
                    READY_FOR_QUERY,
                    "response ended early: parses=" + h.parses + "/" + expected(h.expectParses)
                            + ", describes=" + h.describes + "/" + expected(h.expectDescribes) + ", binds=" + h.binds
                            + "/"
                            + expected(h.expectBinds) + ", results=" + h.results + "/"
                            + (h.simpleQuery ? ">=1" : expected(h.expectResults)) + ", closes=" + h.closes + "/"
                            + expected(h.expectCloses));
        }
    }

    /**
     * For a stream, whose ReadyForQuery is read by another handler: at the end of its result, its
     * Parse, Describe and Bind must all have been answered. Breaks the session if not.
     */
    static void checkExecuted(PgSession s, ResponseHandler h) {
        if (h.error == null
                && (mismatch(h.parses, h.expectParses)
                        || mismatch(h.describes, h.expectDescribes)
                        || mismatch(h.binds, h.expectBinds))) {
            throw s.fail(outOfPlace(
                    s,
                    COMMAND_COMPLETE,
                    "result ended before its Parse, Describe and Bind were answered: " + "parses=" + h.parses
                            + ", describes=" + h.describes + ", binds=" + h.binds));
        }
    }

    private static boolean mismatch(int got, int expected) {
        return expected != ResponseHandler.UNCHECKED && got != expected;
    }

    private static String expected(int n) {
        return n == ResponseHandler.UNCHECKED ? "any" : Integer.toString(n);
    }

    private static ProtocolException outOfPlace(PgSession s, byte type, String why) {
        return new ProtocolException("message out of place in the response: type=" + BackendMessage.describe(type)
                + ", " + why + ", " + s.where());
    }
}
