package io.sluice.postgres.internal.protocol;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one daemon timer thread of the driver, created on first use: query timeouts, their cancel
 * grace, validation limits and the connect deadline all run here. A task must be short (it sends
 * a CancelRequest from a virtual thread of its own, or closes a socket), since every connection of
 * the JVM shares the thread.
 */
public final class Watchdog {
    private static final ScheduledThreadPoolExecutor EXECUTOR = create();

    private Watchdog() {}

    private static ScheduledThreadPoolExecutor create() {
        ScheduledThreadPoolExecutor e = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "sluice-pg-watchdog");
            t.setDaemon(true);
            return t;
        });
        e.setRemoveOnCancelPolicy(true);
        return e;
    }

    /** Runs {@code task} once after {@code delayNanos} on the shared timer thread; cancel the result to disarm. */
    public static ScheduledFuture<?> schedule(Runnable task, long delayNanos) {
        return EXECUTOR.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
    }
}
