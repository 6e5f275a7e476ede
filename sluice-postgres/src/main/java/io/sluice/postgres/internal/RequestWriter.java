package io.sluice.postgres.internal;

import io.sluice.postgres.internal.protocol.FrontendEncoder;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import io.sluice.postgres.internal.transport.SelectingChannelStreams;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.locks.Condition;
import java.util.function.Consumer;

/**
 * The session's write side: renders requests into a buffer under the pipeline's write lock and sends
 * them coalesced, in the manner of a group commit. The first writer to find nobody sending becomes
 * the flusher: it swaps the filled buffer for an empty one, releases the lock and writes. Writers
 * arriving meanwhile only append and go on to wait for their responses; the flusher loops until the
 * buffer stays empty, so their bytes leave in its next write. While one write call is in progress,
 * every other pipelined request of the connection joins the next one.
 *
 * <pre>
 *   A: [append][swap] write(A) ........ [swap] write(B,C) [empty: done]
 *   B:              [append]                                       (returns at once)
 *   C:                   [append]                                  (returns at once)
 * </pre>
 *
 * On a plain connection a request pipelined behind others (their responses still unread) goes
 * further: it is not sent at once but left for the reader of an earlier response. That reader sends
 * everything deferred once the server holds fewer than {@value #SERVER_BACKLOG} requests (sent,
 * their responses not consumed; checked as it starts to wait and between the reads of its spin),
 * and in any case before it sleeps. The server keeps work queued, and the requests of many callers
 * leave in one write instead of one each (figures at {@code SERVER_BACKLOG}). A reader asleep
 * sends nothing, so a request written meanwhile is sent at once (the {@code deferred} /
 * {@code readerWaiting} pair is checked crosswise, each side writing its own flag before reading the
 * other's).
 *
 * Invariant: outside the write lock the buffer is empty unless a flusher is running or the bytes
 * are deferred behind a reader that has not gone to sleep yet, so no request is ever left unsent.
 * A writer that finds more than {@value #BACKLOG_LIMIT} bytes waiting waits for the flusher instead
 * of growing the buffer without bound (a COPY or a huge batch).
 */
final class RequestWriter implements SelectingChannelStreams.ReadWaitListener {
    /** What the writer needs of its session. */
    interface Session {
        /** Throws if the session is closed or broken. */
        void ensureUsable();

        boolean isBroken();

        /** Marks the session broken by a failed write and returns the exception to throw. */
        RuntimeException writeFailed(IOException cause);
    }

    private static final int WRITE_BUFFER_SIZE = 8192;
    private static final int WRITE_BUFFER_KEPT = 1 << 20;
    private static final int BACKLOG_LIMIT = 1 << 18;
    /**
     * Deferred requests wait while the server holds at least this many: enough that it never runs dry,
     * few enough that a burst leaves in one write call; 4 measured better than sending at once or
     * holding back 8 ({@code pg-pipeline} suite).
     */
    private static final int SERVER_BACKLOG = 4;

    private final Session session;
    private final RequestPipeline pipeline;
    private final OutputStream out;
    private final Condition flushed;
    private PgWriteBuffer buffer = new PgWriteBuffer(WRITE_BUFFER_SIZE); // appended to under the write lock
    private PgWriteBuffer sending = new PgWriteBuffer(WRITE_BUFFER_SIZE); // the flusher's, outside the lock
    private boolean flushing; // guarded by the write lock
    private boolean deferring;
    private volatile int deferred; // requests in the buffer left for the reader to send; under the write lock
    private volatile boolean readerWaiting; // the reader is blocked: nobody would send deferred bytes

    RequestWriter(Session session, RequestPipeline pipeline, OutputStream out) {
        this.session = session;
        this.pipeline = pipeline;
        this.out = out;
        this.flushed = pipeline.newWriteCondition();
    }

    /**
     * Renders one request under the write lock and returns its ticket. If encoding fails (a value
     * the encoder cannot convert) the request's bytes are dropped, nothing of it is sent, and the
     * exception propagates.
     */
    RequestPipeline.Ticket send(Object owner, Consumer<PgWriteBuffer> encoder) {
        lockWrite(owner);
        RequestPipeline.Ticket ticket;
        try {
            session.ensureUsable();
            int mark = buffer.position();
            try {
                encoder.accept(buffer);
            } catch (RuntimeException e) {
                buffer.truncate(mark);
                throw e;
            }
            ticket = pipeline.issueTicket();
            if (deferring && !ticket.hasTurn()) { // behind responses not read yet
                deferred++; // written before readerWaiting is read; beforeSleep does the opposite
                if (!readerWaiting) {
                    pipeline.unlockWrite();
                    return ticket; // the reader of an earlier response sends it (beforeWait, whileSpinning,
                    // beforeSleep)
                }
            }
        } catch (RuntimeException | Error e) {
            unlockWrite();
            throw e;
        }
        unlockWrite();
        return ticket;
    }

    /**
     * Lets requests pipelined behind others wait in the buffer until the reader of an earlier
     * response would block: call once, for streams that report their waits (plain connections).
     */
    void deferWhilePipelined() {
        deferring = true;
    }

    /** The reader is about to wait for the server: deferred requests leave now unless the server has enough. */
    @Override
    public boolean beforeWait() {
        sendDeferredIfServerIdles();
        return pipeline.othersQueued();
    }

    @Override
    public void whileSpinning() {
        sendDeferredIfServerIdles();
    }

    /** The reader is about to sleep: nobody would send deferred requests, so they leave now. */
    @Override
    public void beforeSleep() {
        readerWaiting = true; // written before deferred is read; send does the opposite
        if (deferred > 0) {
            sendDeferred();
        }
    }

    private void sendDeferredIfServerIdles() {
        int waiting = deferred;
        if (waiting > 0 && pipeline.outstanding() - waiting < SERVER_BACKLOG) {
            sendDeferred();
        }
    }

    private void sendDeferred() {
        pipeline.lockWriteRaw();
        try {
            flushUnlessFlushing();
        } finally {
            pipeline.unlockWrite();
        }
    }

    @Override
    public void afterWait() {
        readerWaiting = false;
    }

    /** Renders more messages for a request that already holds its read turn (a stream's next Execute). */
    void sendMore(Object owner, Consumer<PgWriteBuffer> encoder) {
        lockWrite(owner);
        try {
            session.ensureUsable();
            encoder.accept(buffer);
        } finally {
            unlockWrite();
        }
    }

    /** Takes the write lock (see {@link RequestPipeline#lockWrite}). */
    void lockWrite(Object owner) {
        pipeline.lockWrite(owner);
    }

    /**
     * Releases the write lock, first sending what the buffer holds unless a flusher is already at it
     * (which then sends these bytes too). Throws if this thread's write fails.
     */
    void unlockWrite() {
        try {
            while (flushing && buffer.position() > BACKLOG_LIMIT) {
                flushed.awaitUninterruptibly();
            }
            flushUnlessFlushing();
        } finally {
            pipeline.unlockWrite();
        }
    }

    /** Sends the buffer, unless a flusher is at it already (it sends these bytes too); write lock held. */
    private void flushUnlessFlushing() {
        if (!flushing && buffer.position() > 0) {
            flushAll();
        }
    }

    /** Sends Terminate, if nobody is writing at the moment. Best effort. */
    void terminate() {
        if (!pipeline.tryLockWrite()) {
            return;
        }
        try {
            if (flushing) {
                return; // a write is under way; the socket is closed right after this anyway
            }
            FrontendEncoder.terminate(buffer);
            out.write(buffer.array(), 0, buffer.position());
            out.flush();
        } catch (IOException ignored) {
            // closing anyway
        } finally {
            buffer.clear();
            pipeline.unlockWrite();
        }
    }

    /**
     * The flusher's loop; entered and left with the write lock held. Writes outside the lock, so that
     * others append meanwhile, until the buffer is empty.
     */
    private void flushAll() {
        flushing = true;
        try {
            while (buffer.position() > 0 && !session.isBroken()) {
                PgWriteBuffer batch = buffer;
                deferred = 0; // they leave with this batch
                buffer = sending;
                sending = batch;
                pipeline.unlockWrite();
                try {
                    write(batch);
                } finally {
                    pipeline.lockWriteRaw();
                }
            }
        } finally {
            if (session.isBroken()) {
                buffer.clear(); // nothing more can be sent; the waiting callers see the failure
                deferred = 0;
            }
            flushing = false;
            flushed.signalAll();
        }
    }

    private void write(PgWriteBuffer batch) {
        try {
            out.write(batch.array(), 0, batch.position());
            out.flush();
        } catch (IOException e) {
            throw session.writeFailed(e);
        } finally {
            batch.clear();
            if (batch.array().length > WRITE_BUFFER_KEPT) {
                sending = new PgWriteBuffer(WRITE_BUFFER_SIZE); // a huge batch grew it: do not keep that memory
            }
        }
    }
}
