package io.sluice.kv.internal;

import io.sluice.kv.KvException;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import static io.sluice.kv.internal.IndexDescriptor.address;

/**
 * The background thread that takes checkpoints (bounding the redo tail) and compacts segments (bounding
 * disk use). Compaction never takes the writer's lock on its hot path: it copies live records into its
 * own output segment and installs each with a CAS on the index slot, which fails harmlessly when a
 * writer replaced the key meanwhile. The writer lock is taken only to create or retire a segment file.
 */
final class Maintenance implements Runnable {
    private static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final long CHECKPOINT_AGE_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final StoreEngine e;
    private final Thread thread;
    private final ReentrantLock compactionLock = new ReentrantLock();
    private volatile boolean stopped;
    private volatile KvException failure;
    private long lastCheckpoint = System.nanoTime();

    Maintenance(StoreEngine engine) {
        this.e = engine;
        this.thread = Thread.ofPlatform().daemon().name("sluice-kv-maintenance").unstarted(this);
    }

    void start() { thread.start(); }

    void wakeUp() { LockSupport.unpark(thread); }

    void pauseCompaction() { compactionLock.lock(); }

    void resumeCompaction() { compactionLock.unlock(); }

    @Override
    public void run() {
        while (!stopped) {
            LockSupport.parkNanos(PERIOD_NANOS);
            if (stopped) {
                return;
            }
            try {
                e.prepareSpare();
                e.pretouch(e.active, 32L << 20);
                e.pretouch(e.spare, 8L << 20);
                long now = System.nanoTime();
                if (e.bytesSinceCheckpoint > e.options.checkpointBytes()
                        || (e.bytesSinceCheckpoint > 0 && now - lastCheckpoint > CHECKPOINT_AGE_NANOS)) {
                    e.checkpointInternal();
                    lastCheckpoint = now;
                }
                if (e.options.compaction()) {
                    compactionLock.lock();
                    try {
                        compactOnce(false);
                    } finally {
                        compactionLock.unlock();
                    }
                }
                retirePending();
            } catch (KvException ex) {
                failure = ex;
                if (e.isClosed()) {
                    return;
                }
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
            e.checkpointInternal();
            int budget = 0;
            for (int id = 1; id < StoreEngine.MAX_SEGMENTS; id++) {
                budget += e.segments.get(id) == null ? 0 : 1;
            }
            int n = 0;
            while (n < budget && compactOnce(true)) {
                n++;
            }
            retirePending();
            return n;
        } finally {
            compactionLock.unlock();
        }
    }

    /** Compacts the segment with the least live data if the disk bound calls for it; true if it did. */
    private boolean compactOnce(boolean force) {
        long live = 0;
        long log = 0;
        CheckpointFile cp = e.checkpoint;
        LogSegment cpSeg = cp == null ? null : e.segments.get(cp.segmentId());
        long cpOrdinal = cpSeg == null ? 0 : cpSeg.ordinal();
        LogSegment victim = null;
        double best = force ? 0.95 : 0.8;
        for (int id = 1; id < StoreEngine.MAX_SEGMENTS; id++) {
            LogSegment s = e.segments.get(id);
            if (s == null) {
                continue;
            }
            long used = s.writePosition() - SegmentDescriptor.FIRST_RECORD;
            live += s.liveBytes();
            log += used;
            boolean eligible = s.sealed() && used > 0 && s != e.active
                    && (s.kind() == SegmentDescriptor.KIND_COMPACTION || s.ordinal() < cpOrdinal);
            if (eligible) {
                double ratio = (double) s.liveBytes() / used;
                if (ratio < best) {
                    best = ratio;
                    victim = s;
                }
            }
        }
        double trigger = 1 + (e.options.maxDiskRatio() - 1) * 0.7;
        if (victim == null || (!force && log <= live * trigger)) {
            return false;
        }
        compact(victim);
        return true;
    }

    private void compact(LogSegment victim) {
        KvEvents.Compaction event = new KvEvents.Compaction();
        event.begin();
        long minOtherSeq = Long.MAX_VALUE;
        for (int id = 1; id < StoreEngine.MAX_SEGMENTS; id++) {
            LogSegment s = e.segments.get(id);
            if (s != null && s != victim) {
                minOtherSeq = Math.min(minOtherSeq, s.minSequence());
            }
        }
        MemorySegment map = victim.map();
        long end = victim.writePosition();
        long pos = SegmentDescriptor.FIRST_RECORD;
        LogSegment out = null;
        long moved = 0;
        long movedRecords = 0;
        long now = System.currentTimeMillis();
        int n = 0;
        while (pos < end) {
            if (!RecordDescriptor.isValid(map, pos, end)) {
                throw new io.sluice.kv.KvCorruptionException("log record invalid during compaction", victim.path(), pos);
            }
            int length = RecordDescriptor.length(map, pos);
            long aligned = RecordDescriptor.alignedLength(length);
            int kl = RecordDescriptor.keyLength(map, pos);
            long hash = KeyHash.hash(map, RecordDescriptor.keyOffset(pos), kl);
            long addr = address(victim.id(), pos);
            boolean keep;
            boolean index;
            if (RecordDescriptor.type(map, pos) == RecordDescriptor.TYPE_PUT) {
                long expires = RecordDescriptor.expiresAt(map, pos);
                if (expires != 0 && expires <= now) {
                    expire(hash, addr, victim, aligned);
                    keep = false;
                } else {
                    keep = e.index.contains(hash, addr);
                }
                index = true;
            } else {
                // A tombstone matters only while an older segment could still hold a value for its key.
                keep = minOtherSeq < RecordDescriptor.sequence(map, pos);
                index = false;
            }
            if (keep) {
                if (out == null || out.writePosition() + aligned > out.capacity()) {
                    if (out != null) {
                        finish(out);
                    }
                    out = newOutput(aligned);
                }
                long at = out.writePosition();
                MemorySegment.copy(map, pos, out.map(), at, length);
                out.writePosition(at + aligned);
                out.appended(RecordDescriptor.sequence(map, pos));
                if (!index) {
                    out.liveBytes.addAndGet(aligned); // a kept tombstone is live until it can be dropped
                } else if (e.index.replace(hash, addr, address(out.id(), at))) {
                    victim.liveBytes.addAndGet(-aligned);
                    out.liveBytes.addAndGet(aligned);
                    moved += aligned;
                    movedRecords++;
                }
            }
            pos += aligned;
            if ((++n & 255) == 0) {
                Thread.yield(); // pacing: leave the core to writers and readers between small batches
            }
        }
        if (out != null) {
            finish(out);
        }
        retire(victim);
        e.compactedSegments.incrementAndGet();
        e.compactedBytes.addAndGet(moved);
        event.segment = victim.id();
        event.bytesMoved = moved;
        event.recordsMoved = movedRecords;
        event.bytesReclaimed = end - SegmentDescriptor.FIRST_RECORD - moved;
        event.commit();
    }

    private void expire(long hash, long addr, LogSegment victim, long aligned) {
        e.writeLock.lock();
        try {
            if (e.index.removeIf(hash, addr)) {
                e.index.keyRemoved();
                victim.liveBytes.addAndGet(-aligned);
            }
        } finally {
            e.writeLock.unlock();
        }
    }

    private LogSegment newOutput(long minBytes) {
        e.writeLock.lock();
        try {
            return e.newSegment(SegmentDescriptor.KIND_COMPACTION, minBytes);
        } finally {
            e.writeLock.unlock();
        }
    }

    private void finish(LogSegment out) {
        out.seal();
        out.force();
        e.fsyncs.incrementAndGet();
    }

    private void retire(LogSegment victim) {
        e.writeLock.lock();
        try {
            e.retiredPending.add(victim);
        } finally {
            e.writeLock.unlock();
        }
        retirePending();
    }

    /** Deletes compacted segments once no snapshot can still read them. */
    private void retirePending() {
        if (e.snapshotPins.get() > 0) {
            return;
        }
        e.writeLock.lock();
        try {
            if (e.snapshotPins.get() > 0 || e.retiredPending.isEmpty()) {
                return;
            }
            e.retireEpoch.incrementAndGet();
            for (LogSegment s : e.retiredPending) {
                e.segments.set(s.id(), null);
                s.delete();
            }
            e.retiredPending.clear();
            StoreFiles.syncDirectory(e.dir);
        } finally {
            e.writeLock.unlock();
        }
    }

    void stop() {
        stopped = true;
        LockSupport.unpark(thread);
        try {
            thread.join(10_000);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    KvException failure() { return failure; }
}
