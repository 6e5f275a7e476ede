package io.sluice.mysql.internal;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * One shared daemon timer for query timeouts. The timer thread only starts a virtual thread per expiry,
 * so a slow cancel (a second connection and KILL QUERY) never delays other timeouts.
 */
final class QueryTimer {
    private static final ScheduledThreadPoolExecutor TIMER = create();

    private QueryTimer() {}

    private static ScheduledThreadPoolExecutor create() {
        ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
            Thread th = new Thread(r, "sluice-mysql-timeout");
            th.setDaemon(true);
            return th;
        });
        t.setRemoveOnCancelPolicy(true);
        return t;
    }

    /** Runs {@code task} on a new virtual thread after {@code millis}; cancel the future when the query ends first. */
    static ScheduledFuture<?> schedule(Runnable task, long millis) {
        return TIMER.schedule(() -> Thread.ofVirtual().start(task), millis, TimeUnit.MILLISECONDS);
    }
}
