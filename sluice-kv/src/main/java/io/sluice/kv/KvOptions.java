package io.sluice.kv;

/**
 * Settings of a store, fixed at open.
 *
 * @param segmentBytes          capacity of one segment file (sparse until written); default 64 MiB. A
 *                              record larger than this gets a segment of its own
 * @param durability            durability of writes that do not name one; default {@link Durability#GROUP_COMMIT}
 * @param groupCommitDelayMicros how long the group-commit thread gathers writes before one fsync; default 1000
 * @param checkpointBytes       log bytes after which a checkpoint is taken; bounds the redo tail replayed by
 *                              recovery after a process crash; default 64 MiB
 * @param maxDiskRatio          compaction keeps log bytes within this multiple of live bytes; default 1.3
 * @param compaction            whether the background compactor runs; default true
 * @param verifyChecksums       whether every read checks the record's CRC32C; default true
 * @param hugePages             whether segments are mapped with 2 MiB pages (Linux transparent huge pages,
 *                              asked for with {@code madvise}) where that adds few disk writes:
 *                              compaction output always, the log only when {@code durability} is
 *                              {@link Durability#NONE} or {@link Durability#OS_BUFFERED}. A 2 MiB page is
 *                              written back whole, so forcing a few bytes of it writes 2 MiB: a store whose
 *                              writes are forced one by one keeps 4 KiB pages in its log. Needs native access
 *                              for this module ({@code --enable-native-access=io.sluice.kv}, or
 *                              {@code ALL-UNNAMED} on the class path); without it, or on another OS, the
 *                              kernel picks page sizes itself. Default true
 */
public record KvOptions(
        long segmentBytes,
        Durability durability,
        long groupCommitDelayMicros,
        long checkpointBytes,
        double maxDiskRatio,
        boolean compaction,
        boolean verifyChecksums,
        boolean hugePages) {

    /** Largest key, in bytes. */
    public static final int MAX_KEY_BYTES = 1 << 20;
    /** Largest value, in bytes. */
    public static final int MAX_VALUE_BYTES = 1 << 30;

    public KvOptions {
        if (segmentBytes < 1 << 16 || segmentBytes > (1L << 32) - 1) {
            throw new IllegalArgumentException(
                    "segmentBytes out of range [64 KiB, 4 GiB): segmentBytes=" + segmentBytes);
        }
        if (maxDiskRatio < 1.05) {
            throw new IllegalArgumentException("maxDiskRatio must be >= 1.05: maxDiskRatio=" + maxDiskRatio);
        }
        if (durability == null) {
            throw new IllegalArgumentException("durability must not be null");
        }
    }

    /** The defaults listed above. */
    public static KvOptions defaults() {
        return new KvOptions(64L << 20, Durability.GROUP_COMMIT, 1000, 64L << 20, 1.3, true, true, true);
    }

    public KvOptions withSegmentBytes(long v) {
        return new KvOptions(
                v,
                durability,
                groupCommitDelayMicros,
                checkpointBytes,
                maxDiskRatio,
                compaction,
                verifyChecksums,
                hugePages);
    }

    public KvOptions withDurability(Durability v) {
        return new KvOptions(
                segmentBytes,
                v,
                groupCommitDelayMicros,
                checkpointBytes,
                maxDiskRatio,
                compaction,
                verifyChecksums,
                hugePages);
    }

    public KvOptions withGroupCommitDelayMicros(long v) {
        return new KvOptions(
                segmentBytes, durability, v, checkpointBytes, maxDiskRatio, compaction, verifyChecksums, hugePages);
    }

    public KvOptions withCheckpointBytes(long v) {
        return new KvOptions(
                segmentBytes,
                durability,
                groupCommitDelayMicros,
                v,
                maxDiskRatio,
                compaction,
                verifyChecksums,
                hugePages);
    }

    public KvOptions withMaxDiskRatio(double v) {
        return new KvOptions(
                segmentBytes,
                durability,
                groupCommitDelayMicros,
                checkpointBytes,
                v,
                compaction,
                verifyChecksums,
                hugePages);
    }

    public KvOptions withCompaction(boolean v) {
        return new KvOptions(
                segmentBytes,
                durability,
                groupCommitDelayMicros,
                checkpointBytes,
                maxDiskRatio,
                v,
                verifyChecksums,
                hugePages);
    }

    public KvOptions withVerifyChecksums(boolean v) {
        return new KvOptions(
                segmentBytes,
                durability,
                groupCommitDelayMicros,
                checkpointBytes,
                maxDiskRatio,
                compaction,
                v,
                hugePages);
    }

    public KvOptions withHugePages(boolean v) {
        return new KvOptions(
                segmentBytes,
                durability,
                groupCommitDelayMicros,
                checkpointBytes,
                maxDiskRatio,
                compaction,
                verifyChecksums,
                v);
    }
}
