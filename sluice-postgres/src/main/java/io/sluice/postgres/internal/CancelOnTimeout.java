package io.sluice.postgres.internal;

import io.sluice.QueryTimeoutException;
import io.sluice.spi.QueryTimeouts;
import io.sluice.spi.TimeoutToken;

/**
 * What a session does when its query timeout elapses: a CancelRequest goes to the server, and the
 * query's SQLSTATE 57014 answer becomes a {@link QueryTimeoutException}. If the server has not
 * answered within {@code cancel_grace} after that (a stalled network, a hung backend), the session
 * breaks: the socket is closed, the waiting reader wakes at once and throws
 * {@link QueryTimeoutException}. So a call with a timeout returns within timeout + grace. Timers run
 * on the shared {@link QueryTimeouts} thread; one instance per session holds both actions, so arming
 * allocates nothing with no timeout set, and only the token with one.
 *
 * <p>{@link #disarm} after a fired timer waits until the CancelRequest is delivered (the server
 * closes that connection once it has signalled the backend): PostgreSQL signals the backend twice
 * (the process, then its process group), and a second signal still on its way when the next query
 * starts would cancel that query instead (seen: "SELECT 1" cancelled right after a timed-out
 * "SELECT pg_sleep(30)"). A signal that has been sent before the next command is read is discarded
 * by the backend as a cancel of nothing. The wait is bounded by the grace, and skipped once the
 * session is broken (no next query can be hit then).
 */
final class CancelOnTimeout {
    private final PgSession session;
    private final Runnable cancel;
    private final Runnable graceElapsed;

    CancelOnTimeout(PgSession session) {
        this.session = session;
        this.cancel = session::cancelRequest;
        this.graceElapsed = this::graceElapsed;
    }

    /** Arms the session's query timeout for the response about to be read; {@link TimeoutToken#NONE} if unset. */
    TimeoutToken arm() {
        return QueryTimeouts.arm(session.queryTimeout, cancel, session.config.cancelGrace(), graceElapsed);
    }

    /** Disarms {@code token} once the response is read; after it fired, waits for the cancel's delivery. */
    void disarm(TimeoutToken token) {
        if (!token.disarm() && !session.isBroken()) {
            token.awaitCancel(session.config.cancelGrace());
        }
    }

    /**
     * The server answered neither the query nor its cancel in time: give the connection up. Runs on a
     * virtual thread of its own (closing a TLS socket may wait for its locks), and only when the
     * response was not read meanwhile.
     */
    private void graceElapsed() {
        session.fail(new QueryTimeoutException(
                "query timed out and the server did not end it within the cancel grace: timeout="
                        + session.queryTimeout + ", cancel_grace=" + session.config.cancelGrace() + ", "
                        + session.where() + " (connection closed; settings query_timeout, cancel_grace)",
                null));
    }
}
