package io.sluice.postgres.internal;

import io.sluice.IsolationLevel;
import io.sluice.Savepoint;
import io.sluice.SluiceException;
import io.sluice.TransactionStateException;
import io.sluice.postgres.internal.protocol.BackendMessage;
import io.sluice.spi.SavepointStack;

/**
 * Transaction control of one {@link PgConnection}: the deferred BEGIN, COMMIT and ROLLBACK (none sent
 * when nothing ran since the BEGIN) and savepoints. Holds the connection's savepoint stack; the
 * transaction state itself is the server's (ReadyForQuery) and the session's {@link DeferredBegin}.
 *
 * <p>Transaction control is observed like any statement while a listener or a recording wants it;
 * the unobserved branch creates no lambda, so that the no-listener path allocates nothing for
 * observation.
 */
final class PgTransactions {
    private final PgConnection connection;
    private final PgSession session;
    private final SavepointStack savepoints = new SavepointStack('"');

    PgTransactions(PgConnection connection, PgSession session) {
        this.connection = connection;
        this.session = session;
    }

    /** See {@link PgConnection#begin}: deferred to the next request, so it costs no round trip. */
    void begin(IsolationLevel level) {
        if (connection.inTransaction()) {
            throw new TransactionStateException("begin failed, a transaction is already open: level=" + level
                    + ", failed=" + connection.transactionFailed() + " (nest with transaction(...) or savepoint())");
        }
        session.ensureUsable();
        savepoints.clear();
        String sql = level == null || level.sql() == null ? "BEGIN" : "BEGIN ISOLATION LEVEL " + level.sql();
        if (PgTracing.observed(session)) {
            PgTracing.traced(session, sql, () -> session.deferredBegin.defer(sql), () -> 0, () -> 0);
        } else {
            session.deferredBegin.defer(sql);
        }
    }

    void commit() {
        savepoints.clear();
        if (PgTracing.observed(session)) {
            PgTracing.traced(session, "COMMIT", this::commitUntraced, () -> 0, () -> 0);
        } else {
            commitUntraced();
        }
    }

    private void commitUntraced() {
        if (session.deferredBegin.end() && serverIdle()) {
            return; // nothing ran since begin(): the BEGIN was never sent
        }
        ResponseHandler h = connection.simpleQuery("COMMIT");
        if (h.rolledBack) {
            throw new SluiceException(
                    "commit failed, the transaction was rolled back after an earlier error: " + session.where());
        }
    }

    void rollback() {
        savepoints.clear();
        if (!connection.inTransaction()) {
            return;
        }
        if (PgTracing.observed(session)) {
            PgTracing.traced(session, "ROLLBACK", this::rollbackUntraced, () -> 0, () -> 0);
        } else {
            rollbackUntraced();
        }
    }

    /** Rolls back what is open, untraced (a reset); forgets the savepoints. */
    void rollbackForReset() {
        savepoints.clear();
        rollbackUntraced();
    }

    private void rollbackUntraced() {
        boolean requested = session.deferredBegin.requested(); // its answer may still be on the way
        if (session.deferredBegin.end() && serverIdle()) {
            return;
        }
        if (requested || !serverIdle()) {
            connection.simpleQuery("ROLLBACK");
        }
    }

    /** The last ReadyForQuery reported no transaction. */
    private boolean serverIdle() {
        return session.transactionStatus() == BackendMessage.TRANSACTION_IDLE;
    }

    Savepoint savepoint(String name) {
        return savepoints.set(name, connection.inTransaction(), connection::simpleQuery);
    }

    void rollbackTo(Savepoint savepoint) {
        savepoints.rollbackTo(savepoint, connection.inTransaction(), connection::simpleQuery);
    }

    void release(Savepoint savepoint) {
        savepoints.release(savepoint, connection.inTransaction(), connection::simpleQuery);
    }
}
