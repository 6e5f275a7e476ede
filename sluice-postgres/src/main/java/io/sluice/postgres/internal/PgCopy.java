package io.sluice.postgres.internal;

import static io.sluice.postgres.internal.protocol.BackendMessage.COPY_BOTH_RESPONSE;
import static io.sluice.postgres.internal.protocol.BackendMessage.COPY_DATA;
import static io.sluice.postgres.internal.protocol.BackendMessage.COPY_DONE;
import static io.sluice.postgres.internal.protocol.BackendMessage.COPY_IN_RESPONSE;
import static io.sluice.postgres.internal.protocol.BackendMessage.COPY_OUT_RESPONSE;
import static io.sluice.postgres.internal.protocol.BackendMessage.ERROR_RESPONSE;

import io.sluice.ProtocolException;
import io.sluice.SluiceException;
import io.sluice.postgres.internal.protocol.BackendDecoder;
import io.sluice.postgres.internal.protocol.BackendMessage;
import io.sluice.postgres.internal.protocol.FrontendEncoder;
import io.sluice.spi.TimeoutToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;

/**
 * {@code COPY ... FROM STDIN} and {@code COPY ... TO STDOUT} over the simple query protocol:
 *
 * <pre>
 *  in:  Query  -&gt; CopyInResponse;  CopyData* CopyDone (CopyFail if the input fails) -&gt; CommandComplete ReadyForQuery
 *  out: Query  -&gt; CopyOutResponse CopyData* CopyDone CommandComplete ReadyForQuery
 * </pre>
 *
 * The copy holds the connection exclusively (like a stream), so no pipelined request interleaves
 * its messages with the CopyData. Input goes out in 64 KiB CopyData messages, one write each. After
 * a server error during copy-in the server drops the rest of the CopyData (protocol: "COPY
 * Operations"), so the error is reported once the input is sent. When the caller's output stream
 * fails during copy-out, the query is cancelled and the rest of the answer read and dropped, so the
 * connection stays in step.
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-flow.html#PROTOCOL-COPY">COPY Operations</a>
 */
final class PgCopy {
    private static final int CHUNK = 64 * 1024;

    private final PgSession session;
    private final Object owner = new Object();
    private final QueryHandler handler = new QueryHandler();

    {
        handler.simple(); // COPY goes through the simple Query protocol
    }

    private final InputStream input; // copy-in, else null
    private final OutputStream output; // copy-out, else null
    private boolean copied; // the server entered a copy mode
    private String misuse; // the statement was not the expected kind of COPY
    private IOException streamFailure; // the caller's input or output stream failed

    private PgCopy(PgSession session, InputStream input, OutputStream output) {
        this.session = session;
        this.input = input;
        this.output = output;
    }

    /** Runs {@code COPY ... FROM STDIN} with the bytes of {@code data}; returns the rows copied. */
    static long in(PgSession session, String sql, InputStream data) {
        return new PgCopy(session, Objects.requireNonNull(data, "data"), null).run(sql);
    }

    /** Runs {@code COPY ... TO STDOUT} into {@code out}; returns the rows copied. */
    static long out(PgSession session, String sql, OutputStream out) {
        return new PgCopy(session, null, Objects.requireNonNull(out, "out")).run(sql);
    }

    private long run(String sql) {
        Objects.requireNonNull(sql, "sql");
        RequestPipeline.Ticket ticket = session.send(owner, out -> {
            FrontendEncoder.query(out, sql);
            session.pipeline.takeExclusive(owner);
        });
        boolean interrupted = session.pipeline.awaitTurn(ticket);
        TimeoutToken timer = session.timeouts.arm();
        try {
            session.ensureUsable();
            session.beginReadTurn();
            if (interrupted) {
                session.cancelRequest();
            }
            readUntilReady();
            interrupted |= session.endReadTurn();
        } finally {
            session.timeouts.disarm(timer);
            session.pipeline.finishTurn();
            session.pipeline.releaseExclusive(owner);
        }
        if (streamFailure != null) {
            SluiceException e = new SluiceException(
                    "COPY " + (input != null ? "input" : "output") + " stream failed: " + streamFailure + ", "
                            + session.where(),
                    streamFailure);
            if (handler.error != null) {
                e.addSuppressed(handler.error);
            }
            throw e;
        }
        if (misuse != null) { // before the server's error: with copyOut on FROM STDIN, that is our own CopyFail
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            IllegalArgumentException e = new IllegalArgumentException(misuse + ": sql=" + sql);
            if (handler.error != null) {
                e.addSuppressed(handler.error);
            }
            throw e;
        }
        session.raise(handler, interrupted, timer);
        return handler.affected;
    }

    /**
     * Reads the response, checking the COPY sub-protocol's order: one CopyInResponse or
     * CopyOutResponse first; CopyData and then one CopyDone only after CopyOutResponse; nothing else
     * (but ErrorResponse and the asynchronous messages) before that CopyDone.
     */
    private void readUntilReady() {
        int state = BEFORE_COPY;
        while (true) {
            byte type = session.next();
            switch (type) {
                case COPY_IN_RESPONSE -> {
                    state = copyResponse(type, state, IN_COPY_IN);
                    copied = true;
                    if (input != null) {
                        sendInput();
                    } else {
                        misuse = "copyOut needs COPY ... TO STDOUT, the server asked for input";
                        session.sendMore(owner, out -> FrontendEncoder.copyFail(out, misuse));
                    }
                }
                case COPY_OUT_RESPONSE -> {
                    state = copyResponse(type, state, IN_COPY_OUT);
                    copied = true;
                    if (output == null) {
                        misuse = "copyIn needs COPY ... FROM STDIN, the server sent output";
                    }
                }
                case COPY_DATA -> {
                    requireState(type, state, IN_COPY_OUT);
                    write();
                }
                case COPY_DONE -> {
                    requireState(type, state, IN_COPY_OUT);
                    try {
                        BackendDecoder.empty(type, session.bodyLength());
                    } catch (ProtocolException e) {
                        throw session.fail(e);
                    }
                    state = AFTER_COPY;
                }
                case COPY_BOTH_RESPONSE ->
                    throw session.fail(
                            new ProtocolException("COPY BOTH (replication) is not supported, " + session.where()));
                default -> {
                    if (state == IN_COPY_OUT) {
                        if (type != ERROR_RESPONSE) {
                            throw session.fail(new ProtocolException(
                                    "message out of place during COPY: type=" + BackendMessage.describe(type)
                                            + ", expected CopyData or CopyDone, " + session.where()));
                        }
                        state = AFTER_COPY; // the COPY failed (a cancel, say): ReadyForQuery follows
                    }
                    if (session.dispatch(type, handler)) {
                        if (!copied && handler.error == null && misuse == null) {
                            misuse = "not a COPY statement";
                        }
                        return;
                    }
                }
            }
        }
    }

    private static final int BEFORE_COPY = 0;
    private static final int IN_COPY_IN = 1;
    private static final int IN_COPY_OUT = 2;
    private static final int AFTER_COPY = 3;

    /** Checks a CopyInResponse or CopyOutResponse: the first of its kind, well formed. */
    private int copyResponse(byte type, int state, int next) {
        if (state != BEFORE_COPY || handler.error != null) {
            throw session.fail(new ProtocolException(
                    "second COPY response: type=" + BackendMessage.describe(type) + ", " + session.where()));
        }
        try {
            BackendDecoder.copyResponse(type, session.buffer(), session.bodyOffset(), session.bodyLength());
        } catch (ProtocolException e) {
            throw session.fail(e);
        }
        return next;
    }

    private void requireState(byte type, int state, int required) {
        if (state != required || handler.error != null) {
            throw session.fail(new ProtocolException("message out of place: type=" + BackendMessage.describe(type)
                    + ", no COPY TO STDOUT in progress, " + session.where()));
        }
    }

    private void sendInput() {
        byte[] chunk = new byte[CHUNK];
        try {
            int n;
            while ((n = input.read(chunk)) >= 0) {
                if (n > 0) {
                    int length = n;
                    session.sendMore(owner, out -> FrontendEncoder.copyData(out, chunk, 0, length));
                }
            }
            session.sendMore(owner, FrontendEncoder::copyDone);
        } catch (IOException e) {
            streamFailure = e;
            session.sendMore(owner, out -> FrontendEncoder.copyFail(out, "client input failed: " + e));
        }
    }

    private void write() {
        if (output == null || streamFailure != null) {
            return; // dropping the rest of a copy that cannot be delivered
        }
        try {
            output.write(session.buffer(), session.bodyOffset(), session.bodyLength());
        } catch (IOException e) {
            streamFailure = e;
            session.cancelRequest(); // stop the server early; the rest is read and dropped
        }
    }
}
