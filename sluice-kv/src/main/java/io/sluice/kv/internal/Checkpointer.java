package io.sluice.kv.internal;

import io.sluice.kv.KvException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Forces the log of a {@link StoreEngine} and writes its checkpoints: the group commit's fsync
 * ({@link #syncLog}), the forcing checkpoint of explicit calls, close, backup and the end of recovery
 * ({@link #force}), and the maintenance thread's redo checkpoint that forces nothing ({@link #redo}).
 */
final class Checkpointer {
    private final StoreEngine e;
    /** Serialises checkpoints (maintenance thread, explicit calls, compaction, close). */
    private final ReentrantLock lock = new ReentrantLock();

    Checkpointer(StoreEngine engine) {
        this.e = engine;
    }

    /** What the next fsync must cover. */
    record SyncPoint(long sequence, List<LogSegment> segments) {}

    private SyncPoint syncPoint() {
        e.writeLock.lock();
        try {
            List<LogSegment> list = new ArrayList<>(e.unsynced);
            e.unsynced.clear();
            if (e.active != null) {
                list.add(e.active);
            }
            return new SyncPoint(e.sequence, list);
        } finally {
            e.writeLock.unlock();
        }
    }

    /**
     * Forces every main-log segment written since the last force and marks that much durable for
     * {@link StoreEngine#awaitDurable}: the group-commit thread's fsync, and compaction's before it deletes
     * victims.
     */
    SyncPoint syncLog() {
        SyncPoint point = syncPoint();
        for (LogSegment s : point.segments()) {
            forceSegment(s);
        }
        if (e.committer != null) { // null during recovery, which ends with a forcing checkpoint
            e.committer.advance(point.sequence());
        }
        return point;
    }

    private void forceSegment(LogSegment s) {
        try {
            s.force();
            e.fsyncs.incrementAndGet();
        } catch (KvException ex) {
            if (e.segments.get(s.id()) == s) {
                throw ex;
            }
            // retired meanwhile: its records were relocated and forced by compaction
        }
    }

    /** A forcing checkpoint: explicit calls, close, backup, the end of recovery. */
    void force() {
        checkpoint(true);
    }

    /**
     * The maintenance thread's checkpoint every {@code checkpointBytes} of log: it moves the redo start
     * and forces nothing. The redo start bounds recovery after a process crash, when the page cache
     * (and so every mapped write) survives; after an OS crash the index is rebuilt from the segments
     * whatever a checkpoint forced. Forcing here wrote back the log and the index the writer was
     * writing into: a 1,000,000-key populate ran at 256-285 puts per ms with it and 460-468 without
     * ({@code io.sluice.bench.kv.PopulateLatency}). Writes that ask for durability are forced by the
     * group-commit thread; NONE writes reach the disk when the OS writes them back.
     */
    void redo() {
        checkpoint(false);
    }

    private void checkpoint(boolean force) {
        lock.lock();
        try {
            checkpointLocked(force);
        } finally {
            lock.unlock();
        }
    }

    private void checkpointLocked(boolean force) {
        KvEvents.Checkpoint event = new KvEvents.Checkpoint();
        event.begin();
        CheckpointFile cp;
        e.writeLock.lock();
        try {
            cp = new CheckpointFile(e.active.id(), e.active.writePosition(), e.sequence, e.nextOrdinal);
            e.bytesSinceCheckpoint = 0;
            if (force) {
                e.bytesSinceForce = 0;
            }
            e.checkpointWakeSent = false;
        } finally {
            e.writeLock.unlock();
        }
        if (force) {
            syncLog();
            e.index.force();
        }
        cp.write(e.dir);
        e.checkpoint = cp;
        e.checkpoints.incrementAndGet();
        event.forced = force;
        event.sequence = cp.sequence();
        event.segment = cp.segmentId();
        event.offset = cp.offset();
        event.commit();
    }
}
