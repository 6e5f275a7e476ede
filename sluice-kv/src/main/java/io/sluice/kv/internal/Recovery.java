package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.address;
import static io.sluice.kv.internal.IndexDescriptor.addressOf;
import static io.sluice.kv.internal.IndexDescriptor.offsetOf;
import static io.sluice.kv.internal.IndexDescriptor.segmentOf;

import io.sluice.kv.KvCorruptionException;
import io.sluice.kv.KvException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Opens a store directory and brings the index up to date with the log.
 *
 * <p>After a process crash (the usual case: the OS page cache, and so the mapped index, survived) only
 * the main-log tail written since the last checkpoint is replayed, so recovery time is bounded by
 * {@code checkpointBytes}. After an OS crash (the store was open under another kernel boot id) the
 * index on disk may be older or newer than the log that reached the disk, so it is rebuilt from every
 * segment, newest sequence per key winning, and the main log ends at its first record that did not
 * reach the disk whole (see {@code replayMain}).
 */
final class Recovery {
    private Recovery() {}

    static void recover(StoreEngine e) {
        long start = System.nanoTime();
        Path dir = e.dir;
        deleteTemporaries(dir);
        CheckpointFile cp;
        try {
            cp = CheckpointFile.read(dir);
        } catch (KvCorruptionException damaged) {
            // It only says where redo starts: without it the index is rebuilt from every segment.
            cp = null;
            e.damageRepaired = damaged.getMessage();
        }
        List<LogSegment> all = openSegments(e);
        long boot = StoreFiles.bootId();
        openIndex(e, boot);
        boolean unclean = e.index.openState() == HashIndex.STATE_OPEN;
        boolean osCrash = unclean && (boot == 0 || e.index.bootId() != boot);
        boolean rebuild = !all.isEmpty() && (osCrash || cp == null || e.index.openState() == HashIndex.STATE_BUILDING);
        long maxOrdinal = all.stream().mapToLong(LogSegment::ordinal).max().orElse(0);
        e.nextOrdinal = Math.max(cp == null ? 1 : cp.nextOrdinal(), maxOrdinal + 1);
        e.sequence = cp == null ? 0 : cp.sequence();

        // Zeroing a torn tail and sealing an unsealed segment change files: done only once every check
        // has passed, so that a store refused for damage is left as it was found.
        List<Runnable> deferred = new ArrayList<>();
        List<LogSegment> mains = new ArrayList<>();
        List<LogSegment> compacted = new ArrayList<>();
        for (LogSegment s : all) {
            (s.kind() == SegmentDescriptor.KIND_LOG ? mains : compacted).add(s);
        }
        Applier applier;
        if (rebuild) {
            e.index.clear();
            applier = new RebuildApplier(e);
            for (LogSegment s : compacted) {
                long end = scan(e, s, SegmentDescriptor.FIRST_RECORD, applier, osCrash);
                finishUnsealed(s, end, deferred);
            }
            replayMain(
                    e,
                    mains,
                    mains.isEmpty() ? null : mains.getFirst(),
                    SegmentDescriptor.FIRST_RECORD,
                    applier,
                    osCrash,
                    deferred);
        } else {
            e.index.repairInterruptedSplit();
            applier = new ReplayApplier(e);
            for (LogSegment s : compacted) {
                if (!s.sealed()) {
                    finishUnsealed(s, scan(e, s, SegmentDescriptor.FIRST_RECORD, null, false), deferred);
                }
            }
            List<LogSegment> tail = new ArrayList<>();
            LogSegment first = null;
            long firstOffset = SegmentDescriptor.FIRST_RECORD;
            // Main segments are appended to in ordinal order, so the redo tail is the checkpoint's segment
            // and every main segment after it (a spare made before the checkpoint included).
            LogSegment cpSeg = null;
            for (LogSegment s : mains) {
                if (cp != null && s.id() == cp.segmentId() && s.ordinal() < cp.nextOrdinal()) {
                    cpSeg = s;
                }
            }
            long after = cpSeg != null ? cpSeg.ordinal() : cp == null ? 0 : cp.nextOrdinal() - 1;
            for (LogSegment s : mains) {
                if (s == cpSeg) {
                    first = s;
                    firstOffset = cp.offset();
                    tail.add(s);
                } else if (cp == null || s.ordinal() > after) {
                    tail.add(s);
                } else if (!s.sealed()) {
                    finishUnsealed(s, scan(e, s, SegmentDescriptor.FIRST_RECORD, null, false), deferred);
                }
            }
            if (first == null && !tail.isEmpty()) {
                first = tail.getFirst();
            }
            replayMain(e, tail, first, firstOffset, applier, false, deferred);
        }
        e.sequence = Math.max(e.sequence, applier.maxSequence);
        e.recoveredRecords = applier.records;
        e.fullRebuild = rebuild;
        e.index.recount();
        recomputeLiveBytes(e);
        deferred.forEach(Runnable::run);

        LogSegment last = null;
        for (int id = 1; id < StoreEngine.MAX_SEGMENTS; id++) {
            LogSegment s = e.segments.get(id);
            if (s != null && s.kind() == SegmentDescriptor.KIND_LOG && (last == null || s.ordinal() > last.ordinal())) {
                last = s;
            }
        }
        for (int id = 1; id < StoreEngine.MAX_SEGMENTS; id++) {
            LogSegment s = e.segments.get(id);
            if (s != null && s != last && !s.sealed()) {
                s.seal(); // an older segment left unsealed (its spare successor was in use): final now
            }
        }
        if (last != null && !last.sealed()) {
            e.active = last;
        } else {
            e.active = SegmentTable.newSegment(e, SegmentDescriptor.KIND_LOG, 0);
        }
        e.index.markOpen(boot);
        e.recoveryMillis = (System.nanoTime() - start) / 1e6;
        KvEvents.Recovery event = new KvEvents.Recovery();
        event.directory = dir.toString();
        event.records = applier.records;
        event.fullRebuild = rebuild;
        event.damageRepaired = e.damageRepaired;
        event.commit();
        e.checkpointer.force();
    }

    /**
     * Opens the index and checks it: after a clean close by its checksums ({@link HashIndex}), after a
     * process crash (same kernel boot) slot by slot against the log ({@link #checkSlot}). An index that
     * fails is deleted and created empty, in state "building", so that recovery rebuilds it from the
     * segments; an index that is missing is created the same way (a new store, or a kill during the first
     * open before the index was renamed into place). After an OS crash the index is rebuilt anyway.
     */
    private static void openIndex(StoreEngine e, long boot) {
        Path dir = e.dir;
        String damage = null;
        if (Files.exists(dir.resolve(HashIndex.MAIN_FILE))) {
            try {
                e.index = new HashIndex(dir, e::slotHash, e::checkMissedRecord);
                HashIndex index = e.index;
                if (index.openState() == HashIndex.STATE_OPEN && boot != 0 && index.bootId() == boot) {
                    index.repairInterruptedSplit();
                    damage = index.verifyStructure((slot, bucket) -> checkSlot(e, index, slot, bucket));
                }
            } catch (IndexFiles.DamagedException damaged) {
                damage = damaged.getMessage();
            }
            if (damage == null) {
                return;
            }
            if (e.index != null) {
                e.index.close();
                e.index = null;
            }
            e.damageRepaired = damage;
            IndexFiles.delete(dir);
        }
        IndexFiles.create(dir);
        e.index = new HashIndex(dir, e::slotHash, e::checkMissedRecord);
    }

    /**
     * Checks one slot of an index left open by a process crash against the record it points at. A slot
     * whose segment is missing, or that points past the end of a segment file or into the unsealed tail
     * of the log at a record that is not whole, is reported as corruption (refused): the index may be
     * right and the log damaged, and a rebuild from that log would lose the key without a word. A slot
     * pointing at a whole record of another key or bucket is index damage: the index is rebuilt.
     */
    private static String checkSlot(StoreEngine e, HashIndex index, long slot, long bucket) {
        long a = addressOf(slot);
        LogSegment s = e.segments.get(segmentOf(a));
        long rec = offsetOf(a);
        Path indexFile = e.dir.resolve(HashIndex.MAIN_FILE);
        if (s == null) {
            throw new KvCorruptionException(
                    "index points at a missing segment file " + LogSegment.fileName(segmentOf(a))
                            + " (deleted or lost; its records cannot be recovered from the other files)",
                    indexFile,
                    -1);
        }
        long limit = s.sealed() ? s.writePosition() : s.capacity();
        if (rec < SegmentDescriptor.FIRST_RECORD || rec + RecordDescriptor.HEADER_LENGTH > limit) {
            throw new KvCorruptionException(
                    "index points past the end of segment " + s.path().getFileName() + " (truncated?): offset=" + rec
                            + ", end=" + limit,
                    s.path(),
                    rec);
        }
        MemorySegment map = s.map();
        int length = RecordDescriptor.length(map, rec);
        int kl = RecordDescriptor.keyLength(map, rec);
        int vl = RecordDescriptor.valueLength(map, rec);
        if (RecordDescriptor.type(map, rec) != RecordDescriptor.TYPE_PUT
                || kl <= 0
                || vl < 0
                || (long) RecordDescriptor.HEADER_LENGTH + kl + vl != length
                || rec + length > limit) {
            if (!s.sealed()) {
                throw new KvCorruptionException(
                        "index points at a record that is not whole in the log's unsealed tail", s.path(), rec);
            }
            return "index slot points at no record: slot=0x" + Long.toHexString(slot);
        }
        long hash = KeyHash.hash(map, RecordDescriptor.keyOffset(rec), kl);
        if (IndexDescriptor.tagOfHash(hash) != IndexDescriptor.tagOf(slot)
                || index.bucketOf(hash, index.splits()) != bucket) {
            return "index slot does not match its record's key: slot=0x" + Long.toHexString(slot) + ", bucket="
                    + bucket;
        }
        return null;
    }

    /**
     * Replays main-log segments in ordinal order from {@code first}/{@code offset}, applying batches only
     * when complete. Where the log ends (torn tail or torn batch) the garbage is zeroed and later
     * segments holding only the torn batch are deleted.
     *
     * <p>{@code afterOsCrash}: the log also ends at a record that is not whole inside a sealed segment
     * (otherwise corruption), and the main segments after it are deleted. Writes that asked for
     * durability were forced with everything before them, so none lies past such a hole: only writes the
     * OS had not yet written back are lost, and what remains is the log up to a point in time.
     */
    private static void replayMain(
            StoreEngine e,
            List<LogSegment> tail,
            LogSegment first,
            long offset,
            Applier applier,
            boolean afterOsCrash,
            List<Runnable> deferred) {
        List<long[]> pending = new ArrayList<>(); // {segment id, record}
        LogSegment endSegment = null;
        long endOffset = 0;
        boolean started = false;
        for (LogSegment s : tail) {
            long pos = s == first ? offset : SegmentDescriptor.FIRST_RECORD;
            if (!started && s != first) {
                continue;
            }
            started = true;
            MemorySegment map = s.map();
            long limit = s.sealed() ? s.writePosition() : s.capacity();
            boolean hole = false;
            while (true) {
                if (!RecordDescriptor.isValid(map, pos, limit)) {
                    if (s.sealed() && pos < limit) {
                        endsEarly(s, pos, afterOsCrash);
                        hole = true;
                    } else if (!afterOsCrash) {
                        checkTornTail(s, pos, limit);
                    }
                    break;
                }
                int remaining = RecordDescriptor.batchRemaining(map, pos);
                if (!pending.isEmpty()) {
                    long[] prev = pending.getLast();
                    LogSegment ps = e.segments.get((int) prev[0]);
                    if (RecordDescriptor.batchRemaining(ps.map(), prev[1]) != remaining + 1) {
                        break; // a torn batch followed by a stale record: the log ends at the batch start
                    }
                }
                pending.add(new long[] {s.id(), pos});
                if (remaining == 0) {
                    for (long[] p : pending) {
                        applier.apply(e.segments.get((int) p[0]), p[1]);
                    }
                    pending.clear();
                }
                pos += RecordDescriptor.alignedLength(RecordDescriptor.length(map, pos));
            }
            endSegment = s;
            endOffset = pos;
            if (!s.sealed()) {
                s.writePosition(pos);
            }
            if (hole) {
                deleteAfter(e, tail, s);
                break;
            }
        }
        if (!pending.isEmpty()) {
            long[] p = pending.getFirst();
            LogSegment batchStart = e.segments.get((int) p[0]);
            deleteAfter(e, tail, batchStart);
            endSegment = batchStart;
            endOffset = p[1];
            batchStart.writePosition(endOffset);
            if (batchStart.sealed()) {
                if (!afterOsCrash) {
                    throw new KvCorruptionException(
                            "atomic batch cut short inside a sealed segment", batchStart.path(), endOffset);
                }
                batchStart.cut(endOffset);
            }
        }
        if (endSegment != null && !endSegment.sealed()) {
            LogSegment end = endSegment;
            long from = endOffset;
            deferred.add(() -> zeroGarbage(end, from));
        }
    }

    /** How far past the end of an unsealed log a whole record is looked for ({@link #checkTornTail}). */
    private static final long TORN_TAIL_WINDOW = 1L << 20;

    /**
     * After a process crash the log's unsealed tail ends with at most one torn record, the append the
     * kill interrupted, followed by bytes never written. A whole record found after the first record
     * that is not whole means the log was damaged in the middle: ending it there would drop what follows
     * (acknowledged writes, tombstones) without a word, so the store is refused instead. Looks within
     * {@link #TORN_TAIL_WINDOW} past the torn record; the index check that follows ({@link
     * #recomputeLiveBytes}) catches live keys past the end beyond that window.
     */
    private static void checkTornTail(LogSegment s, long pos, long limit) {
        MemorySegment map = s.map();
        long from = pos + RecordDescriptor.ALIGNMENT;
        if (pos + RecordDescriptor.HEADER_LENGTH <= limit) {
            int length = RecordDescriptor.length(map, pos);
            if (length >= RecordDescriptor.HEADER_LENGTH && pos + length <= limit) {
                from = pos + RecordDescriptor.alignedLength(length); // skip the torn record's own bytes
            }
        }
        long to = Math.min(limit, pos + TORN_TAIL_WINDOW);
        for (long p = from; p + RecordDescriptor.HEADER_LENGTH <= to; p += RecordDescriptor.ALIGNMENT) {
            if (RecordDescriptor.isValid(map, p, limit)) {
                throw new KvCorruptionException(
                        "log record damaged before the end of the log (a whole record follows at offset " + p + ")",
                        s.path(),
                        pos);
            }
        }
    }

    /** Deletes the segments of {@code tail} that come after {@code last}: the log ended before them. */
    private static void deleteAfter(StoreEngine e, List<LogSegment> tail, LogSegment last) {
        boolean after = false;
        for (LogSegment s : tail) {
            if (after) {
                e.segments.set(s.id(), null);
                s.delete();
            } else if (s == last) {
                after = true;
            }
        }
    }

    /**
     * Scans one segment from {@code pos}; returns where valid records end. {@code afterOsCrash}: a sealed
     * segment ends at its first record that is not whole (a compaction output is forced before the
     * segments it copied from are deleted, so what such a hole lost is still in them).
     */
    private static long scan(StoreEngine e, LogSegment s, long pos, Applier applier, boolean afterOsCrash) {
        MemorySegment map = s.map();
        long limit = s.sealed() ? s.writePosition() : s.capacity();
        while (RecordDescriptor.isValid(map, pos, limit)) {
            s.appended(RecordDescriptor.sequence(map, pos), RecordDescriptor.type(map, pos));
            if (applier != null) {
                applier.apply(s, pos);
            }
            pos += RecordDescriptor.alignedLength(RecordDescriptor.length(map, pos));
        }
        if (s.sealed() && pos < limit) {
            endsEarly(s, pos, afterOsCrash);
        } else if (!s.sealed() && !afterOsCrash) {
            checkTornTail(s, pos, limit);
        }
        return pos;
    }

    /**
     * A sealed segment whose valid records end at {@code pos}, before its sealed length: corruption, or
     * after an OS crash where what reached the disk ends (the segment is cut there).
     */
    private static void endsEarly(LogSegment s, long pos, boolean afterOsCrash) {
        if (!afterOsCrash) {
            throw new KvCorruptionException(
                    "log record invalid (checksum, length or type) inside a sealed segment", s.path(), pos);
        }
        s.cut(pos);
    }

    private static void finishUnsealed(LogSegment s, long end, List<Runnable> deferred) {
        if (!s.sealed()) {
            s.writePosition(end);
            deferred.add(() -> {
                zeroGarbage(s, end);
                s.seal();
            });
        }
    }

    /** Zeroes what a torn append left after {@code from}, up to the first all-zero 4 KiB page. */
    private static void zeroGarbage(LogSegment s, long from) {
        MemorySegment map = s.map();
        long pos = from;
        long cap = s.capacity();
        while (pos < cap) {
            long pageEnd = Math.min(cap, (pos & ~4095L) + 4096);
            boolean dirty = false;
            for (long p = pos; p < pageEnd; p++) {
                if (map.get(ValueLayout.JAVA_BYTE, p) != 0) {
                    dirty = true;
                    break;
                }
            }
            if (!dirty && pos != from) {
                return;
            }
            if (dirty) {
                map.asSlice(pos, pageEnd - pos).fill((byte) 0);
            }
            pos = pageEnd;
        }
    }

    private static void recomputeLiveBytes(StoreEngine e) {
        for (int id = 1; id < StoreEngine.MAX_SEGMENTS; id++) {
            LogSegment s = e.segments.get(id);
            if (s != null) {
                s.liveBytes.set(0);
            }
        }
        e.index.forEachSlot(slot -> {
            long a = addressOf(slot);
            LogSegment s = e.segments.get(segmentOf(a));
            if (s == null) {
                throw new KvCorruptionException(
                        "index points at a missing segment file " + LogSegment.fileName(segmentOf(a))
                                + " (deleted or lost; its records cannot be recovered from the other files)",
                        e.dir.resolve(HashIndex.MAIN_FILE),
                        -1);
            }
            long rec = offsetOf(a);
            if (rec + RecordDescriptor.HEADER_LENGTH > s.writePosition()) {
                throw new KvCorruptionException(
                        "index points past the end of segment " + s.path().getFileName()
                                + " (truncated or damaged log): offset=" + rec + ", end=" + s.writePosition(),
                        s.path(),
                        rec);
            }
            int length = RecordDescriptor.length(s.map(), rec);
            if (length >= RecordDescriptor.HEADER_LENGTH && rec + length <= s.writePosition()) {
                s.liveBytes.addAndGet(RecordDescriptor.alignedLength(length));
            } // else a damaged record: a get of its key reports it (KvCorruptionException)
        });
    }

    private static List<LogSegment> openSegments(StoreEngine e) {
        List<LogSegment> list = new ArrayList<>();
        try (Stream<Path> files = Files.list(e.dir)) {
            for (Path p : files.filter(f -> f.getFileName().toString().endsWith(".seg"))
                    .sorted()
                    .toList()) {
                LogSegment s = LogSegment.open(p, kind -> SegmentTable.hugePages(e, kind));
                if (s.id() <= 0
                        || s.id() >= StoreEngine.MAX_SEGMENTS
                        || e.segments.get(s.id()) != null
                        || !p.getFileName().toString().equals(LogSegment.fileName(s.id()))) {
                    s.close();
                    throw new KvCorruptionException("segment id in header does not match its file: id=" + s.id(), p, 0);
                }
                SegmentTable.register(e, s);
                list.add(s);
            }
        } catch (IOException ex) {
            throw new KvException("store directory list failed: dir=" + e.dir, ex);
        } catch (RuntimeException ex) {
            for (LogSegment s : list) {
                s.close();
            }
            throw ex;
        }
        list.sort(Comparator.comparingLong(LogSegment::ordinal));
        return list;
    }

    private static void deleteTemporaries(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(f -> f.getFileName().toString().endsWith(".tmp"))
                    .toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException ex) {
            throw new KvException("store directory list failed: dir=" + dir, ex);
        }
    }

    /** Applies one valid record to the index. */
    private abstract static class Applier {
        long maxSequence;
        long records;

        abstract void apply(LogSegment s, long rec);
    }

    /** Redo after a process crash: the index is at least as new as the checkpoint; replay in log order. */
    private static final class ReplayApplier extends Applier {
        private final StoreEngine e;

        ReplayApplier(StoreEngine e) {
            this.e = e;
        }

        @Override
        void apply(LogSegment s, long rec) {
            MemorySegment map = s.map();
            long seq = RecordDescriptor.sequence(map, rec);
            s.appended(seq, RecordDescriptor.type(map, rec));
            maxSequence = Math.max(maxSequence, seq);
            records++;
            int kl = RecordDescriptor.keyLength(map, rec);
            long ko = RecordDescriptor.keyOffset(rec);
            // The index survived the process crash in the page cache, so it may already hold later writes
            // of this key: replay never moves a key back to an older write. (Were the log to end early, at
            // damage, moving keys back would bring old values back; the check of every slot against the
            // log's end after replay then refuses the store instead.)
            long current = e.index.lookup(KeyHash.hash(map, ko, kl), e.logKeys, map, ko, kl);
            if (current != 0) {
                LogSegment cs = e.segments.get(segmentOf(addressOf(current)));
                if (cs != null && RecordDescriptor.sequence(cs.map(), offsetOf(addressOf(current))) > seq) {
                    return;
                }
            }
            if (RecordDescriptor.type(map, rec) == RecordDescriptor.TYPE_PUT) {
                LogWriter.applyPut(e, map, ko, kl, address(s.id(), rec));
            } else {
                LogWriter.applyDelete(e, map, ko, kl);
            }
        }
    }

    /** Full rebuild: any segment order; the highest sequence per key wins, tombstones remembered. */
    private static final class RebuildApplier extends Applier {
        private final StoreEngine e;
        private final Map<ByteBuffer, Long> tombstones = new HashMap<>();

        RebuildApplier(StoreEngine e) {
            this.e = e;
        }

        @Override
        void apply(LogSegment s, long rec) {
            MemorySegment map = s.map();
            long seq = RecordDescriptor.sequence(map, rec);
            s.appended(seq, RecordDescriptor.type(map, rec));
            maxSequence = Math.max(maxSequence, seq);
            records++;
            int kl = RecordDescriptor.keyLength(map, rec);
            long ko = RecordDescriptor.keyOffset(rec);
            long existing = e.index.lookup(KeyHash.hash(map, ko, kl), e.logKeys, map, ko, kl);
            long existingSeq = existing == 0
                    ? -1
                    : RecordDescriptor.sequence(
                            e.segments.get(segmentOf(addressOf(existing))).map(), offsetOf(addressOf(existing)));
            if (existingSeq >= seq) {
                return;
            }
            ByteBuffer key = ByteBuffer.wrap(map.asSlice(ko, kl).toArray(ValueLayout.JAVA_BYTE));
            if (RecordDescriptor.type(map, rec) == RecordDescriptor.TYPE_PUT) {
                Long dead = tombstones.get(key);
                if (dead == null || dead < seq) {
                    LogWriter.applyPut(e, map, ko, kl, address(s.id(), rec));
                }
            } else {
                tombstones.merge(key, seq, Math::max);
                if (existing != 0) {
                    LogWriter.applyDelete(e, map, ko, kl);
                }
            }
        }
    }
}
