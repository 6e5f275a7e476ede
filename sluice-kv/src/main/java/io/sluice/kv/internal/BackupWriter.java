package io.sluice.kv.internal;

import io.sluice.kv.KvException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Hot backup of a {@link StoreEngine} into an empty or new directory: the log is rolled and a forcing
 * checkpoint taken, then the index files and {@code CHECKPOINT} are copied and every sealed segment is
 * hard-linked (copied where links are not supported). Sealed segments never change, so a link is a copy;
 * compaction is paused meanwhile, so none of them is deleted under the backup.
 */
final class BackupWriter {
    private BackupWriter() {}

    /** Writes the backup; holds the writer lock while it copies the index (time proportional to it). */
    static void write(StoreEngine e, Path target) {
        e.ensureOpen();
        try {
            Files.createDirectories(target);
            try (var s = Files.list(target)) {
                if (s.findAny().isPresent()) {
                    throw new KvException("backup target is not empty: target=" + target);
                }
            }
        } catch (IOException ex) {
            throw new KvException("backup target create failed: target=" + target, ex);
        }
        e.maintenance.pauseCompaction();
        try {
            e.writeLock.lock();
            try {
                e.active.seal();
                e.unsynced.add(e.active);
                e.active = SegmentTable.newSegment(e, SegmentDescriptor.KIND_LOG, 0);
                e.checkpointer.force(); // re-enters the (reentrant) write lock
                IndexFiles.copyTo(e.index, target);
                Files.copy(e.dir.resolve(CheckpointFile.NAME), target.resolve(CheckpointFile.NAME));
                for (int id = 1, limit = e.segmentIdLimit; id < limit; id++) {
                    LogSegment seg = e.segments.get(id);
                    if (seg != null && seg != e.active && seg.sealed()) {
                        Path link = target.resolve(seg.path().getFileName());
                        try {
                            Files.createLink(link, seg.path());
                        } catch (UnsupportedOperationException | IOException ex) {
                            Files.copy(seg.path(), link);
                        }
                    }
                }
                StoreFiles.syncDirectory(target);
            } finally {
                e.writeLock.unlock();
            }
        } catch (IOException ex) {
            throw new KvException("backup failed: target=" + target, ex);
        } finally {
            e.maintenance.resumeCompaction();
        }
    }
}
