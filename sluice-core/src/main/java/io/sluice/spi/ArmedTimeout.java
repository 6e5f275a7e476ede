package io.sluice.spi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;

/**
 * The state machine behind a {@link TimeoutToken} with a real limit. States move by compare-and-set
 * only, each at most once: ARMED to DISARMED (disarm won), ARMED to FIRED (the limit won; the cancel
 * action starts), FIRED to ENDED (the response came during the grace) or FIRED to EXPIRED (the grace
 * elapsed; the grace action starts). The same object is the task the timer thread runs at both deadlines,
 * so arming allocates nothing beyond it and the executor's task.
 */
final class ArmedTimeout extends TimeoutToken implements Runnable {
    private static final int ARMED = 0;
    private static final int DISARMED = 1;
    private static final int FIRED = 2;
    private static final int ENDED = 3;
    private static final int EXPIRED = 4;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(ArmedTimeout.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Runnable onTimeout;
    private final long graceNanos;
    private final Runnable onGrace;
    private volatile int state; // ARMED
    volatile ScheduledFuture<?> timeoutFuture;
    private volatile ScheduledFuture<?> graceFuture;
    private boolean cancelReturned; // guarded by this

    ArmedTimeout(Runnable onTimeout, long graceNanos, Runnable onGrace) {
        this.onTimeout = onTimeout;
        this.graceNanos = graceNanos;
        this.onGrace = onGrace;
    }

    /** Called by the timer thread at the limit, then at the end of the grace. */
    @Override
    public void run() {
        if (STATE.compareAndSet(this, ARMED, FIRED)) {
            if (onGrace != null) {
                graceFuture = QueryTimeouts.schedule(this, graceNanos);
            }
            Thread.startVirtualThread(this::cancel);
        } else if (onGrace != null && STATE.compareAndSet(this, FIRED, EXPIRED)) {
            Thread.startVirtualThread(onGrace);
        }
    }

    private void cancel() {
        try {
            onTimeout.run();
        } finally {
            synchronized (this) {
                cancelReturned = true;
                notifyAll();
            }
        }
    }

    @Override
    public boolean disarm() {
        if (STATE.compareAndSet(this, ARMED, DISARMED)) {
            ScheduledFuture<?> f = timeoutFuture;
            if (f != null) { // null only when the limit was so short that the timer ran before arm() returned
                f.cancel(false);
            }
            return true;
        }
        if (STATE.compareAndSet(this, FIRED, ENDED)) {
            ScheduledFuture<?> g = graceFuture;
            if (g != null) {
                g.cancel(false);
            }
            return false;
        }
        return state == DISARMED;
    }

    @Override
    public boolean fired() {
        int s = state;
        return s != ARMED && s != DISARMED;
    }

    @Override
    public boolean awaitCancel(Duration bound) {
        if (!fired()) {
            return true;
        }
        long deadline = System.nanoTime() + bound.toNanos();
        synchronized (this) {
            while (!cancelReturned) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return true;
        }
    }
}
