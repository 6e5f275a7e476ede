package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.addressOf;
import static io.sluice.kv.internal.IndexDescriptor.offsetOf;
import static io.sluice.kv.internal.IndexDescriptor.segmentOf;

import io.sluice.kv.KvCorruptionException;
import io.sluice.kv.KvException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
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
        RecordApplier applier;
        if (rebuild) {
            e.index.clear();
            applier = RecordApplier.rebuild(e);
            for (LogSegment s : compacted) {
                long end = LogReplayer.scan(e, s, SegmentDescriptor.FIRST_RECORD, applier, osCrash);
                LogReplayer.finishUnsealed(s, end, deferred);
            }
            LogReplayer.replayMain(
                    e,
                    mains,
                    mains.isEmpty() ? null : mains.getFirst(),
                    SegmentDescriptor.FIRST_RECORD,
                    applier,
                    osCrash,
                    deferred);
        } else {
            BucketSplitter.repairInterrupted(e.index);
            applier = RecordApplier.replay(e);
            for (LogSegment s : compacted) {
                if (!s.sealed()) {
                    LogReplayer.finishUnsealed(
                            s, LogReplayer.scan(e, s, SegmentDescriptor.FIRST_RECORD, null, false), deferred);
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
                    LogReplayer.finishUnsealed(
                            s, LogReplayer.scan(e, s, SegmentDescriptor.FIRST_RECORD, null, false), deferred);
                }
            }
            if (first == null && !tail.isEmpty()) {
                first = tail.getFirst();
            }
            LogReplayer.replayMain(e, tail, first, firstOffset, applier, false, deferred);
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
     * process crash (same kernel boot) slot by slot against the log ({@link IndexVerifier}). An index that
     * fails is deleted and created empty, in state "building", so that recovery rebuilds it from the
     * segments; an index that is missing is created the same way (a new store, or a kill during the first
     * open before the index was renamed into place). After an OS crash the index is rebuilt anyway.
     */
    private static void openIndex(StoreEngine e, long boot) {
        Path dir = e.dir;
        String damage = null;
        if (Files.exists(dir.resolve(HashIndex.MAIN_FILE))) {
            try {
                e.index = IndexFiles.open(dir, e::slotHash, e::checkMissedRecord);
                HashIndex index = e.index;
                if (index.openState() == HashIndex.STATE_OPEN && boot != 0 && index.bootId() == boot) {
                    BucketSplitter.repairInterrupted(index);
                    damage = IndexVerifier.verify(e, index);
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
        e.index = IndexFiles.open(dir, e::slotHash, e::checkMissedRecord);
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
}
