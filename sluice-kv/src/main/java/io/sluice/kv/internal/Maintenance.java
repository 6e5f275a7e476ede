package io.sluice.kv.internal;

import io.sluice.kv.KvException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The background thread: every period it makes the log's next segment ahead of need, takes checkpoints
 * (bounding the redo tail), forces the log once writes pause, runs a time-boxed compaction batch
 * ({@link Compactor}, bounding disk use) and retires what compaction emptied ({@link SegmentRetirer}). It
 * also starts and stops the pre-fault thread ({@link Prefaulter}).
 */
final class Maintenance implements Runnable {
    private static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private static final long CHECKPOINT_AGE_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** How long writes must have paused before what they left is forced. */
    private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** Least time between two such forces, so that a trickle of writes does not become an fsync each. */
    private static final long IDLE_FORCE_SPACING_NANOS = TimeUnit.SECONDS.toNanos(1);
    /**
     * Least log written since the last force for a pause to force it: a burst, not a trickle. Forcing
     * writes back the log's last page whole, 2 MiB with huge pages (KvOptions.hugePages), so forcing a
     * trickle every second would write 2 MiB a second; the OS writes a trickle back in its own time.
     */
    private static final long IDLE_FORCE_MIN_BYTES = 4L << 20;
    /** Compaction time per period after which no further victim is started. */
    private static final long COMPACTION_BUDGET_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final StoreEngine e;
    private final Thread thread;
    private final Prefaulter prefaulter;

    private final ReentrantLock compactionLock = new ReentrantLock();
    private volatile boolean stopped;
    private volatile KvException failure;
    private final SegmentRetirer retirer;
    private final Compactor compactor;

    private long lastCheckpoint = System.nanoTime();
    /** The writer's sequence at the last pass, and since when it has not moved. */
    private long seenSequence = -1;

    private long unchangedSince;
    private long lastIdleForce = System.nanoTime() - IDLE_FORCE_SPACING_NANOS;

    Maintenance(StoreEngine engine) {
        this.e = engine;
        this.retirer = new SegmentRetirer(engine);
        this.compactor = new Compactor(engine, retirer);
        this.thread = Thread.ofPlatform().daemon().name("sluice-kv-maintenance").unstarted(this);
        this.prefaulter = new Prefaulter(engine);
    }

    void start() {
        thread.start();
        prefaulter.start();
    }

    void wakeUp() {
        LockSupport.unpark(thread);
        prefaulter.wakeUp();
    }

    /** Stops compaction until {@link #resumeCompaction()}; seals its output so that every record is in a sealed file. */
    void pauseCompaction() {
        compactionLock.lock();
        compactor.finishOutput();
    }

    void resumeCompaction() {
        compactionLock.unlock();
    }

    @Override
    public void run() {
        while (!stopped) {
            Thread.interrupted(); // as in Prefaulter's loop: a flag left set would make every park return at once
            LockSupport.parkNanos(PERIOD_NANOS);
            if (stopped) {
                return;
            }
            try {
                SegmentTable.prepareSpare(e);
                long now = System.nanoTime();
                if (e.bytesSinceCheckpoint > e.options.checkpointBytes()
                        || (e.bytesSinceCheckpoint > 0 && now - lastCheckpoint > CHECKPOINT_AGE_NANOS)) {
                    e.checkpointer.redo();
                    lastCheckpoint = now;
                }
                long seq = e.sequence();
                if (seq != seenSequence) {
                    seenSequence = seq;
                    unchangedSince = now;
                } else if (e.bytesSinceForce >= IDLE_FORCE_MIN_BYTES
                        && now - unchangedSince >= IDLE_NANOS
                        && now - lastIdleForce >= IDLE_FORCE_SPACING_NANOS) {
                    // Writes have paused: force what they left (log and index) now, rather than leave its
                    // write-back to the OS under whatever comes next. After a no-fsync populate the
                    // kernel's write-back (30 s later) ran under the read phase and slowed every get,
                    // its p99 most, by write-protecting every page it cleaned (kv-seed, full size).
                    e.checkpointer.force();
                    lastCheckpoint = now;
                    lastIdleForce = now;
                }
                if (e.options.compaction()) {
                    compactionLock.lock();
                    try {
                        compactor.compactBatch(false, Integer.MAX_VALUE, COMPACTION_BUDGET_NANOS);
                    } finally {
                        compactionLock.unlock();
                    }
                }
                retirer.retirePending();
            } catch (KvException ex) {
                failure = ex;
                if (e.isClosed()) {
                    return;
                }
            } catch (InternalError ex) {
                // A mapped store the file system could not back (disk full): this pass is abandoned, the
                // thread lives on and tries again next period.
                failure = new KvException("maintenance pass failed (disk full?): dir=" + e.dir, ex);
            } catch (IllegalStateException ex) {
                if (e.isClosed() || stopped) {
                    return;
                }
                throw ex;
            }
        }
    }

    /** Compacts every segment worth it, now. */
    int compactNow() {
        compactionLock.lock();
        try {
            e.checkpointer.force();
            int budget = 0;
            for (int id = 1, limit = e.segmentIdLimit; id < limit; id++) {
                budget += e.segments.get(id) == null ? 0 : 1;
            }
            int n = 0;
            while (n < budget) {
                int k = compactor.compactBatch(true, 16, Long.MAX_VALUE);
                if (k == 0) {
                    break;
                }
                n += k;
            }
            retirer.retirePending();
            return n;
        } finally {
            compactionLock.unlock();
        }
    }

    /**
     * Stops the thread and waits for it to end, however long its pass takes (a slow fsync): a thread that
     * outlived {@code close()} could still create or delete segment files after the directory lock was
     * released, under a process that has opened the store since.
     */
    void stop() {
        stopped = true;
        compactor.stop();
        LockSupport.unpark(thread);
        prefaulter.stop();
        boolean interrupted = false;
        for (Thread t : List.of(thread, prefaulter.thread())) {
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException ex) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        compactionLock.lock();
        try {
            compactor.finishOutput();
        } finally {
            compactionLock.unlock();
            retirer.unmapRetired(true);
        }
    }

    KvException failure() {
        return failure;
    }
}
