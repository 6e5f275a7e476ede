package io.sluice.pool.internal;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.locks.LockSupport;

/**
 * A {@link System#nanoTime()} that costs a field read: one daemon thread stores the time every
 * {@value #TICK_NANOS} ns while the clock is read, and stops after {@value #IDLE_TICKS} ticks
 * without a reader. On virtual machines (KVM, TSC clock source) a {@code nanoTime()} can cost about
 * half of a whole borrow+return cycle, so the borrow fast path reads this clock instead.
 *
 * <p>What it promises: a value that is never ahead of {@code nanoTime()} and is behind it by about
 * a tick, more while the machine is so loaded that the ticking thread is not scheduled (a platform
 * thread, so that a carrier pool busy with virtual threads does not delay it). It is good for
 * deadlines of hundreds of milliseconds and more (lifetime, idle timeout, a validation window of
 * {@link #MIN_PRECISION_NANOS} or more); whatever needs better (leak detection, wait deadlines,
 * usage times) reads {@code nanoTime()}.
 *
 * <p>Stopped, the clock costs nothing: the first read after a pause takes the slow path
 * ({@link #nowSlowPath()}), reads {@code nanoTime()}, publishes it and wakes the ticker. A reader
 * marks the clock "read" ({@link #READ}) once per tick, so the ticker knows whether anyone still
 * reads it; the mark is a write to a shared line, but one per tick, not one per read.
 */
final class CoarseClock implements Runnable {
    /**
     * The period of the ticker: long enough that its wake-ups cost little (at 1 ms they were 0.8 %
     * of the CPU samples of a pool-cycle statement run), short against {@link #MIN_PRECISION_NANOS}.
     */
    static final long TICK_NANOS = 4_000_000L;
    /** Ticks without a reader after which the ticker parks until the next read. */
    static final int IDLE_TICKS = 25;
    /** The shortest interval a caller should measure with this clock. */
    static final long MIN_PRECISION_NANOS = 50_000_000L;

    /** Parked: {@link #now} is stale, the next reader reads {@code nanoTime()} and wakes the ticker. */
    private static final int STOPPED = 0;
    /** Ticking, not read since the last tick. */
    private static final int TICKING = 1;
    /** Ticking and read since the last tick: the fast path. */
    private static final int READ = 2;

    private static final AtomicIntegerFieldUpdater<CoarseClock> STATE =
            AtomicIntegerFieldUpdater.newUpdater(CoarseClock.class, "state");

    private static final CoarseClock INSTANCE = new CoarseClock();

    private volatile int state = STOPPED;
    private volatile long now = System.nanoTime();
    private final Thread ticker;

    private CoarseClock() {
        ticker = Thread.ofPlatform().daemon().name("sluice-pool-clock").unstarted(this);
        ticker.start();
    }

    /** The time, about a tick late; see the class comment for what it is good for. */
    static long now() {
        CoarseClock c = INSTANCE;
        if (c.state == READ) {
            return c.now;
        }
        return c.nowSlowPath();
    }

    /** First read since the last tick, or the clock is stopped. */
    private long nowSlowPath() {
        while (true) {
            int s = state;
            if (s == READ) {
                return now;
            }
            if (s == TICKING) {
                if (STATE.compareAndSet(this, TICKING, READ)) {
                    return now;
                }
                continue; // read by another thread, or stopped just now (then now is stale)
            }
            long t = System.nanoTime();
            now = t; // before the state: a reader that sees READ must see a fresh time
            if (STATE.compareAndSet(this, STOPPED, READ)) {
                LockSupport.unpark(ticker);
            }
            return t;
        }
    }

    @Override
    public void run() {
        int idle = 0;
        while (true) {
            while (state == STOPPED) {
                LockSupport.park(this);
                idle = 0;
            }
            now = System.nanoTime();
            if (state == READ) {
                STATE.compareAndSet(this, READ, TICKING);
                idle = 0;
            } else if (++idle >= IDLE_TICKS && STATE.compareAndSet(this, TICKING, STOPPED)) {
                continue;
            }
            LockSupport.parkNanos(this, TICK_NANOS);
        }
    }
}
