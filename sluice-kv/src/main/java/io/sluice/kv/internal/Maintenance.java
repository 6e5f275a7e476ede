package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.address;

import io.sluice.kv.KvException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The background thread that takes checkpoints (bounding the redo tail) and compacts segments (bounding
 * disk use). Compaction never takes the writer's lock on its hot path: it copies live records into its
 * own output segment and installs each with a CAS on the index slot, which fails harmlessly when a
 * writer replaced the key meanwhile. The writer lock is taken only to create or retire a segment file.
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
    /** Small compaction outputs tolerated before they are merged into the current output. */
    private static final int MERGE_SMALL_OUTPUTS = 8;

    private final StoreEngine e;
    private final Thread thread;
    private final Prefaulter prefaulter;

    private final ReentrantLock compactionLock = new ReentrantLock();
    private volatile boolean stopped;
    private volatile KvException failure;
    /** Compaction output being filled, kept across victims (compaction lock). */
    private final CompactionOutput output;

    private long lastCheckpoint = System.nanoTime();
    /** The writer's sequence at the last pass, and since when it has not moved. */
    private long seenSequence = -1;

    private long unchangedSince;
    private long lastIdleForce = System.nanoTime() - IDLE_FORCE_SPACING_NANOS;

    Maintenance(StoreEngine engine) {
        this.e = engine;
        this.output = new CompactionOutput(engine);
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
        finishOutput();
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
                        compactBatch(false, Integer.MAX_VALUE, COMPACTION_BUDGET_NANOS);
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
                int k = compactBatch(true, 16, Long.MAX_VALUE);
                if (k == 0) {
                    break;
                }
                n += k;
            }
            retirePending();
            return n;
        } finally {
            compactionLock.unlock();
        }
    }

    /**
     * Compacts victims until none is due, {@code maxVictims} are done or {@code budgetNanos} are spent
     * (small victims go several per period; one large victim outlasts the budget by itself), then forces
     * the output once and deletes the victims' files: two fsyncs per batch, not per victim.
     */
    private int compactBatch(boolean force, int maxVictims, long budgetNanos) {
        long until = System.nanoTime() + budgetNanos;
        List<LogSegment> done = new ArrayList<>();
        for (LogSegment v; done.size() < maxVictims && (v = nextVictim(force)) != null; ) {
            compact(v);
            done.add(v);
            if (System.nanoTime() - until >= 0 || stopped) {
                break;
            }
            Thread.yield();
        }
        if (!done.isEmpty()) {
            output.force(); // what the victims held reaches the disk before their files are deleted,
            e.checkpointer.syncLog(); // and so do the writes that superseded the records they dropped
            retire(done);
        }
        return done.size();
    }

    /**
     * The segment with the least live data if the disk bound calls for compacting it, or a small output
     * to merge, or null. Sealed segments without records (a spare sealed by recovery, a log rolled at
     * close) are retired on the way: they hold nothing, and left alone they would pile up one per restart.
     */
    private LogSegment nextVictim(boolean force) {
        long live = 0;
        long log = 0;
        CheckpointFile cp = e.checkpoint;
        LogSegment cpSeg = cp == null ? null : e.segments.get(cp.segmentId());
        long cpOrdinal = cpSeg == null ? 0 : cpSeg.ordinal();
        LogSegment victim = null;
        List<LogSegment> empty = null;
        double best = force ? 0.95 : 0.8;
        // Each session leaves its compaction output behind, often small: merged once enough pile up, so the
        // file count (and the time to open them all at recovery) stays bounded, not only the bytes.
        long smallBytes = e.options.segmentBytes() / 16;
        int smallOutputs = 0;
        LogSegment smallest = null;
        for (int id = 1, limit = e.segmentIdLimit; id < limit; id++) {
            LogSegment s = e.segments.get(id);
            if (s == null) {
                continue;
            }
            long used = s.writePosition() - SegmentDescriptor.FIRST_RECORD;
            live += s.liveBytes();
            log += used;
            // Main-log segments only once a checkpoint lies beyond them: the redo tail must stay whole.
            boolean eligible = s.sealed()
                    && !s.retiring
                    && s != e.active
                    && s != output.segment()
                    && (s.kind() == SegmentDescriptor.KIND_COMPACTION || s.ordinal() < cpOrdinal);
            if (eligible && used == 0) {
                (empty == null ? empty = new ArrayList<>() : empty).add(s);
            } else if (eligible) {
                if (s.kind() == SegmentDescriptor.KIND_COMPACTION && used < smallBytes) {
                    smallOutputs++;
                    if (smallest == null || used < smallest.writePosition() - SegmentDescriptor.FIRST_RECORD) {
                        smallest = s;
                    }
                }
                double ratio = (double) s.liveBytes() / used;
                if (ratio < best) {
                    best = ratio;
                    victim = s;
                }
            }
        }
        if (empty != null) {
            retire(empty);
        }
        double trigger = 1 + (e.options.maxDiskRatio() - 1) * 0.7;
        if (victim == null || (!force && log <= live * trigger)) {
            return smallOutputs < MERGE_SMALL_OUTPUTS ? null : smallest;
        }
        return victim;
    }

    private void compact(LogSegment victim) {
        KvEvents.Compaction event = new KvEvents.Compaction();
        event.begin();
        long minOtherPutSeq = Long.MAX_VALUE;
        for (int id = 1, limit = e.segmentIdLimit; id < limit; id++) {
            LogSegment s = e.segments.get(id);
            if (s != null && s != victim) {
                minOtherPutSeq = Math.min(minOtherPutSeq, s.minSequence());
            }
        }
        MemorySegment map = victim.map();
        long end = victim.writePosition();
        long pos = SegmentDescriptor.FIRST_RECORD;
        long now = System.currentTimeMillis();
        int n = 0;
        while (pos < end) {
            if (pos + RecordDescriptor.HEADER_LENGTH > end) {
                throw new io.sluice.kv.KvCorruptionException(
                        "log record invalid during compaction", victim.path(), pos);
            }
            int length = RecordDescriptor.length(map, pos);
            if (length < RecordDescriptor.HEADER_LENGTH || length > end - pos) {
                throw new io.sluice.kv.KvCorruptionException(
                        "log record invalid during compaction", victim.path(), pos);
            }
            // Checked (and read) in the heap stage; a record too big for it, in the mapping.
            long staged = output.read(map, pos, length);
            MemorySegment src = staged >= 0 ? output.stage() : map;
            long rec = staged >= 0 ? staged : pos;
            if (!RecordDescriptor.isValid(src, rec, rec + length)) {
                throw new io.sluice.kv.KvCorruptionException(
                        "log record invalid during compaction", victim.path(), pos);
            }
            long aligned = RecordDescriptor.alignedLength(length);
            int kl = RecordDescriptor.keyLength(src, rec);
            long hash = KeyHash.hash(src, RecordDescriptor.keyOffset(rec), kl);
            long addr = address(victim.id(), pos);
            long seq = RecordDescriptor.sequence(src, rec);
            byte type = RecordDescriptor.type(src, rec);
            boolean keep;
            if (type == RecordDescriptor.TYPE_PUT) {
                long expires = RecordDescriptor.expiresAt(src, rec);
                if (expires != 0 && expires <= now) {
                    expire(hash, addr, victim, aligned);
                    keep = false;
                } else {
                    keep = e.index.contains(hash, addr);
                }
            } else {
                // A tombstone matters only while an older put of its key may survive in another segment,
                // where a full rebuild (after an OS crash) would find it again, and no durable newer put
                // of the key outranks that one.
                keep = minOtherPutSeq < seq && !supersededDurably(src, rec, kl, hash, seq);
            }
            if (keep) {
                output.keep(victim, hash, pos, staged, length);
            }
            pos += aligned;
            if ((++n & 255) == 0) {
                Thread.yield(); // pacing: leave the core to writers and readers between small batches
            }
        }
        output.flush();
        long moved = output.takeMoved();
        long movedRecords = output.takeMovedRecords();
        // The output stays open for the next victim (one file per segmentBytes of survivors, not one per
        // victim); the batch forces it before the victim's file is deleted.
        victim.retiring = true;
        e.compactedSegments.incrementAndGet();
        e.compactedBytes.addAndGet(moved);
        event.segment = victim.id();
        event.bytesMoved = moved;
        event.recordsMoved = movedRecords;
        event.bytesReclaimed = end - SegmentDescriptor.FIRST_RECORD - moved;
        event.commit();
    }

    /** Whether the key of the tombstone at {@code rec} now holds a put newer than it that is already durable. */
    private boolean supersededDurably(MemorySegment map, long rec, int keyLength, long hash, long tombstoneSeq) {
        long slot = e.index.lookup(hash, e.logKeys, map, RecordDescriptor.keyOffset(rec), keyLength);
        if (slot == 0) {
            return false;
        }
        long a = IndexDescriptor.addressOf(slot);
        LogSegment s = e.segments.get(IndexDescriptor.segmentOf(a)); // only this thread retires segments
        long putSeq = RecordDescriptor.sequence(s.map(), IndexDescriptor.offsetOf(a));
        return putSeq > tombstoneSeq && putSeq <= e.durableSequence();
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

    /** Seals and forces the open compaction output, if any (compaction thread, or with compaction paused). */
    private void finishOutput() {
        output.finish();
    }

    private void retire(List<LogSegment> victims) {
        for (LogSegment v : victims) {
            v.retiring = true;
        }
        e.writeLock.lock();
        try {
            e.retiredPending.addAll(victims);
        } finally {
            e.writeLock.unlock();
        }
        retirePending();
    }

    /**
     * Deletes compacted segments once no snapshot can still read them, and unmaps those deleted at
     * least {@link #UNMAP_GRACE_NANOS} ago.
     *
     * <p>The file is deleted at once (its id and name may be reused), its mapping only later: readers
     * are lock-free, so one that read a slot just before compaction moved the key may still be copying
     * from the old segment. Closing a shared arena while a thread is inside it makes the JVM throw an
     * asynchronous exception in that thread and interrupt it, which left reader threads interrupted
     * (and their next {@code awaitDurable} failing). Disk space of a deleted file is freed at the unmap.
     */
    private void retirePending() {
        unmapRetired(false);
        if (e.snapshotPins.get() > 0) {
            return;
        }
        e.writeLock.lock();
        try {
            if (e.snapshotPins.get() > 0 || e.retiredPending.isEmpty()) {
                return;
            }
            e.retireEpoch.incrementAndGet();
            long now = System.nanoTime();
            for (LogSegment s : e.retiredPending) {
                e.segments.set(s.id(), null);
                s.unlink();
                unmapping.add(new Unmap(s, now));
            }
            e.retiredPending.clear();
            StoreFiles.syncDirectory(e.dir);
        } finally {
            e.writeLock.unlock();
        }
    }

    /** How long a retired segment stays mapped after its file was deleted: far beyond any copy of a record. */
    static final long UNMAP_GRACE_NANOS = TimeUnit.SECONDS.toNanos(1);

    private record Unmap(LogSegment segment, long retiredAt) {}

    /** Retired segments still mapped (guarded by the writer lock). */
    private final List<Unmap> unmapping = new ArrayList<>();

    /** Unmaps retired segments whose grace has passed, or all of them ({@code all}: the store is closing). */
    private void unmapRetired(boolean all) {
        e.writeLock.lock();
        try {
            long now = System.nanoTime();
            unmapping.removeIf(u -> {
                if (all || now - u.retiredAt() >= UNMAP_GRACE_NANOS) {
                    u.segment().close();
                    return true;
                }
                return false;
            });
        } finally {
            e.writeLock.unlock();
        }
    }

    /**
     * Stops the thread and waits for it to end, however long its pass takes (a slow fsync): a thread that
     * outlived {@code close()} could still create or delete segment files after the directory lock was
     * released, under a process that has opened the store since.
     */
    void stop() {
        stopped = true;
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
            finishOutput();
        } finally {
            compactionLock.unlock();
            unmapRetired(true);
        }
    }

    KvException failure() {
        return failure;
    }
}
