package io.sluice.kv.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The pre-fault thread: faults in the main log's pages ahead of the appender, so the writer of a
 * {@link StoreEngine} neither takes a page fault per 4 KiB nor waits for one. A thread of its own: when
 * this was the maintenance thread's job, a checkpoint's msync (64 MiB written back, tens to hundreds of
 * ms) stopped it, the writer caught up with the pre-faulted pages and took the page faults itself (about
 * 30 % of its CPU while populating 1,000,000 keys).
 */
final class Prefaulter {
    /** How often the pre-fault thread looks ahead of the appender. */
    private static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private static final VarHandle PAGE_TOUCH = ValueLayout.JAVA_LONG.varHandle();
    /** Free space the pre-fault thread leaves alone: it only runs ahead while more than this is free. */
    static final long RESERVE_BYTES = 256L << 20;

    private final StoreEngine e;
    private final Thread thread;
    private volatile boolean stopped;

    Prefaulter(StoreEngine engine) {
        this.e = engine;
        this.thread = Thread.ofPlatform().daemon().name("sluice-kv-prefault").unstarted(this::run);
    }

    void start() {
        thread.start();
    }

    void wakeUp() {
        LockSupport.unpark(thread);
    }

    /** Asks the thread to end; {@link #thread()} is joined by the caller. */
    void stop() {
        stopped = true;
        LockSupport.unpark(thread);
    }

    Thread thread() {
        return thread;
    }

    private void run() {
        // A fault in a pre-faulted page (disk full) may be raised as an InternalError anywhere in the
        // loop (see pretouch): the loop is restarted, never left.
        while (!stopped) {
            try {
                loop();
            } catch (RuntimeException | InternalError ex) {
                LockSupport.parkNanos(PERIOD_NANOS);
            }
        }
    }

    private void loop() {
        while (!stopped) {
            // Only the JVM interrupts this thread (when a spare it was touching is unmapped); a flag left
            // set would make every park return at once.
            Thread.interrupted();
            LockSupport.parkNanos(PERIOD_NANOS);
            if (stopped) {
                return;
            }
            // Far enough ahead for ~25 ms of appends at full speed; pages touched but never written still
            // take disk space (a sparse file's blocks), so not further.
            try {
                pretouch(e.active, 8L << 20);
                pretouch(e.spare, 2L << 20);
            } catch (RuntimeException | InternalError ex) {
                // Pre-faulting is an optimisation: whatever it meets, the writer takes its own page faults.
            }
        }
    }

    /**
     * Faults in the pages just ahead of the append position, so the writer does not take a page fault
     * per 4 KiB. A CAS of 0 to 0 makes the page writable without ever changing a byte the writer may
     * already have written there. Fsyncs cover only the written range ({@link LogSegment#force}), so
     * these pages stay dirty and writable until the writer fills them.
     */
    private void pretouch(LogSegment s, long ahead) {
        if (s == null) {
            return;
        }
        // From where the backed pages end, so that they stay one run (LogSegment.backedUpTo); in steady
        // state that is far ahead of the page the writer is filling.
        long from = Math.max(s.backedUpTo(), s.writePosition() & ~4095L);
        long to = Math.min(s.capacity(), s.writePosition() + ahead);
        if (to <= from) {
            return;
        }
        // Touched pages take disk space (a sparse file's blocks): never the last of it, which the log
        // itself may need, nor the space an operator just freed after the disk ran full.
        long usable = StoreFiles.usableBytes(e.dir);
        if (usable >= 0 && usable - (to - from) < RESERVE_BYTES) {
            return;
        }
        MemorySegment map = s.map();
        long p = from;
        try {
            for (; p + 8 <= to; p += 4096) {
                PAGE_TOUCH.compareAndSet(map, p, 0L, 0L);
            }
        } catch (IllegalStateException discarded) {
            return; // the writer discarded this spare meanwhile
        } catch (InternalError full) {
            return; // the file system could not back a page (disk full): try again later
        }
        // A store that faulted (SIGBUS) in compiled code is raised as an InternalError when the thread
        // next leaves Java code, not at the store: a call into the VM first, so that a fault in the loop
        // above is thrown here, before pages are claimed as backed.
        Thread.yield();
        s.raiseBackedUpTo(p);
    }
}
