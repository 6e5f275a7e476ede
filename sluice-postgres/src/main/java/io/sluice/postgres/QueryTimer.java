package io.sluice.postgres;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A per-query timeout: after the limit a CancelRequest goes to the server, and the query's
 * SQLSTATE 57014 answer becomes a {@link io.sluice.QueryTimeoutException}. One daemon thread serves
 * every connection in the JVM and is created on first use; with no timeout set, the shared
 * {@link #NONE} costs nothing.
 *
 * <p>{@link #stop()} after a fired timer waits until the CancelRequest is delivered (the server
 * closes that connection once it has signalled the backend): PostgreSQL signals the backend twice
 * (the process, then its process group), and a second signal still on its way when the next query
 * starts would cancel that query instead (seen: "SELECT 1" cancelled right after a timed-out
 * "SELECT pg_sleep(30)"). A signal that has been sent before the next command is read is discarded
 * by the backend as a cancel of nothing.
 */
final class QueryTimer implements Runnable {
    static final QueryTimer NONE = new QueryTimer(null);
    private static final int ARMED = 0;
    private static final int STOPPED = 1;
    private static final int FIRED = 2;

    private final PgSession session;
    private static final long DELIVERY_WAIT_SECONDS = 5;

    private final AtomicInteger state = new AtomicInteger(ARMED);
    private final CountDownLatch delivered = new CountDownLatch(1);
    private ScheduledFuture<?> future;

    private QueryTimer(PgSession session) {
        this.session = session;
    }

    static QueryTimer start(PgSession session, Duration timeout) {
        if (timeout == null || timeout.isZero()) {
            return NONE;
        }
        QueryTimer t = new QueryTimer(session);
        t.future = Scheduler.EXECUTOR.schedule(t, timeout.toNanos(), TimeUnit.NANOSECONDS);
        return t;
    }

    /** Runs {@code task} once after {@code delay} on the shared timer thread. */
    static ScheduledFuture<?> schedule(Runnable task, Duration delay) {
        return Scheduler.EXECUTOR.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public void run() {
        if (state.compareAndSet(ARMED, FIRED)) {
            Thread.startVirtualThread(() -> {
                try {
                    session.cancelRequest();
                } finally {
                    delivered.countDown();
                }
            });
        }
    }

    /** Disarms the timer once the response is read; after it fired, waits for the cancel's delivery. */
    void stop() {
        if (session == null) {
            return;
        }
        if (state.compareAndSet(ARMED, STOPPED)) {
            future.cancel(false);
        } else if (state.get() == FIRED) {
            try {
                delivered.await(DELIVERY_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** True when the timeout elapsed and the cancel was sent. */
    boolean fired() {
        return state.get() == FIRED;
    }

    private static final class Scheduler {
        static final ScheduledThreadPoolExecutor EXECUTOR = create();

        private static ScheduledThreadPoolExecutor create() {
            ScheduledThreadPoolExecutor e = new ScheduledThreadPoolExecutor(1, r -> {
                Thread t = new Thread(r, "sluice-pg-query-timeout");
                t.setDaemon(true);
                return t;
            });
            e.setRemoveOnCancelPolicy(true);
            return e;
        }
    }
}
