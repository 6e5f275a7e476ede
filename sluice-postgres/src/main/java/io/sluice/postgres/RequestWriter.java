package io.sluice.postgres;

import io.sluice.ConnectionException;
import io.sluice.postgres.internal.codec.PgWriteBuffer;
import io.sluice.postgres.internal.protocol.FrontendEncoder;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.Consumer;

/**
 * The session's write side: renders requests into one buffer under the pipeline's write lock and
 * sends them, coalesced. A writer that sees others queued for the lock leaves its bytes in the
 * buffer for the last of them to send, so a burst of pipelined requests costs one write call; the
 * last writer (nobody queued behind it) always flushes, and so does a writer about to wait for an
 * open stream, so no request is ever left unsent.
 */
final class RequestWriter {
    private static final int WRITE_BUFFER_SIZE = 8192;
    private static final int WRITE_BUFFER_KEPT = 1 << 20;

    private final PgSession session;
    private final RequestPipeline pipeline;
    private final OutputStream out;
    private PgWriteBuffer buffer = new PgWriteBuffer(WRITE_BUFFER_SIZE); // guarded by the write lock

    RequestWriter(PgSession session, OutputStream out) {
        this.session = session;
        this.pipeline = session.pipeline;
        this.out = out;
    }

    /**
     * Renders one request under the write lock and returns its ticket. If encoding fails (a value
     * the encoder cannot convert) the request's bytes are dropped, nothing of it is sent, and the
     * exception propagates.
     */
    long send(Object owner, Consumer<PgWriteBuffer> encoder) {
        lockWrite(owner);
        try {
            session.ensureUsable();
            int mark = buffer.position();
            try {
                encoder.accept(buffer);
            } catch (RuntimeException e) {
                buffer.truncate(mark);
                throw e;
            }
            return pipeline.issueTicket();
        } finally {
            unlockWrite();
        }
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

    /** Takes the write lock (see {@link RequestPipeline#lockWrite}); pending bytes go out before any wait for a stream. */
    void lockWrite(Object owner) {
        pipeline.lockWrite(owner, this::flushPending);
    }

    /** Releases the write lock, first sending the buffered bytes unless another writer is queued to append to them. */
    void unlockWrite() {
        try {
            if (!pipeline.writersQueued()) {
                flushPending();
            }
        } finally {
            pipeline.unlockWrite();
        }
    }

    /** Sends Terminate after whatever is pending, if the lock is free at once. Best effort. */
    void terminate() {
        if (!pipeline.tryLockWrite()) {
            return;
        }
        try {
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

    /** Sends whatever the buffer holds; call with the write lock held. */
    private void flushPending() {
        if (buffer.position() == 0 || session.isBroken()) {
            buffer.clear();
            return;
        }
        try {
            out.write(buffer.array(), 0, buffer.position());
            out.flush();
        } catch (IOException e) {
            throw session.fail(new ConnectionException("write to server failed: " + session.where() + ", cause=" + e, e));
        } finally {
            buffer.clear();
            if (buffer.array().length > WRITE_BUFFER_KEPT) {
                buffer = new PgWriteBuffer(WRITE_BUFFER_SIZE); // a huge batch grew it: do not keep that memory
            }
        }
    }
}
