package io.sluice.kv.internal;

import io.sluice.kv.KvCorruptionException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads segments at open, record by record, and decides where the log ends: {@link #replayMain} for
 * the main log (whole batches only), {@link #scan} for one segment. A record that is not whole ends a
 * segment; whether that is the torn tail a crash leaves, a cut after an OS crash, or damage (refused
 * with {@link KvCorruptionException}) depends on where it lies. Changes to files (zeroing a torn tail,
 * sealing) are handed back as deferred steps, run by {@link Recovery} once every check has passed.
 */
final class LogReplayer {
    private LogReplayer() {}

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
    static void replayMain(
            StoreEngine e,
            List<LogSegment> tail,
            LogSegment first,
            long offset,
            RecordApplier applier,
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
     * Recovery#recomputeLiveBytes}) catches live keys past the end beyond that window.
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
    static long scan(StoreEngine e, LogSegment s, long pos, RecordApplier applier, boolean afterOsCrash) {
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

    /** Ends an unsealed segment after its last valid record, at {@code end}; zeroing what follows and sealing it are deferred. */
    static void finishUnsealed(LogSegment s, long end, List<Runnable> deferred) {
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
}
