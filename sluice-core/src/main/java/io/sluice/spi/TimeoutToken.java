package io.sluice.spi;

import java.time.Duration;

/**
 * One armed query timeout, from {@link QueryTimeouts#arm}. Its state moves once from armed to either
 * disarmed (the response came first) or fired (the limit came first, and the cancel action ran); both
 * moves are a compare-and-set, so exactly one of {@link #disarm()} and the timer wins, and a token never
 * fires for a request it was not armed for. Thread-safe.
 */
public sealed class TimeoutToken permits ArmedTimeout {
    /** The token of a request without a timeout: it never fires, and disarming it costs nothing. */
    public static final TimeoutToken NONE = new TimeoutToken();

    TimeoutToken() {}

    /**
     * Disarms the timer once the response is read. True when the timer had not fired: its actions never
     * run. False when it had fired: the cancel action has started (wait for it with
     * {@link #awaitCancel(Duration)}), and the grace action will not start any more if it had not yet.
     * Idempotent; allocates nothing.
     */
    public boolean disarm() {
        return true;
    }

    /** True when the limit elapsed before {@link #disarm()}, so the cancel action ran or is running. */
    public boolean fired() {
        return false;
    }

    /**
     * After a fire, waits at most {@code bound} until the cancel action has returned, so that a cancel
     * still on its way cannot hit the next request; returns at once when the token did not fire. Keeps the
     * interrupt flag set if interrupted.
     *
     * @return true when no cancel action is running any more
     */
    public boolean awaitCancel(Duration bound) {
        return true;
    }
}
