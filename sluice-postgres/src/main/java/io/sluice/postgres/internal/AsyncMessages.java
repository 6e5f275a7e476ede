package io.sluice.postgres.internal;

import static io.sluice.postgres.internal.protocol.BackendMessage.*;

import io.sluice.ConnectionException;
import io.sluice.Notification;
import io.sluice.ProtocolException;
import io.sluice.QueryCancelledException;
import io.sluice.ServerException;
import io.sluice.ServerMessage;
import io.sluice.postgres.internal.protocol.BackendDecoder;
import io.sluice.postgres.internal.protocol.BackendMessage;
import io.sluice.postgres.internal.protocol.MessageReader;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * A session's messages that the server may send at any time (NoticeResponse, ParameterStatus,
 * NotificationResponse): forwards them to the event listener, keeps the server parameters current,
 * and queues the notifications for {@link io.sluice.Connection#awaitNotifications}, whose wait is
 * here too. One per session; it reads only in the session's read turn.
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-flow.html#PROTOCOL-ASYNC">Asynchronous Operations</a>
 */
final class AsyncMessages {
    private final PgSession session;
    private final Queue<Notification> notifications = new ConcurrentLinkedQueue<>();

    AsyncMessages(PgSession session) {
        this.session = session;
    }

    /** True for the messages the server may send at any time, which {@link #handle} takes. */
    static boolean isAsynchronous(byte type) {
        return type == NOTICE_RESPONSE || type == PARAMETER_STATUS || type == NOTIFICATION_RESPONSE;
    }

    /** Handles the session's current message, one for which {@link #isAsynchronous} is true. */
    void handle(byte type) {
        byte[] b = session.buffer();
        int off = session.bodyOffset();
        int len = session.bodyLength();
        switch (type) {
            case NOTICE_RESPONSE -> notice(BackendDecoder.serverMessage(type, b, off, len));
            case PARAMETER_STATUS -> {
                String[] nv = BackendDecoder.parameterStatus(b, off, len);
                session.parameters.put(nv[0], nv[1]);
                parameterStatus(nv[0], nv[1]);
            }
            case NOTIFICATION_RESPONSE -> {
                Notification n = BackendDecoder.notification(b, off, len);
                notifications.add(n);
                try {
                    session.config.eventListener().onNotification(n);
                } catch (RuntimeException ignored) {
                    // a listener's failure must not break the connection's reading
                }
            }
            default -> throw new IllegalArgumentException("not an asynchronous message: " + type);
        }
    }

    /**
     * The queued notifications, after waiting up to {@code timeout} for one if none is queued (see
     * {@link io.sluice.Connection#awaitNotifications}). The wait takes a read turn like a request
     * that sends nothing, holds the connection exclusively, and reads with a socket timeout: a
     * message is read whole or not at all ({@link MessageReader#next} resumes where a timed-out read
     * stopped).
     */
    List<Notification> await(Duration timeout) {
        if (!notifications.isEmpty() || timeout.isZero() || timeout.isNegative()) {
            return drain();
        }
        PgSession s = session;
        RequestPipeline pipeline = s.pipeline;
        long deadline = System.nanoTime() + timeout.toNanos();
        // Sends nothing, takes a place in the read order, and holds the connection exclusively like a
        // stream: a request pipelined meanwhile would have its answer arrive during the wait.
        Object waiter = new Object();
        RequestPipeline.Ticket ticket = s.send(waiter, out -> pipeline.takeExclusive(waiter));
        boolean interrupted = pipeline.awaitTurn(ticket);
        try {
            s.ensureUsable();
            while (!interrupted && notifications.isEmpty()) {
                long millis = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime() + 999_999);
                if (millis <= 0) {
                    break;
                }
                byte type;
                try {
                    type = s.nextWithin((int) Math.min(millis, Integer.MAX_VALUE));
                } catch (SocketTimeoutException e) {
                    break;
                } catch (InterruptedIOException e) { // woken by an interrupt; nothing was lost
                    interrupted = true;
                    break;
                } catch (IOException e) {
                    throw s.fail(new ConnectionException(
                            "read from server failed while waiting for notifications: " + s.where() + ", cause=" + e,
                            e));
                }
                if (type == ERROR_RESPONSE) { // e.g. pg_terminate_backend: FATAL, then the server hangs up
                    ServerException error = new ServerException(
                            BackendDecoder.serverMessage(type, s.buffer(), s.bodyOffset(), s.bodyLength()));
                    throw s.fail(new ConnectionException(
                            "server ended the session while waiting for notifications: " + s.where() + ", error="
                                    + error.getMessage(),
                            error));
                }
                if (!isAsynchronous(type)) {
                    throw s.fail(new ProtocolException("unexpected message while waiting for notifications: type="
                            + BackendMessage.describe(type) + ", " + s.where()));
                }
                handle(type);
            }
        } catch (ProtocolException e) {
            throw s.fail(e);
        } finally {
            pipeline.finishTurn();
            pipeline.releaseExclusive(waiter);
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
            throw new QueryCancelledException("wait for notifications interrupted: " + s.where(), null);
        }
        return drain();
    }

    /** Drops the queued notifications (a reset: they belonged to the previous user). */
    void discard() {
        notifications.clear();
    }

    private List<Notification> drain() {
        List<Notification> out = new ArrayList<>();
        Notification n;
        while ((n = notifications.poll()) != null) {
            out.add(n);
        }
        return out;
    }

    private void parameterStatus(String name, String value) {
        try {
            session.config.eventListener().onParameterStatus(name, value);
        } catch (RuntimeException ignored) {
            // a listener's failure must not break the connection's reading
        }
    }

    private void notice(ServerMessage m) {
        try {
            session.config.eventListener().onNotice(m);
        } catch (RuntimeException ignored) {
            // a listener's failure must not break the connection's reading
        }
    }
}
