package io.sluice.postgres.internal;

import static io.sluice.postgres.internal.protocol.BackendMessage.*;

import io.sluice.Column;
import io.sluice.Row;
import io.sluice.RowStream;
import io.sluice.postgres.internal.codec.PgRow;
import io.sluice.postgres.internal.protocol.FrontendEncoder;
import io.sluice.postgres.internal.protocol.FrontendMessage;
import io.sluice.spi.TimeoutToken;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Rows read straight from the socket as the caller asks for them, in bounded memory also in
 * autocommit: the portal is executed {@code fetchSize} rows at a time with Execute + Flush (no
 * Sync, so the implicit transaction and the portal stay open), each batch ending in PortalSuspended;
 * the next Execute goes out only when the caller wants more. End of result or {@link #close()}
 * sends Close (portal) + Sync. Holds the connection exclusively while open. A fetch size of
 * {@link Integer#MAX_VALUE} asks for the whole result at once: Execute(0) + Sync go out with the Bind,
 * so the request costs one round trip, and the rows are still read only as the caller asks for them
 * (TCP flow control bounds the memory).
 *
 * <pre>
 *  Bind Execute(n) Flush  ->  DataRow * n  PortalSuspended
 *  Execute(n) Flush       ->  DataRow * k  CommandComplete      (k &lt;= n)
 *  Sync                   ->  ReadyForQuery
 * </pre>
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-flow.html#PROTOCOL-FLOW-EXT-QUERY">Extended Query</a>
 */
final class PgRowStream implements RowStream {
    private final PgSession session;
    private final int fetchSize;
    /** The whole result was asked for with Execute(0) + Sync: nothing more to send. */
    private final boolean synced;

    private final QueryHandler handler;
    private TimeoutToken timer = TimeoutToken.NONE;
    private PgRow current;
    private boolean pending; // current holds a row not yet returned by next()
    private boolean resultEnded; // CommandComplete or ErrorResponse seen, Sync sent
    private boolean done; // ReadyForQuery consumed, connection released
    private boolean interrupted;
    private Throwable thrown; // the last failure that left next() or hasNext(): close() never throws it again

    PgRowStream(PgSession session, StatementRegistry registry, String sql, int fetchSize, Object[] params) {
        this.session = session;
        this.fetchSize = Math.max(1, fetchSize);
        this.synced = fetchSize == Integer.MAX_VALUE;
        this.handler = new QueryHandler() {
            @Override
            void row(PgRow row) {
                super.row(row);
                current = row;
            }
        };
        StatementRegistry reg = registry == session.cache && !session.cache.enabled() ? null : registry;
        RequestPipeline.Ticket ticket;
        try {
            ticket = session.send(this, (QueryEncoder.Request) out -> {
                QueryEncoder.encode(out, session, reg, sql, params, synced ? 0 : this.fetchSize, synced, handler);
                session.pipeline.takeExclusive(this);
            });
        } catch (RuntimeException e) {
            session.pipeline.releaseExclusive(this);
            throw e;
        }
        interrupted = session.pipeline.awaitTurn(ticket);
        timer = session.timeouts.arm(); // the limit covers the whole stream
        try {
            session.ensureUsable();
            session.beginReadTurn();
            if (interrupted) {
                session.cancelRequest();
            }
            pending = advance();
        } catch (RuntimeException e) {
            end();
            throw e;
        }
    }

    QueryHandler handler() {
        return handler;
    }

    /** Reads up to the next row or the end of the result; true when a row is ready. */
    private boolean advance() {
        if (resultEnded) {
            return false;
        }
        while (true) {
            byte type = session.next();
            switch (type) {
                case DATA_ROW -> {
                    session.dispatch(
                            type,
                            handler); // checks the row against the protocol state; breaks the session if malformed
                    handler.rethrowUserFailure();
                    return true;
                }
                case PORTAL_SUSPENDED -> {
                    session.dispatch(type, handler);
                    handler.expectResults++; // the next Execute's answer
                    session.sendMore(this, out -> {
                        FrontendEncoder.execute(out, "", fetchSize);
                        FrontendEncoder.flush(out);
                    });
                }
                case COMMAND_COMPLETE, EMPTY_QUERY_RESPONSE, ERROR_RESPONSE -> {
                    boolean beginAnswer = type == COMMAND_COMPLETE && handler.beginAhead;
                    session.dispatch(type, handler);
                    if (beginAnswer) {
                        continue; // the deferred BEGIN's CommandComplete: this result has not started yet
                    }
                    ResponseDispatch.checkExecuted(session, handler);
                    finish(false);
                    return false;
                }
                default -> {
                    if (session.dispatch(type, handler)) { // no Sync was sent: the server must not be ready
                        throw session.fail(new io.sluice.ProtocolException(
                                "ReadyForQuery inside an open stream " + "(no Sync sent), " + session.where()));
                    }
                }
            }
        }
    }

    /** Sends Sync (after Close of the portal when rows remain), reads to ReadyForQuery, releases, raises. */
    private void finish(boolean closePortal) {
        resultEnded = true;
        try {
            if (!synced) {
                session.sendMore(this, out -> {
                    if (closePortal) {
                        FrontendEncoder.close(out, FrontendMessage.PORTAL, "");
                    }
                    FrontendEncoder.sync(out);
                });
            }
            // After the result's end only the request's CloseCompletes still owed (statements it evicted,
            // sent after its Execute) and ReadyForQuery may come; a close mid-result drops what remains
            // (with the whole result asked for at once, the rest of its rows too).
            ResponseHandler discard = new ResponseHandler();
            if (!closePortal) {
                discard.syncOnly();
                discard.expectCloses = handler.expectCloses == ResponseHandler.UNCHECKED
                        ? ResponseHandler.UNCHECKED
                        : handler.expectCloses - handler.closes;
            }
            discard.layout = handler.layout;
            discard.rowsInResult = handler.rowsInResult; // a CommandComplete still to come counts the rows already read
            session.readUntilReady(discard);
            if (handler.error == null) {
                handler.error = discard.error;
            }
            interrupted |= session.endReadTurn();
        } finally {
            end();
        }
        session.raise(handler, interrupted, timer);
    }

    private void end() {
        if (!done) {
            done = true;
            session.timeouts.disarm(timer);
            session.pipeline.releaseExclusive(this);
            session.pipeline.finishTurn();
        }
    }

    @Override
    public boolean hasNext() {
        if (!pending && !resultEnded) {
            try {
                pending = advance();
            } catch (RuntimeException | Error e) {
                thrown = e;
                throw e;
            }
        }
        return pending;
    }

    @Override
    public Row next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more rows in the stream");
        }
        pending = false;
        return current;
    }

    @Override
    public long affectedRows() {
        return resultEnded ? handler.affected : -1;
    }

    @Override
    public List<Column> columns() {
        return handler.layout == null ? List.of() : handler.layout.columns();
    }

    @Override
    public void close() {
        if (done) {
            return;
        }
        if (session.isClosed()) {
            end();
            return;
        }
        pending = false;
        try {
            finish(true);
        } catch (RuntimeException | Error e) {
            if (e != thrown) { // try-with-resources would add the body's own exception to itself
                throw e;
            }
        }
    }
}
