package io.sluice.kv;

/**
 * A point-in-time view of the store's counters. Gets are not counted: a get writes no memory that
 * another thread reads (a shared counter cost every get a contended cache line, and its first contention
 * recompiled the readers' code).
 *
 * @param keys                live keys in the index
 * @param liveBytes           bytes of records the index points at (key + value + header)
 * @param logBytes            bytes appended to all segments that still exist
 * @param segments            segment files
 * @param indexBuckets        primary buckets of the linear-hashing index
 * @param puts                puts since open
 * @param deletes             deletes since open
 * @param fsyncs              fsync calls since open
 * @param checkpoints         checkpoints since open
 * @param compactedSegments   segments reclaimed since open
 * @param compactedBytesMoved bytes of live records relocated by compaction since open
 * @param recoveryMillis      time the last open spent recovering (replay of the redo tail)
 * @param recoveredRecords    records replayed by the last open
 * @param fullRebuild         whether the last open rebuilt the index from every segment: after an OS crash, or
 *                            because the index or the checkpoint was missing, damaged or of an older layout
 */
public record KvStats(
        long keys,
        long liveBytes,
        long logBytes,
        int segments,
        long indexBuckets,
        long puts,
        long deletes,
        long fsyncs,
        long checkpoints,
        long compactedSegments,
        long compactedBytesMoved,
        double recoveryMillis,
        long recoveredRecords,
        boolean fullRebuild) {}
