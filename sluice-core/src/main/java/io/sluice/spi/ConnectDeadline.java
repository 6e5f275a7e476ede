package io.sluice.spi;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds a whole connect ({@code connect_timeout}): TCP, TLS, authentication and the session set-up
 * up to its last reply. Per-read socket timeouts alone would let a server that drips a byte at a
 * time, or falls silent after the login, hold the caller for ever; instead, when the time is up, the
 * {@linkplain #watch watched} resources are closed, which ends any read, write or TLS handshake
 * blocked on them. {@link #finish()} and the timer race through one state word, so a connect that
 * finished is never closed late, and an expired one reports so exactly once.
 *
 * <p>The closing runs on a virtual thread, not on the shared timer thread: closing a TLS socket may
 * block while it sends close_notify to a stalled peer.
 */
public final class ConnectDeadline {
    private static final int RUNNING = 0;
    private static final int FINISHED = 1;
    private static final int EXPIRED = 2;

    private final AtomicInteger state = new AtomicInteger(RUNNING);
    private final long nanos;
    private final ScheduledFuture<?> timer;
    private final List<AutoCloseable> watched = new ArrayList<>(2); // guarded by this

    private ConnectDeadline(Duration timeout) {
        if (timeout.isZero()) {
            nanos = 0;
            timer = null;
        } else {
            nanos = System.nanoTime() + timeout.toNanos();
            timer = QueryTimeouts.schedule(() -> Thread.ofVirtual().start(this::expire), timeout.toNanos());
        }
    }

    /** Starts the clock; {@link Duration#ZERO} means no bound (as in libpq and Connector/J). */
    public static ConnectDeadline start(Duration timeout) {
        return new ConnectDeadline(timeout);
    }

    /**
     * The {@link System#nanoTime()} at which the time is up, or 0 without a bound: for work that no
     * close can interrupt (key derivation) and must check the clock itself.
     */
    public long nanos() {
        return nanos;
    }

    /**
     * Closes {@code resource} when the time is up (at once if it already is). Watch the plain socket
     * or channel: closing it also ends a TLS session layered on top.
     */
    public void watch(AutoCloseable resource) {
        synchronized (this) {
            watched.add(resource);
        }
        if (state.get() == EXPIRED) {
            closeQuietly(resource);
        }
    }

    /** True when the time ran out (the watched resources were closed by the timer). */
    public boolean expired() {
        return state.get() == EXPIRED;
    }

    /**
     * Stops the clock; false when it had already expired (what was watched is closed and the
     * connection must not be used).
     */
    public boolean finish() {
        if (timer != null) {
            timer.cancel(false);
        }
        return state.compareAndSet(RUNNING, FINISHED) || state.get() == FINISHED;
    }

    /** A failed attempt: stops the clock and closes everything watched. */
    public void abandon() {
        finish();
        for (AutoCloseable r : snapshot()) {
            closeQuietly(r);
        }
    }

    private void expire() {
        if (state.compareAndSet(RUNNING, EXPIRED)) {
            for (AutoCloseable r : snapshot()) {
                closeQuietly(r);
            }
        }
    }

    private synchronized List<AutoCloseable> snapshot() {
        return List.copyOf(watched);
    }

    private static void closeQuietly(AutoCloseable r) {
        try {
            r.close();
        } catch (Exception ignored) {
            // the connect is failing already; its own error is the one that matters
        }
    }
}
