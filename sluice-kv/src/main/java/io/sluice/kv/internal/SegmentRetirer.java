package io.sluice.kv.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Retires the segments compaction emptied (and sealed segments that never held a record): removes them
 * from the segment table, deletes their files, and unmaps them a grace period later. A retirement waits
 * while a snapshot is open ({@link StoreEngine#snapshotPins}), since a snapshot's copy of the index may
 * still point into them. Maintenance thread, or a caller holding the compaction lock.
 */
final class SegmentRetirer {
    private final StoreEngine e;

    SegmentRetirer(StoreEngine engine) {
        this.e = engine;
    }

    /** Marks {@code victims} retiring and deletes them as soon as no snapshot is open. */
    void retire(List<LogSegment> victims) {
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
    void retirePending() {
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
    void unmapRetired(boolean all) {
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
}
