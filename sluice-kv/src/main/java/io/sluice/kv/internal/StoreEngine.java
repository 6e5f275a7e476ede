package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.addressOf;
import static io.sluice.kv.internal.IndexDescriptor.offsetOf;
import static io.sluice.kv.internal.IndexDescriptor.segmentOf;

import io.sluice.kv.KvClosedException;
import io.sluice.kv.KvCorruptionException;
import io.sluice.kv.KvException;
import io.sluice.kv.KvOptions;
import io.sluice.kv.KvSnapshot;
import io.sluice.kv.KvStats;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The store behind {@link io.sluice.kv.KvStore}: its state, opening and closing, and the lock-free read
 * path. The other jobs work on this state from classes of their own: writes ({@link LogWriter}), the
 * segment table ({@link SegmentTable}), log forces and checkpoints ({@link Checkpointer}), snapshots
 * ({@link StoreSnapshot}), backup ({@link BackupWriter}), recovery ({@link Recovery}) and the background
 * threads ({@link Maintenance}, {@link Prefaulter}, {@link GroupCommitter}).
 *
 * <p>One writer at a time, behind {@link #writeLock}: the log's order is the recovery order and the
 * sequence order, a single appender makes one fsync cover every earlier write (group commit), and the
 * linear-hashing index needs a single splitter. The critical section is a memory copy into the mapped
 * segment plus one index update (about a microsecond), so many threads can call put. Readers take no
 * lock: an acquire load of the index slot, then the record in the mapped segment.
 */
public final class StoreEngine implements AutoCloseable {
    static final int MAX_SEGMENTS = 1 << 16;

    final Path dir;
    final KvOptions options;
    private final FileLock fileLock;
    final ReentrantLock writeLock = new ReentrantLock();
    final AtomicReferenceArray<LogSegment> segments = new AtomicReferenceArray<>(MAX_SEGMENTS);
    /**
     * One past the highest segment id registered since open: scans of {@link #segments} stop here rather
     * than at MAX_SEGMENTS (the maintenance thread scans every 20 ms; 65,535 empty slots each time were
     * about 1.5% of a core, taken from readers on a two-core machine). Only grows.
     */
    volatile int segmentIdLimit = 1;

    HashIndex index;
    /** Main-log segment being appended to (written under the writer lock, read by maintenance). */
    volatile LogSegment active;
    /** Next main-log segment, created ahead by the maintenance thread so a roll does not wait for fsyncs. */
    volatile LogSegment spare;
    /** Segment ids handed out but not yet registered (writer lock). */
    final java.util.Set<Integer> reservedIds = new java.util.HashSet<>();
    /** Where {@link LogWriter} renders a record of up to 64 KiB before copying it into the log (writer lock). */
    final MemorySegment staging = MemorySegment.ofArray(new byte[64 << 10]);
    /** Last sequence handed out (writer lock). */
    long sequence;

    long nextOrdinal = 1;
    /** Main-log segments sealed since the last sync (writer lock). */
    final List<LogSegment> unsynced = new ArrayList<>();

    long bytesSinceCheckpoint;
    /** Log bytes appended since the last forcing checkpoint (writer lock; read racily by maintenance). */
    long bytesSinceForce;
    /** Whether a writer has already woken the maintenance thread for the coming checkpoint (benign race). */
    boolean checkpointWakeSent;

    volatile CheckpointFile checkpoint;
    GroupCommitter committer;
    Maintenance maintenance;
    private volatile boolean closed;
    final AtomicInteger snapshotPins = new AtomicInteger();
    /** Bumped before compacted segments are retired; a reader's miss across a bump is retried. */
    final AtomicLong retireEpoch = new AtomicLong();
    /** Compacted segments waiting for open snapshots to close (writer lock). */
    final List<LogSegment> retiredPending = new ArrayList<>();

    final LongAdder puts = new LongAdder();
    final LongAdder deletes = new LongAdder();
    final AtomicLong fsyncs = new AtomicLong();
    final AtomicLong checkpoints = new AtomicLong();
    final AtomicLong compactedSegments = new AtomicLong();
    final AtomicLong compactedBytes = new AtomicLong();
    double recoveryMillis;
    long recoveredRecords;
    boolean fullRebuild;
    /** What damage the last open found and repaired by rebuilding the index (null when none). */
    String damageRepaired;

    private StoreEngine(Path dir, KvOptions options, FileLock fileLock) {
        this.dir = dir;
        this.options = options;
        this.fileLock = fileLock;
    }

    /** Opens (or creates) the store in {@code dir}: lock, recover, start the background threads. */
    public static StoreEngine open(Path dir, KvOptions options) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new KvException("store directory create failed: dir=" + dir, e);
        }
        FileLock lock = StoreFiles.lock(dir);
        StoreEngine engine = new StoreEngine(dir, options, lock);
        try {
            Recovery.recover(engine);
            engine.committer = new GroupCommitter(engine, options.groupCommitDelayMicros(), engine.sequence);
            engine.committer.start();
            engine.maintenance = new Maintenance(engine);
            engine.maintenance.start();
            return engine;
        } catch (RuntimeException e) {
            engine.closeFiles();
            throw e;
        }
    }

    // ---------------------------------------------------------------- reads (lock-free)

    /*
     * The read path reads record fields at call sites of its own (map.get(INT, xxxOffset(rec))), not
     * through RecordDescriptor's accessors: those also serve compaction's heap stage, and C2 profiles the
     * receiver class per call site, so once compaction ran, every compiled get was thrown away (a
     * class-check deoptimisation) and compiled again for two segment classes. Here only mapped log
     * segments ever arrive.
     */
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG_UNALIGNED = ValueLayout.JAVA_LONG_UNALIGNED;

    /** Compares a probed key with the record a slot points at in the mapped log; one instance for all threads. */
    final KeyMatcher logKeys = this::matchKey;

    /**
     * Log forces and checkpoints. Declared here, last, where the checkpoint lock it took over was: the
     * engine's field layout, and so which of the readers' and the writer's fields share a cache line,
     * stays as it was.
     */
    final Checkpointer checkpointer = new Checkpointer(this);

    private int matchKey(long slot, MemorySegment key, long keyOffset, int keyLength) {
        long addr = addressOf(slot);
        LogSegment seg = segments.get(segmentOf(addr));
        long rec = offsetOf(addr);
        if (seg == null || rec + RecordDescriptor.HEADER_LENGTH > seg.capacity()) {
            return KeyMatcher.STALE;
        }
        MemorySegment map = seg.map();
        int storedLength = map.get(INT, RecordDescriptor.keyLengthOffset(rec));
        long k = RecordDescriptor.keyOffset(rec);
        if (storedLength < 0 | k + storedLength > seg.capacity()) {
            return KeyMatcher.MISS; // a corrupt record: never taken otherwise
        }
        // No branch on the outcome: a different key whose slot tag matches comes about once per ~10^4
        // probes, too rarely to show in C2's branch profile, so a branch for it was compiled as an
        // uncommon trap, and the first such key in a read phase threw the compiled get away. mismatch
        // is -1 only for keys of equal length and bytes: its sign bit is MATCH (1), else MISS (0).
        long m = MemorySegment.mismatch(key, keyOffset, keyOffset + keyLength, map, k, k + storedLength);
        return (int) (m >>> 63);
    }

    /**
     * Throws {@link KvCorruptionException} when the record an index slot points at is not whole (header,
     * length, CRC): the slow path of a lookup whose tag matched and key did not ({@link HashIndex}).
     */
    void checkMissedRecord(long slot) {
        long addr = addressOf(slot);
        LogSegment seg = segments.get(segmentOf(addr));
        if (seg == null) {
            return; // retired meanwhile: the lookup's caller retries
        }
        long rec = offsetOf(addr);
        if (!RecordDescriptor.isValid(seg.map(), rec, seg.capacity())) {
            throw new KvCorruptionException(
                    "record at an index slot is damaged (header, length or checksum)", seg.path(), rec);
        }
    }

    /** Value of {@code key} as a new array, or null when absent or expired. */
    public byte[] get(MemorySegment key, long keyOffset, int keyLength) {
        byte[][] out = new byte[1][];
        return find(key, keyOffset, keyLength, null, out) == NOT_FOUND ? null : out[0];
    }

    private static final long NOT_FOUND = -1;

    /**
     * Copies the value of {@code key} into {@code dst} if it fits, returning the value's length (which
     * may exceed dst's size: then nothing is copied), or -1 when absent.
     */
    public long get(MemorySegment key, long keyOffset, int keyLength, MemorySegment dst) {
        return find(key, keyOffset, keyLength, dst, null);
    }

    private long find(MemorySegment key, long keyOffset, int keyLength, MemorySegment dst, byte[][] out) {
        ensureOpen();
        long hash = KeyHash.hash(key, keyOffset, keyLength);
        for (; ; ) {
            try {
                long epoch = retireEpoch.get();
                long slot = index.lookup(hash, logKeys, key, keyOffset, keyLength);
                if (slot == 0) {
                    if (retireEpoch.get() != epoch) {
                        // A compacted segment was retired meanwhile and its id may have been reused: a slot
                        // read before the retirement can point into the new file. Look again.
                        continue;
                    }
                    return NOT_FOUND;
                }
                long addr = addressOf(slot);
                LogSegment seg = segments.get(segmentOf(addr));
                if (seg == null || retireEpoch.get() != epoch) {
                    // Retired (its id perhaps reused) since the slot matched: this may not be the file that
                    // held the key. An unchanged epoch proves it is the same file. Look again.
                    continue;
                }
                MemorySegment map = seg.map();
                long rec = offsetOf(addr);
                int length = map.get(INT, RecordDescriptor.lengthOffset(rec));
                int valueLength = map.get(INT, RecordDescriptor.valueLengthOffset(rec));
                if (length < RecordDescriptor.HEADER_LENGTH
                        || rec + length > seg.capacity()
                        || (long) RecordDescriptor.HEADER_LENGTH + keyLength + valueLength != length) {
                    throw new KvCorruptionException("record length mismatch", seg.path(), rec);
                }
                if (dst == null) {
                    byte[] value = new byte[valueLength];
                    if (copyValue(seg, rec, keyLength, valueLength, MemorySegment.ofArray(value))) {
                        return NOT_FOUND;
                    }
                    out[0] = value;
                    return valueLength;
                }
                if (valueLength <= dst.byteSize()) {
                    return copyValue(seg, rec, keyLength, valueLength, dst) ? NOT_FOUND : valueLength;
                }
                // Too big for dst (or a presence check): nothing to copy, so the CRC is taken over the mapping.
                if (options.verifyChecksums()
                        && RecordDescriptor.computeCrc(map, rec, length)
                                != map.get(INT, RecordDescriptor.crcOffset(rec))) {
                    throw new KvCorruptionException("record checksum mismatch", seg.path(), rec);
                }
                return expired(map, rec) ? NOT_FOUND : valueLength;
            } catch (IllegalStateException e) {
                // The segment was retired by compaction after we found it: the index now points elsewhere.
                ensureOpen();
            }
        }
    }

    /**
     * Copies the record's value into {@code dst} (which has room for it), checking the CRC over the copy;
     * returns whether the record has expired.
     */
    private boolean copyValue(LogSegment seg, long rec, int keyLength, int valueLength, MemorySegment dst) {
        MemorySegment map = seg.map();
        if (options.verifyChecksums()) {
            if (RecordDescriptor.copyValueWithCrc(map, rec, keyLength, valueLength, dst)
                    != map.get(INT, RecordDescriptor.crcOffset(rec))) {
                throw new KvCorruptionException("record checksum mismatch", seg.path(), rec);
            }
        } else {
            MemorySegment.copy(map, RecordDescriptor.valueOffset(rec, keyLength), dst, 0, valueLength);
        }
        return expired(map, rec);
    }

    private static boolean expired(MemorySegment map, long rec) {
        long expires = map.get(LONG_UNALIGNED, RecordDescriptor.expiresOffset(rec));
        return expires != 0 && expires <= System.currentTimeMillis();
    }

    /** Hash of the key of the record a slot points at (index splits). */
    long slotHash(long slot) {
        long a = addressOf(slot);
        LogSegment seg = segments.get(segmentOf(a));
        if (seg == null) {
            throw new KvCorruptionException(
                    "index slot points at a missing segment: segment=" + segmentOf(a), dir.resolve("index.main"), -1);
        }
        long rec = offsetOf(a);
        return KeyHash.hash(seg.map(), RecordDescriptor.keyOffset(rec), RecordDescriptor.keyLength(seg.map(), rec));
    }

    // ---------------------------------------------------------------- durability, snapshot, backup, stats

    public long durableSequence() {
        return committer.durableSeq();
    }

    public boolean awaitDurable(long seq, long timeout, TimeUnit unit) {
        ensureOpen();
        return committer.await(seq, unit.toNanos(timeout));
    }

    public long sequence() {
        writeLock.lock();
        try {
            return sequence;
        } finally {
            writeLock.unlock();
        }
    }

    /** Forces the log and the index and moves the redo start to the current end of the log. */
    public void checkpoint() {
        ensureOpen();
        checkpointer.force();
    }

    /** A consistent view: a private copy of the index, segments pinned until it is closed. */
    public KvSnapshot snapshot() {
        return StoreSnapshot.open(this);
    }

    /** Hot backup into an empty or new directory: hard links to sealed segments, a copy of the index. */
    public void backup(Path target) {
        BackupWriter.write(this, target);
    }

    public KvStats stats() {
        long live = 0;
        long log = 0;
        int count = 0;
        for (int id = 1, limit = segmentIdLimit; id < limit; id++) {
            LogSegment s = segments.get(id);
            if (s != null) {
                count++;
                live += s.liveBytes();
                log += Math.max(0, s.writePosition() - SegmentDescriptor.FIRST_RECORD);
            }
        }
        return new KvStats(
                index.keyCount(),
                live,
                log,
                count,
                index.bucketCount(),
                puts.sum(),
                deletes.sum(),
                fsyncs.get(),
                checkpoints.get(),
                compactedSegments.get(),
                compactedBytes.get(),
                recoveryMillis,
                recoveredRecords,
                fullRebuild);
    }

    /** Runs one compaction pass now (tests, tools); returns segments reclaimed. */
    public int compactNow() {
        ensureOpen();
        return maintenance.compactNow();
    }

    void ensureOpen() {
        if (closed) {
            throw new KvClosedException("store is closed: dir=" + dir);
        }
    }

    boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        writeLock.lock();
        try {
            if (closed) {
                return;
            }
        } finally {
            writeLock.unlock();
        }
        // Every step runs whatever the ones before it threw (a full disk fails the final checkpoint), so
        // that no thread, mapping or directory lock outlives close(); the first failure is then thrown.
        KvException failure = null;
        try {
            maintenance.stop();
        } catch (KvException e) {
            failure = e;
        }
        try {
            checkpointer.force();
        } catch (KvException e) {
            failure = failure == null ? e : failure;
        }
        writeLock.lock();
        try {
            closed = true;
            committer.stop();
            if (failure == null) { // a clean close only when everything before it reached the disk
                active.seal();
                index.markClosed(StoreFiles.bootId());
            }
        } catch (KvException | InternalError e) {
            failure = failure == null ? new KvException("store close failed: dir=" + dir, e) : failure;
        } finally {
            writeLock.unlock();
            closeFiles();
        }
        if (failure != null) {
            throw new KvException(
                    "store closed without its final checkpoint (the next open replays the log): dir=" + dir, failure);
        }
    }

    private void closeFiles() {
        for (int id = 1, limit = segmentIdLimit; id < limit; id++) {
            LogSegment s = segments.get(id);
            if (s != null) {
                s.close();
            }
        }
        if (index != null) {
            index.close();
        }
        try {
            fileLock.release();
            fileLock.channel().close();
        } catch (IOException ignored) {
            // the lock goes away with the channel
        }
    }
}
