package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.address;

import io.sluice.kv.KvCorruptionException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Compaction: picks the sealed segment with the least live data once the log outgrows
 * {@code maxDiskRatio} times the live bytes (or a small output to merge), copies its live records into
 * the compaction output ({@link CompactionOutput}) and hands the emptied segment to the
 * {@link SegmentRetirer}. It never takes the writer's lock on its hot path: each copied record is
 * installed with a CAS on its index slot, which fails harmlessly when a writer replaced the key
 * meanwhile. The writer lock is taken only to create a segment file or to drop an expired key.
 * Maintenance thread, or a caller holding the compaction lock.
 */
final class Compactor {
    /** Small compaction outputs tolerated before they are merged into the current output. */
    private static final int MERGE_SMALL_OUTPUTS = 8;

    private final StoreEngine e;
    private final SegmentRetirer retirer;
    /** Compaction output being filled, kept across victims (compaction lock). */
    private final CompactionOutput output;
    /** Set when the store closes: a batch then ends after the victim in hand. */
    private volatile boolean stopped;

    Compactor(StoreEngine engine, SegmentRetirer retirer) {
        this.e = engine;
        this.retirer = retirer;
        this.output = new CompactionOutput(engine);
    }

    /** Ends a running batch after its current victim; the next batch does nothing more than that. */
    void stop() {
        stopped = true;
    }

    /** Seals and forces the open compaction output, if any (compaction thread, or with compaction paused). */
    void finishOutput() {
        output.finish();
    }

    /**
     * Compacts victims until none is due, {@code maxVictims} are done or {@code budgetNanos} are spent
     * (small victims go several per period; one large victim outlasts the budget by itself), then forces
     * the output once and deletes the victims' files: two fsyncs per batch, not per victim.
     */
    int compactBatch(boolean force, int maxVictims, long budgetNanos) {
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
            retirer.retire(done);
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
            retirer.retire(empty);
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
                throw new KvCorruptionException("log record invalid during compaction", victim.path(), pos);
            }
            int length = RecordDescriptor.length(map, pos);
            if (length < RecordDescriptor.HEADER_LENGTH || length > end - pos) {
                throw new KvCorruptionException("log record invalid during compaction", victim.path(), pos);
            }
            // Checked (and read) in the heap stage; a record too big for it, in the mapping.
            long staged = output.read(map, pos, length);
            MemorySegment src = staged >= 0 ? output.stage() : map;
            long rec = staged >= 0 ? staged : pos;
            if (!RecordDescriptor.isValid(src, rec, rec + length)) {
                throw new KvCorruptionException("log record invalid during compaction", victim.path(), pos);
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
                    keep = SlotRelocator.contains(e.index, hash, addr);
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
            if (SlotRelocator.removeIf(e.index, hash, addr)) {
                e.index.keyRemoved();
                victim.liveBytes.addAndGet(-aligned);
            }
        } finally {
            e.writeLock.unlock();
        }
    }
}
