package io.sluice.spi;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one timer of every driver: query timeouts, their cancel grace, validation limits and connect
 * deadlines of every connection in the JVM run on a single daemon thread named {@value #THREAD_NAME},
 * started on first use. The thread only flips states and starts virtual threads, so a slow cancel (a
 * second connection, a TLS close) never delays another connection's timeout.
 *
 * <p>A query timeout is {@linkplain #arm armed} when a request starts and {@linkplain TimeoutToken#disarm()
 * disarmed} when its response is read. Each arm gets a token of its own whose state moves once, by
 * compare-and-set, from armed to disarmed or to fired, so a timer that is late cannot cancel the request
 * after the one it was armed for: no request counter is needed.
 *
 * <p>Costs: arming with no timeout (zero) returns the shared {@link TimeoutToken#NONE}, with no allocation
 * and no clock read; arming a real timeout allocates the token and the executor's scheduled task, and
 * disarming allocates nothing.
 */
public final class QueryTimeouts {
    /** The name of the timer thread, which is a daemon: it never keeps the JVM alive. */
    public static final String THREAD_NAME = "sluice-timeout";

    private QueryTimeouts() {}

    /** Holds the executor, so that loading this class starts nothing until a timer is armed. */
    private static final class Timer {
        static final ScheduledThreadPoolExecutor EXECUTOR = create();

        private static ScheduledThreadPoolExecutor create() {
            ScheduledThreadPoolExecutor e = new ScheduledThreadPoolExecutor(1, r -> {
                Thread t = new Thread(r, THREAD_NAME);
                t.setDaemon(true);
                return t;
            });
            e.setRemoveOnCancelPolicy(true); // a disarmed timer leaves the queue at once, not at its deadline
            return e;
        }
    }

    /**
     * Arms a query timeout. After {@code timeout}, unless the token was disarmed first, {@code onTimeout}
     * runs once on a new virtual thread (it typically sends the server a cancel). If the token is still not
     * disarmed {@code grace} after that, {@code onGrace} runs once on a new virtual thread (it typically
     * closes the connection, which wakes the blocked reader). A driver keeps both actions in fields, so
     * that arming allocates no lambda.
     *
     * @param timeout the limit; {@code null} or zero means none, and {@link TimeoutToken#NONE} is returned
     * @param onTimeout runs when the limit elapses first
     * @param grace how long the server may take to end the query after {@code onTimeout}
     * @param onGrace runs when the grace elapses too; {@code null} for no grace stage
     * @return the token to disarm when the response has been read
     */
    public static TimeoutToken arm(Duration timeout, Runnable onTimeout, Duration grace, Runnable onGrace) {
        if (timeout == null || timeout.isZero()) {
            return TimeoutToken.NONE;
        }
        ArmedTimeout token = new ArmedTimeout(
                Objects.requireNonNull(onTimeout, "onTimeout"), onGrace == null ? 0 : nanos(grace), onGrace);
        token.timeoutFuture = schedule(token, nanos(timeout));
        return token;
    }

    /** Saturates instead of throwing: a limit of centuries is as good as none, and must not fail the query. */
    private static long nanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    /**
     * Runs {@code task} once after {@code delayNanos} on the timer thread (connect deadlines, validation
     * limits, a cancel grace). The task must be short, since every connection shares the thread: anything
     * that may block (a socket write, a TLS close) goes to a virtual thread of its own.
     *
     * @return the scheduled task: cancel it to disarm
     */
    public static ScheduledFuture<?> schedule(Runnable task, long delayNanos) {
        return Timer.EXECUTOR.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
    }
}
