package io.sluice.postgres.internal;

import static io.sluice.postgres.internal.protocol.BackendMessage.*;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.ProtocolException;
import io.sluice.SluiceException;
import io.sluice.postgres.internal.protocol.BackendMessage;
import io.sluice.postgres.internal.protocol.FrontendEncoder;
import io.sluice.postgres.internal.protocol.MessageReader;
import io.sluice.postgres.internal.protocol.PgWriteBuffer;
import io.sluice.postgres.internal.transport.CancelRequestSender;
import io.sluice.postgres.internal.transport.SelectingChannelStreams;
import io.sluice.spi.TimeoutToken;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * One open session: the socket, the buffered reader, the write buffer, the request pipeline and the
 * statement cache. Sends requests (coalesced by {@link RequestWriter}), reads responses in ticket order, keeps
 * the transaction status from ReadyForQuery, hands notices, ParameterStatus and notifications to
 * {@link AsyncMessages} and each response's other messages to {@link ResponseDispatch}, and marks
 * itself broken on any I/O or protocol failure.
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-flow.html#PROTOCOL-FLOW-EXT-QUERY">Extended Query</a>
 * @see <a href="https://www.postgresql.org/docs/current/protocol-flow.html#PROTOCOL-ASYNC">Asynchronous Operations</a>
 */
final class PgSession implements RequestWriter.Session {
    /**
     * Connection life-cycle (DEBUG: opened, with TLS protocol and cipher and the authentication method; closed;
     * INFO: broken). Never logs a password, SQL text or a parameter value.
     */
    private static final System.Logger LOG = System.getLogger("io.sluice.postgres");

    final ConnectionConfig config;
    final RequestPipeline pipeline = new RequestPipeline();
    final StatementCache cache;
    /** The application's type codecs as this connection resolved them; null when the configuration has none. */
    final PgTypeCatalog types;
    /** The statement-cache lookup key reused by every request, under the write lock. */
    final StatementCache.Probe keyProbe = new StatementCache.Probe();

    final Map<String, String> parameters = new ConcurrentHashMap<>();
    /**
     * Random, in every server-side statement name of this connection: behind a transaction-mode
     * pooler (PgBouncer) several client connections share a backend, and equal names ("s1") would
     * collide there, or worse, run another connection's statement. With unique names a statement
     * missing on the backend of the moment is only a 26000 error, which the statement cache repairs.
     */
    final String nameTag = Long.toString(ThreadLocalRandom.current().nextLong(1L << 41), 36);

    private final AutoCloseable io;
    /** The channel under {@link #io} (also under TLS): closed first, so that a blocked reader wakes at once. */
    private final SelectingChannelStreams channel;

    private boolean readInterrupted; // by the thread holding the read turn
    private final MessageReader reader;
    private final RequestWriter writer;
    final int processId;
    private final int secretKey;
    private volatile byte transactionStatus;
    final DeferredBegin deferredBegin = new DeferredBegin();
    private volatile boolean closed;
    private volatile SluiceException brokenBy;
    volatile Duration queryTimeout;
    final CancelOnTimeout timeouts = new CancelOnTimeout(this);
    /** Names of server-side statements to close, taken by the next request's encoder. */
    final Queue<String> closeQueue = new ConcurrentLinkedQueue<>();
    /** Notices, ParameterStatus and notifications, which may arrive amid any response. */
    final AsyncMessages asyncMessages = new AsyncMessages(this);

    PgSession(ConnectionConfig config) {
        this.config = config;
        StartupHandshake handshake = new StartupHandshake(config);
        StartupHandshake.Session s = handshake.open();
        this.io = s.io();
        this.channel = s.channel();
        this.writer = new RequestWriter(this, pipeline, s.out());
        this.reader = s.reader();
        if (io instanceof SelectingChannelStreams streams) { // plain TCP or Unix socket: reads report their waits
            streams.readWaitListener(writer);
            writer.deferWhilePipelined();
        }
        this.processId = s.processId();
        this.secretKey = s.secretKey();
        this.parameters.putAll(s.parameters());
        this.transactionStatus = s.transactionStatus();
        this.cache = new StatementCache(config.statementCacheSize(), "s" + nameTag + "_");
        this.types = config.typeCodecs().isEmpty() ? null : new PgTypeCatalog(config.typeCodecs());
        this.queryTimeout = config.queryTimeout();
        if (!config.socketTimeout().isZero()) {
            readTimeout(socketTimeoutMillis());
        }
        if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
            LOG.log(
                    System.Logger.Level.DEBUG,
                    "connection opened: {0}, database={1}, user={2}, tls={3}, auth={4}, server_version={5}",
                    where(),
                    config.database(),
                    config.user(),
                    s.tlsDescription(),
                    handshake.authMethod(),
                    parameters.get("server_version"));
        }
    }

    /** socket_timeout in milliseconds for the selector, 0 = none. */
    private int socketTimeoutMillis() {
        long ms = config.socketTimeout().toMillis();
        return ms == 0 && !config.socketTimeout().isZero() ? 1 : (int) Math.min(ms, Integer.MAX_VALUE);
    }

    /** {@code host:port} of the server, for events and messages. */
    String serverName() {
        return config.host() + ":" + (config.port() == 0 ? 5432 : config.port());
    }

    /** Writes one request and returns its ticket (see {@link RequestWriter#send}). */
    RequestPipeline.Ticket send(Object owner, Consumer<PgWriteBuffer> encoder) {
        if (!(encoder instanceof QueryEncoder.Request)) {
            sendDeferredBegin(owner);
        }
        return writer.send(owner, encoder);
    }

    /** Sends a BEGIN that {@link PgConnection#begin} deferred, as a request of its own, if one waits. */
    private void sendDeferredBegin(Object owner) {
        String begin = deferredBegin.take();
        if (begin != null) {
            execute(owner, out -> FrontendEncoder.query(out, begin), new ResponseHandler().simple());
        }
    }

    /** Writes more messages for a request that already holds its read turn (a stream's next Execute). */
    void sendMore(Object owner, Consumer<PgWriteBuffer> encoder) {
        writer.sendMore(owner, encoder);
    }

    void lockWrite(Object owner) {
        writer.lockWrite(owner);
    }

    void unlockWrite() {
        writer.unlockWrite();
    }

    /**
     * Sends a request, waits for its turn, reads its response to ReadyForQuery into {@code handler},
     * and throws what the response says: the server's error, the caller's own failure, a timeout or
     * a cancellation.
     */
    void execute(Object owner, Consumer<PgWriteBuffer> encoder, ResponseHandler handler) {
        RequestPipeline.Ticket ticket = send(owner, encoder);
        await(ticket, handler, true);
    }

    /** Waits for the read turn of {@code ticket}, reads the response, and throws what it says. */
    void await(RequestPipeline.Ticket ticket, ResponseHandler handler, boolean untilReady) {
        TimeoutToken timer = timeouts.arm();
        boolean interrupted = pipeline.awaitTurn(ticket);
        try {
            ensureUsable();
            beginReadTurn();
            if (interrupted) {
                cancelRequest();
            }
            readUntilReady(handler);
            interrupted |= endReadTurn();
        } finally {
            timeouts.disarm(timer);
            pipeline.finishTurn();
        }
        raise(handler, interrupted, timer);
    }

    void raise(ResponseHandler handler, boolean interrupted, TimeoutToken timer) {
        if (!interrupted && handler.error == null && handler.userFailure == null) {
            return; // the common case: no message to build (where() concatenates on every call)
        }
        ResponseOutcome.raise(handler, interrupted, timer, queryTimeout, where());
    }

    /** Reads one response up to and including ReadyForQuery. Call only in the request's read turn. */
    void readUntilReady(ResponseHandler h) {
        while (true) {
            byte type = next();
            if (dispatch(type, h)) {
                reader.trim(); // a huge message grew the receive buffer: back to 64 KiB between responses
                return;
            }
        }
    }

    /**
     * Handles one message of a response; true when it was ReadyForQuery. PortalSuspended is left to
     * the caller (a stream) and answered false here. A message the response's state does not allow
     * (see {@link ResponseHandler}), a malformed one, or any failure of the decoding itself breaks
     * the session: the exception that leaves is a {@link ProtocolException} (an {@link Error} such as
     * OutOfMemoryError is rethrown as it is, after the session is broken).
     */
    boolean dispatch(byte type, ResponseHandler h) {
        try {
            return ResponseDispatch.message(this, type, h);
        } catch (ProtocolException e) {
            throw fail(e);
        } catch (SluiceException e) {
            throw fail(new ProtocolException(
                    "server message rejected: type=" + BackendMessage.describe(type) + ", " + where() + ", cause="
                            + e.getMessage(),
                    e));
        } catch (RuntimeException e) {
            throw fail(new ProtocolException(
                    "malformed message from server: type=" + BackendMessage.describe(type) + ", " + where() + ", cause="
                            + e,
                    e));
        } catch (Error e) {
            fail(new ConnectionException("reading a response failed: " + where() + ", cause=" + e, null));
            throw e;
        }
    }

    /**
     * The next message that is not asynchronous (NoticeResponse, ParameterStatus and
     * NotificationResponse go to the listener here). Marks the session broken on failure.
     */
    byte next() {
        try {
            while (true) {
                byte type;
                try {
                    type = reader.next();
                } catch (SocketTimeoutException e) { // an InterruptedIOException too: caught first
                    throw fail(new ConnectionException(
                            "server sent nothing within socket_timeout: timeout=" + config.socketTimeout() + ", "
                                    + where() + " (connection closed; setting socket_timeout)",
                            e));
                } catch (InterruptedIOException e) {
                    // SelectingChannelStreams.ReadInterruptedException, directly or through the TLS layer.
                    // First interrupt: cancel the query and keep reading its response, so the connection
                    // stays usable. A second one while still waiting: the server does not answer, give up.
                    if (readInterrupted) {
                        Thread.currentThread().interrupt();
                        throw fail(new ConnectionException(
                                "connection abandoned: interrupted twice while waiting "
                                        + "for a cancelled query's response, " + where(),
                                e));
                    }
                    readInterrupted = true;
                    cancelRequest();
                    continue;
                }
                if (!AsyncMessages.isAsynchronous(type)) {
                    return type;
                }
                asyncMessages.handle(type);
            }
        } catch (ProtocolException e) {
            throw fail(e);
        } catch (IOException e) {
            throw fail(readFailed(e));
        } catch (SluiceException e) {
            throw fail(e);
        } catch (RuntimeException e) { // a decoding bug, or a selector closed under the reader: never leaks as such
            throw fail(new ProtocolException("reading from server failed: " + where() + ", cause=" + e, e));
        } catch (Error e) { // OutOfMemoryError and the like: the stream position is unknown now
            fail(new ConnectionException("reading from server failed: " + where() + ", cause=" + e, null));
            throw e;
        }
    }

    /**
     * The exception for a read that failed: the session's own reason when it was broken on purpose
     * while the read waited (the cancel grace elapsed, a validation limit, close), else the I/O failure.
     * Always a new instance, so that no two callers share one.
     */
    private SluiceException readFailed(IOException e) {
        SluiceException cause = brokenBy;
        if (cause instanceof io.sluice.QueryTimeoutException) {
            return new io.sluice.QueryTimeoutException(cause.getMessage(), e);
        }
        if (cause != null) {
            return new ConnectionException(
                    "read from server failed: " + where() + ", broken by: " + cause.getMessage(), e);
        }
        return new ConnectionException("read from server failed: " + where() + ", cause=" + e, e);
    }

    /**
     * The next message, read with a socket timeout of {@code millis} instead of socket_timeout; as
     * {@link MessageReader#next}, a timed-out read resumes where it stopped. For the notification wait.
     */
    byte nextWithin(int millis) throws IOException {
        try {
            readTimeout(millis);
            return reader.next();
        } finally {
            readTimeout(socketTimeoutMillis()); // the wait for notifications is not limited by it
        }
    }

    /** Sets the socket read timeout in milliseconds, 0 for none (plain: the selector; TLS: the layered socket). */
    private void readTimeout(int millis) {
        try {
            if (io instanceof SelectingChannelStreams streams) {
                streams.readTimeout(millis);
            } else if (io instanceof Socket socket) {
                socket.setSoTimeout(millis);
            } else {
                throw new IllegalStateException(
                        "no read timeout for " + io.getClass().getName());
            }
        } catch (SocketException e) {
            throw fail(new ConnectionException("setting a read timeout failed: " + where() + ", cause=" + e, e));
        }
    }

    /** Starts tracking interrupts seen by this read turn's socket reads. */
    void beginReadTurn() {
        readInterrupted = false;
    }

    /** True if a socket read of this turn was interrupted (a cancel was then sent). */
    boolean endReadTurn() {
        boolean r = readInterrupted;
        readInterrupted = false;
        return r;
    }

    byte[] buffer() {
        return reader.buffer();
    }

    int bodyOffset() {
        return reader.bodyOffset();
    }

    int bodyLength() {
        return reader.bodyLength();
    }

    /** Sends a CancelRequest for this session on a fresh socket. Best effort; never throws. */
    void cancelRequest() {
        CancelRequestSender.send(
                config.host(),
                config.port() == 0 ? 5432 : config.port(),
                processId,
                secretKey,
                config.connectTimeout());
    }

    /** Asks for a server-side statement to be closed with the next request (see {@link QueryEncoder}). */
    void queueClose(String statementName) {
        closeQueue.add(statementName);
    }

    byte transactionStatus() {
        return transactionStatus;
    }

    /** Takes the transaction status of a ReadyForQuery. */
    void readyForQuery(byte status) {
        transactionStatus = status;
        if (status != BackendMessage.TRANSACTION_IDLE) {
            deferredBegin.serverInTransaction();
        }
    }

    /** Marks the session broken, closes the socket and wakes every waiting caller; returns {@code e}. */
    <E extends SluiceException> E fail(E e) {
        if (brokenBy == null) {
            brokenBy = e;
            if (!closed) {
                LOG.log(System.Logger.Level.INFO, "connection broken: " + where() + ", cause=" + e.getMessage());
            }
        }
        closeSocket();
        pipeline.fail();
        return e;
    }

    @Override
    public void ensureUsable() {
        if (closed) {
            throw new ConnectionException("connection is closed: " + where());
        }
        SluiceException cause = brokenBy;
        if (cause != null || pipeline.failed()) {
            throw new ConnectionException(
                    "connection is broken: " + where() + ", cause=" + (cause == null ? "?" : cause.getMessage()),
                    cause);
        }
    }

    @Override
    public boolean isBroken() {
        return brokenBy != null;
    }

    @Override
    public RuntimeException writeFailed(IOException cause) {
        return fail(new ConnectionException("write to server failed: " + where() + ", cause=" + cause, cause));
    }

    boolean isClosed() {
        return closed || brokenBy != null;
    }

    /** Sends Terminate (best effort) and closes the socket. Idempotent. */
    void close() {
        if (closed) {
            return;
        }
        if (brokenBy == null) {
            writer.terminate();
        }
        closed = true;
        closeSocket();
        pipeline.fail();
        if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
            LOG.log(System.Logger.Level.DEBUG, "connection closed: {0}", where());
        }
    }

    private void closeSocket() {
        if (channel != null && channel != io) {
            channel.close(); // never blocks: the TLS layer's close below may wait for a reader's lock
        }
        try {
            io.close();
        } catch (Exception ignored) {
            // nothing more to release
        }
    }

    String where() {
        return "host=" + config.host() + ", port=" + (config.port() == 0 ? 5432 : config.port()) + ", pid=" + processId;
    }
}
