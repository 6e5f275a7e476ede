package io.sluice.mysql.internal;

import io.sluice.spi.QueryTimeouts;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds a whole connect ({@code connect_timeout}): TCP, TLS, authentication and the session set-up until its
 * last OK. Per-read socket timeouts alone would let a server that drips a byte at a time, or falls silent after
 * the login OK, hold the caller for ever; instead one timer closes the socket when the time is up, which ends any
 * read, write or TLS handshake blocked on it. {@link #finish()} and the timer race through one state word, so a
 * connect that finished is never closed late.
 */
final class ConnectDeadline {
    private static final int RUNNING = 0;
    private static final int FINISHED = 1;
    private static final int EXPIRED = 2;

    private final AtomicInteger state = new AtomicInteger(RUNNING);
    private final ScheduledFuture<?> timer;
    private volatile Socket socket;

    /** Starts the clock; {@link Duration#ZERO} means no bound. */
    ConnectDeadline(Duration timeout) {
        timer = timeout.isZero()
                ? null
                : QueryTimeouts.schedule(() -> Thread.ofVirtual().start(this::expire), timeout.toNanos());
    }

    /** The socket to close when the time is up (the plain one: closing it also ends a TLS session on top). */
    void watch(Socket s) {
        socket = s;
        if (state.get() == EXPIRED) {
            Handshaker.closeQuietly(s);
        }
    }

    private void expire() {
        if (state.compareAndSet(RUNNING, EXPIRED)) {
            Socket s = socket;
            if (s != null) {
                Handshaker.closeQuietly(s);
            }
        }
    }

    /** True when the time ran out (the socket was closed by the timer). */
    boolean expired() {
        return state.get() == EXPIRED;
    }

    /** Stops the clock; false when it had already expired (the connection is closed and must not be used). */
    boolean finish() {
        if (timer != null) {
            timer.cancel(false);
        }
        return state.compareAndSet(RUNNING, FINISHED);
    }
}
