package io.sluice.pool.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;
import jdk.jfr.Timespan;

/**
 * The pool's JFR events. Each costs one allocation the JIT removes when JFR is not recording the
 * event ({@link Event#shouldCommit()} false). Durations of borrow waits and creations are the
 * events' own durations; usage time is a field, since it spans two calls.
 *
 * <p>A recording that does not name these events (JFR's default and profile settings, as many
 * services run around the clock) gets each event's annotated defaults. The two that can fire on
 * every borrow are held back by default, as the JDK holds back its own per-operation events: a
 * borrow wait is recorded from 20 ms on, and connection usage only when enabled by name (for
 * example {@code recording.enable("io.sluice.pool.ConnectionUsage")} or a {@code .jfc} file).
 * Enabled, usage costs a commit per borrow: under a recording with JFR's default settings it more
 * than doubled the CPU of a borrow-return cycle on one thread and filled the recording with usage
 * events ({@code pool-cycle} suite).
 */
final class PoolEvents {
    private PoolEvents() {}

    /**
     * Asked whether usage events are recorded, so that a borrow allocates no event while they are
     * not: the JIT did not remove a per-return {@code new Usage()} (most of a cycle's allocation in
     * pool-cycle). {@link Event#isEnabled()} reads the event type's settings, not the instance.
     */
    static final Usage USAGE = new Usage();
    /** Asked whether borrow waits are recorded, for the same reason (one per queued borrow). */
    static final BorrowWait BORROW_WAIT = new BorrowWait();

    @Name("io.sluice.pool.BorrowWait")
    @Label("Connection Borrow")
    @Category({"Sluice", "Pool"})
    @Description("Time a borrower waited for a pooled connection (only borrows that had to queue)")
    @StackTrace(false)
    @Threshold("20 ms")
    static final class BorrowWait extends Event {
        @Label("Pool")
        String pool;
    }

    @Name("io.sluice.pool.ConnectionUsage")
    @Label("Connection Usage")
    @Category({"Sluice", "Pool"})
    @Description("How long a borrower held a pooled connection (one event per borrow: off unless enabled)")
    @StackTrace(false)
    @Enabled(false)
    static final class Usage extends Event {
        @Label("Pool")
        String pool;

        @Label("Held")
        @Timespan(Timespan.NANOSECONDS)
        long held;
    }

    @Name("io.sluice.pool.ConnectionCreation")
    @Label("Connection Creation")
    @Category({"Sluice", "Pool"})
    @Description("Opening a physical connection for the pool")
    @StackTrace(false)
    static final class Creation extends Event {
        @Label("Pool")
        String pool;

        @Label("Succeeded")
        boolean succeeded;

        @Label("Failure")
        String failure;
    }

    @Name("io.sluice.pool.ConnectionTimeout")
    @Label("Connection Timeout")
    @Category({"Sluice", "Pool"})
    @Description("A borrower gave up waiting for a connection")
    static final class Timeout extends Event {
        @Label("Pool")
        String pool;

        @Label("Waited")
        @Timespan(Timespan.NANOSECONDS)
        long waited;

        @Label("Total")
        int total;

        @Label("Active")
        int active;

        @Label("Idle")
        int idle;

        @Label("Waiting")
        int waiting;
    }

    @Name("io.sluice.pool.ConnectionLeak")
    @Label("Connection Leak")
    @Category({"Sluice", "Pool"})
    @Description("A connection held longer than the leak detection threshold")
    @StackTrace(false)
    static final class Leak extends Event {
        @Label("Pool")
        String pool;

        @Label("Borrower")
        String borrower;

        @Label("Held")
        @Timespan(Timespan.NANOSECONDS)
        long held;

        @Label("Borrower Stack")
        String stack;
    }
}
