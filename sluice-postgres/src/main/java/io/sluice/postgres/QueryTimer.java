package io.sluice.postgres;

import io.sluice.QueryTimeoutException;
import io.sluice.postgres.internal.protocol.Watchdog;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A per-query timeout: after the limit a CancelRequest goes to the server, and the query's
 * SQLSTATE 57014 answer becomes a {@link io.sluice.QueryTimeoutException}. If the server has not
 * answered within {@code cancel_grace} after that (a stalled network, a hung backend), the timer
 * breaks the session: the socket is closed, the waiting reader wakes at once and throws
 * {@link QueryTimeoutException}. So a call with a timeout returns within timeout + grace. Timers run
 * on the driver's {@link Watchdog} thread; with no timeout set, the shared {@link #NONE} costs
 * nothing (no allocation, no clock read).
 *
 * <p>{@link #stop()} after a fired timer waits until the CancelRequest is delivered (the server
 * closes that connection once it has signalled the backend): PostgreSQL signals the backend twice
 * (the process, then its process group), and a second signal still on its way when the next query
 * starts would cancel that query instead (seen: "SELECT 1" cancelled right after a timed-out
 * "SELECT pg_sleep(30)"). A signal that has been sent before the next command is read is discarded
 * by the backend as a cancel of nothing. The wait is bounded by the grace, and skipped once the
 * session is broken (no next query can be hit then).
 */
final class QueryTimer implements Runnable {
    static final QueryTimer NONE = new QueryTimer(null, null);
    private static final int ARMED = 0;
    private static final int STOPPED = 1;
    private static final int FIRED = 2;

    private final PgSession session;
    private final Duration timeout;
    private final AtomicInteger state = new AtomicInteger(ARMED);
    private final CountDownLatch delivered = new CountDownLatch(1);
    private ScheduledFuture<?> future;
    private volatile ScheduledFuture<?> grace;
    private volatile boolean
            stopped; // the response was read: a grace task racing with stop() must not break the session

    private QueryTimer(PgSession session, Duration timeout) {
        this.session = session;
        this.timeout = timeout;
    }

    static QueryTimer start(PgSession session, Duration timeout) {
        if (timeout == null || timeout.isZero()) {
            return NONE;
        }
        QueryTimer t = new QueryTimer(session, timeout);
        t.future = Watchdog.schedule(t, timeout.toNanos());
        return t;
    }

    /** Runs {@code task} once after {@code delay} on the shared timer thread. */
    static ScheduledFuture<?> schedule(Runnable task, Duration delay) {
        return Watchdog.schedule(task, delay.toNanos());
    }

    @Override
    public void run() {
        if (state.compareAndSet(ARMED, FIRED)) {
            Duration cancelGrace = session.config.cancelGrace();
            grace = Watchdog.schedule(this::graceElapsed, cancelGrace.toNanos());
            Thread.startVirtualThread(() -> {
                try {
                    session.cancelRequest();
                } finally {
                    delivered.countDown();
                }
            });
        }
    }

    /**
     * The server answered neither the query nor its cancel in time: give the connection up. Runs off
     * the shared timer thread (closing a TLS socket may wait for its locks); a response read
     * meanwhile ({@link #stopped}) keeps the session.
     */
    private void graceElapsed() {
        Thread.startVirtualThread(() -> {
            if (!stopped) {
                session.fail(new QueryTimeoutException(
                        "query timed out and the server did not end it within the "
                                + "cancel grace: timeout=" + timeout + ", cancel_grace=" + session.config.cancelGrace()
                                + ", "
                                + session.where() + " (connection closed; settings query_timeout, cancel_grace)",
                        null));
            }
        });
    }

    /** Disarms the timer once the response is read; after it fired, waits for the cancel's delivery. */
    void stop() {
        if (session == null) {
            return;
        }
        if (state.compareAndSet(ARMED, STOPPED)) {
            future.cancel(false);
            return;
        }
        stopped = true;
        ScheduledFuture<?> g = grace;
        if (g != null) {
            g.cancel(false);
        }
        if (state.get() == FIRED && !session.isBroken()) {
            try {
                delivered.await(session.config.cancelGrace().toNanos(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** True when the timeout elapsed and the cancel was sent. */
    boolean fired() {
        return state.get() == FIRED;
    }
}
