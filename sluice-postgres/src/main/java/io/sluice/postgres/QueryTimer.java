package io.sluice.postgres;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A per-query timeout: after the limit a CancelRequest goes to the server, and the query's
 * SQLSTATE 57014 answer becomes a {@link io.sluice.QueryTimeoutException}. One daemon thread serves
 * every connection in the JVM and is created on first use; with no timeout set, the shared
 * {@link #NONE} costs nothing.
 */
final class QueryTimer implements Runnable {
    static final QueryTimer NONE = new QueryTimer(null);
    private static final int ARMED = 0;
    private static final int STOPPED = 1;
    private static final int FIRED = 2;

    private final PgSession session;
    private final AtomicInteger state = new AtomicInteger(ARMED);
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
            Thread.startVirtualThread(session::cancelRequest);
        }
    }

    /** Disarms the timer once the response is read. */
    void stop() {
        if (session != null && state.compareAndSet(ARMED, STOPPED)) {
            future.cancel(false);
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
