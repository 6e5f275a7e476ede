package io.sluice.kv.internal;

import io.sluice.kv.Durability;
import io.sluice.kv.KvException;
import io.sluice.kv.KvOptions;

/**
 * The segment table of a {@link StoreEngine}: which segment files exist under which id
 * ({@link StoreEngine#segments}), and the making of new ones: lowest free id, next ordinal, page size,
 * the main log's spare made ahead of need.
 *
 * <p>The table itself stays in the engine's fields: a read reaches a segment from its slot's id in one
 * load ({@code segments.get(id)}), with no object in between. Ids are handed out and registered under the
 * writer lock (or by single-threaded recovery); readers only load.
 */
final class SegmentTable {
    private SegmentTable() {}

    /** Puts {@code s} in the table under its id (writer lock held, or single-threaded recovery). */
    static void register(StoreEngine e, LogSegment s) {
        e.segments.set(s.id(), s);
        if (s.id() >= e.segmentIdLimit) {
            e.segmentIdLimit = s.id() + 1;
        }
    }

    /** Creates a segment (writer lock held): lowest free id, next ordinal. */
    static LogSegment newSegment(StoreEngine e, int kind, long minRecordBytes) {
        int id = freeId(e);
        long capacity = Math.max(e.options.segmentBytes(), SegmentDescriptor.FIRST_RECORD + minRecordBytes);
        LogSegment seg = LogSegment.create(e.dir, id, e.nextOrdinal++, kind, capacity, hugePages(e, kind));
        register(e, seg);
        return seg;
    }

    /**
     * Whether segments of {@code kind} get 2 MiB pages ({@link KvOptions#hugePages()}): a huge page is
     * written back whole, so only where writes are not forced a few bytes at a time. Compaction output is
     * forced once per victim segment, after megabytes of copying; the log is forced per write unless the
     * store's durability is NONE or OS_BUFFERED.
     */
    static boolean hugePages(StoreEngine e, int kind) {
        return e.options.hugePages()
                && (kind == SegmentDescriptor.KIND_COMPACTION
                        || e.options.durability() == Durability.NONE
                        || e.options.durability() == Durability.OS_BUFFERED);
    }

    private static int freeId(StoreEngine e) {
        int id = 1;
        while (id < StoreEngine.MAX_SEGMENTS && (e.segments.get(id) != null || e.reservedIds.contains(id))) {
            id++;
        }
        if (id == StoreEngine.MAX_SEGMENTS) {
            throw new KvException("too many segment files: max=" + (StoreEngine.MAX_SEGMENTS - 1) + ", dir=" + e.dir);
        }
        return id;
    }

    /**
     * Creates the next main-log segment ahead of need (maintenance thread). The id and ordinal are taken
     * under the writer lock; the file, with its fsyncs, is made outside it.
     */
    static void prepareSpare(StoreEngine e) {
        int id;
        long ordinal;
        e.writeLock.lock();
        try {
            if (e.spare != null || e.isClosed()) {
                return;
            }
            id = freeId(e);
            e.reservedIds.add(id);
            ordinal = e.nextOrdinal++;
        } finally {
            e.writeLock.unlock();
        }
        LogSegment s = null;
        try {
            s = LogSegment.create(
                    e.dir,
                    id,
                    ordinal,
                    SegmentDescriptor.KIND_LOG,
                    e.options.segmentBytes(),
                    hugePages(e, SegmentDescriptor.KIND_LOG));
        } finally {
            e.writeLock.lock();
            try {
                e.reservedIds.remove(id);
                if (s != null && e.active != null && s.ordinal() < e.active.ordinal()) {
                    // The writer rolled to a segment of its own while this one was being made: using this
                    // one next would append out of ordinal order, and recovery replays in ordinal order.
                    s.delete();
                } else if (s != null) {
                    register(e, s);
                    e.spare = s;
                }
            } finally {
                e.writeLock.unlock();
            }
        }
    }
}
