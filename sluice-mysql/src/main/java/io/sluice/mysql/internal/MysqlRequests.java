package io.sluice.mysql.internal;

import static io.sluice.mysql.internal.protocol.Commands.*;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.ProtocolException;
import io.sluice.QueryCancelledException;
import io.sluice.QueryTimeoutException;
import io.sluice.RowStream;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.mysql.internal.protocol.ServerPackets;
import io.sluice.spi.QueryTimeouts;
import io.sluice.spi.TimeoutToken;
import java.net.SocketTimeoutException;

/**
 * The life cycle of one request on a {@link MysqlConnection}: take its lock (refusing a closed or broken
 * connection, and a call from a row callback of the same thread), arm the query timeout, run the work, deliver
 * the warnings, check that the response was read to its end, then disarm and release. A failure is sorted
 * here: the caller's own exception passes unchanged, a server error is translated (timeout, cancel, killed
 * session), and whatever leaves the wire out of step breaks the connection. The state (lock, flags, the
 * caller's failure) is the connection's; these helpers are static, so a request costs nothing beyond its work.
 */
final class MysqlRequests {
    private MysqlRequests() {}

    /** Runs {@code work} as one request on {@code c}: under its lock and query timeout; see the class comment. */
    static <T> T run(MysqlConnection c, MysqlConnection.Request<T> work) {
        lock(c);
        TimeoutToken timer = armTimeout(c);
        try {
            c.pendingWarnings = false;
            T result = work.run();
            c.deliverPendingWarnings();
            checkNothingBuffered(c);
            return result;
        } catch (RuntimeException e) {
            throw failure(c, e);
        } catch (Error e) {
            if (e != c.callerFailure) {
                c.markBroken(); // the response may be half read: the session cannot be trusted
            }
            throw e;
        } finally {
            disarm(c, timer);
            c.lock.unlock();
        }
    }

    /** Takes the lock of {@code c} for a request; the caller releases it (see {@link #run}). */
    static void lock(MysqlConnection c) {
        if (c.lock.isHeldByCurrentThread()) {
            throw new IllegalStateException(
                    "connection busy: a row callback or open stream of this thread still uses it");
        }
        c.lock.lock();
        if (c.closed || c.broken) {
            c.lock.unlock();
            throw new ConnectionException("connection is closed: broken=" + c.broken + ", host="
                    + c.config().host());
        }
        c.timedOut = false;
        c.callerFailure = null;
    }

    /**
     * After a whole response: a byte already buffered is a packet the server sent unasked (a duplicate, or a
     * result longer than its counts said); it would be read as the reply to the next command.
     */
    static void checkNothingBuffered(MysqlConnection c) {
        if (c.reader().hasBuffered()) {
            throw new ProtocolException("server sent bytes after the end of the response: host="
                    + c.config().host());
        }
    }

    /**
     * Arms the query timeout of the request just locked; {@link TimeoutToken#NONE} (no timer, no clock read)
     * when none is set. On expiry KILL QUERY goes out on a second connection, and the server gets
     * {@code cancel_grace} to end the query: past it the connection is closed, which ends the blocked read,
     * and the request throws {@link QueryTimeoutException}. The token fires only while its own request runs.
     */
    static TimeoutToken armTimeout(MysqlConnection c) {
        return QueryTimeouts.arm(c.queryTimeout(), c.killOnTimeout, c.config().cancelGrace(), c.breakOnGrace);
    }

    /**
     * Disarms the request's timer before the lock is released; after it fired, waits (at most the grace)
     * until KILL QUERY is delivered, so that a late KILL cannot hit the next request.
     */
    static void disarm(MysqlConnection c, TimeoutToken timer) {
        if (!timer.disarm() && !c.broken) {
            timer.awaitCancel(c.config().cancelGrace());
        }
    }

    /** The query timeout fired: KILL QUERY, or, when that cannot reach the server, a broken connection. */
    static void onTimeout(MysqlConnection c) {
        c.timedOut = true;
        try {
            c.cancel();
        } catch (RuntimeException e) {
            c.markBroken(); // the cancel cannot reach the server: closing the socket ends the blocked read
        }
    }

    /**
     * Starts a stream on {@code c}: takes its lock, forgets earlier warnings, arms the query timeout, sends the
     * request ({@code start} returns its cursor) and reads the column header. The stream handed out holds the
     * lock and the timer until it is read or closed; a failure before that is sorted as a request's.
     */
    static RowStream startStream(MysqlConnection c, MysqlConnection.Request<ResultCursor> start) {
        lock(c);
        c.pendingWarnings = false;
        TimeoutToken timer = armTimeout(c);
        try {
            ResultCursor cursor = start.run();
            cursor.peekColumns();
            return new MysqlRowStream(c, cursor, timer);
        } catch (RuntimeException | Error e) {
            throw failStream(c, timer, e);
        }
    }

    /** A stream that failed before it was handed out: the request's failure rules, then the lock is released. */
    private static RuntimeException failStream(MysqlConnection c, TimeoutToken timer, Throwable e) {
        try {
            if (e instanceof Error error) {
                c.markBroken();
                throw error;
            }
            return failure(c, (RuntimeException) e);
        } finally {
            disarm(c, timer);
            c.lock.unlock();
        }
    }

    /** Rethrows the caller's own failure (null: none), marked so that it does not break the connection. */
    static void rethrowCallerFailure(MysqlConnection c, Throwable failure) {
        c.callerFailure = failure;
        if (failure instanceof RuntimeException e) {
            throw e;
        } else if (failure != null) {
            throw (Error) failure;
        }
    }

    /**
     * What a request that failed with {@code e} throws: the caller's own exception unchanged, a server error
     * translated (timeouts, cancels, killed sessions), and for anything else the connection is broken: a
     * connection failure, a protocol violation, or an unexpected exception while decoding (a malformed
     * message), which becomes a {@link ProtocolException}.
     */
    static RuntimeException failure(MysqlConnection c, RuntimeException e) {
        if (e == c.callerFailure) {
            return e;
        }
        ConnectionConfig config = c.config();
        if (e instanceof ServerException se) {
            if (ServerPackets.errorCode(se.serverMessage()) == ER_LOCK_DEADLOCK) {
                // an ERR packet carries no status flags: without this, inTransaction() would stay true
                c.serverStatus(c.serverStatus & ~SERVER_STATUS_IN_TRANS);
            } else if (c.inTransactionNow()) {
                c.transactionFailed = true;
            }
            if (c.reader().hasBuffered()) {
                c.markBroken();
                return new ProtocolException(
                        "server sent bytes after its error: host=" + config.host() + ", error=" + se.getMessage(), se);
            }
            return translate(c, se);
        }
        if (e instanceof ConnectionException ce) {
            c.markBroken();
            if (Thread.currentThread().isInterrupted()) {
                // A thread interrupted in a socket read has its channel closed by the JDK, which the server
                // does not notice while the statement runs: the session is killed so that the statement
                // ends (and rolls back) now. The interrupt flag stays set.
                MysqlSessionCommands.killSession(c);
                return new QueryCancelledException(
                        "query interrupted, connection closed: connection_id=" + c.connectionId(), e);
            }
            if (c.timedOut) {
                return new QueryTimeoutException(
                        "query timed out and the server did not end it within the cancel grace: timeout="
                                + c.queryTimeout() + ", cancel_grace=" + config.cancelGrace() + ", host="
                                + config.host() + " (connection closed; settings query_timeout, cancel_grace)",
                        e);
            }
            if (e.getCause() instanceof SocketTimeoutException) {
                return new ConnectionException(
                        "server sent nothing within socket_timeout: timeout=" + config.socketTimeout() + ", host="
                                + config.host() + " (connection closed; setting socket_timeout)",
                        e);
            }
            return ce;
        }
        if (e instanceof SluiceException) {
            return e; // raised before the command went out or after its response was read: still in step
        }
        c.markBroken();
        return new ProtocolException(
                "malformed server message, connection closed: host=" + config.host() + ", cause=" + e, e);
    }

    /** A server error as the caller sees it: a timeout or cancel, a lost session, or the error itself. */
    private static RuntimeException translate(MysqlConnection c, ServerException e) {
        int code = ServerPackets.errorCode(e.serverMessage());
        if (code == ER_QUERY_INTERRUPTED) {
            if (c.timedOut) {
                return new QueryTimeoutException(
                        "query timed out: timeout=" + c.queryTimeout() + " (setting query_timeout)", e);
            }
            return new QueryCancelledException("query cancelled: connection_id=" + c.connectionId(), e);
        }
        if (code == ER_CONNECTION_KILLED || code == ER_SERVER_SHUTDOWN) {
            c.markBroken();
            return new ConnectionException(
                    "server ended the connection: connection_id=" + c.connectionId() + ", error=" + e.getMessage(), e);
        }
        return e;
    }
}
