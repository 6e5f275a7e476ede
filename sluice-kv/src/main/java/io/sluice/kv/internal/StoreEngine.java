package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.address;
import static io.sluice.kv.internal.IndexDescriptor.addressOf;
import static io.sluice.kv.internal.IndexDescriptor.offsetOf;
import static io.sluice.kv.internal.IndexDescriptor.segmentOf;

import io.sluice.kv.Durability;
import io.sluice.kv.KvClosedException;
import io.sluice.kv.KvCorruptionException;
import io.sluice.kv.KvException;
import io.sluice.kv.KvOptions;
import io.sluice.kv.KvSnapshot;
import io.sluice.kv.KvStats;
import io.sluice.kv.WriteBatch;
import java.io.IOException;
import java.lang.foreign.Arena;
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
import java.util.function.BiConsumer;

/**
 * The store behind {@link io.sluice.kv.KvStore}.
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
    private final java.util.Set<Integer> reservedIds = new java.util.HashSet<>();
    /** Where {@link #append} renders a record of up to 64 KiB before copying it into the log (writer lock). */
    private final MemorySegment staging = MemorySegment.ofArray(new byte[64 << 10]);
    /** Last sequence handed out (writer lock). */
    long sequence;

    long nextOrdinal = 1;
    /** Main-log segments sealed since the last sync (writer lock). */
    final List<LogSegment> unsynced = new ArrayList<>();

    long bytesSinceCheckpoint;
    /** Log bytes appended since the last forcing checkpoint (writer lock; read racily by maintenance). */
    long bytesSinceForce;
    /** Whether a writer has already woken the maintenance thread for the coming checkpoint (benign race). */
    private boolean checkpointWakeSent;

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
    final HashIndex.KeyMatcher logKeys = this::matchKey;

    private int matchKey(long slot, MemorySegment key, long keyOffset, int keyLength) {
        long addr = addressOf(slot);
        LogSegment seg = segments.get(segmentOf(addr));
        long rec = offsetOf(addr);
        if (seg == null || rec + RecordDescriptor.HEADER_LENGTH > seg.capacity()) {
            return HashIndex.KeyMatcher.STALE;
        }
        MemorySegment map = seg.map();
        int storedLength = map.get(INT, RecordDescriptor.keyLengthOffset(rec));
        long k = RecordDescriptor.keyOffset(rec);
        if (storedLength < 0 | k + storedLength > seg.capacity()) {
            return HashIndex.KeyMatcher.MISS; // a corrupt record: never taken otherwise
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

    // ---------------------------------------------------------------- writes (one writer at a time)

    /** Appends and indexes a put; returns its sequence number. */
    public long put(
            MemorySegment key,
            long keyOffset,
            int keyLength,
            MemorySegment value,
            long valueOffset,
            long valueLength,
            long expiresAt,
            Durability durability) {
        checkSizes(keyLength, valueLength);
        long seq;
        writeLock.lock();
        try {
            ensureOpen();
            index.reserveForInsert();
            long addr = append(
                    active(RecordDescriptor.recordLength(keyLength, valueLength)),
                    RecordDescriptor.TYPE_PUT,
                    key,
                    keyOffset,
                    keyLength,
                    value,
                    valueOffset,
                    valueLength,
                    expiresAt,
                    0);
            applyPut(key, keyOffset, keyLength, addr);
            seq = sequence;
        } finally {
            writeLock.unlock();
        }
        puts.increment();
        afterWrite(seq, durability);
        return seq;
    }

    /** Appends a tombstone and removes the key; returns its sequence number. */
    public long delete(MemorySegment key, long keyOffset, int keyLength, Durability durability) {
        checkSizes(keyLength, 0);
        long seq;
        writeLock.lock();
        try {
            ensureOpen();
            index.reserveForInsert();
            append(
                    active(RecordDescriptor.recordLength(keyLength, 0)),
                    RecordDescriptor.TYPE_DELETE,
                    key,
                    keyOffset,
                    keyLength,
                    MemorySegment.NULL,
                    0,
                    0,
                    0,
                    0);
            applyDelete(key, keyOffset, keyLength);
            seq = sequence;
        } finally {
            writeLock.unlock();
        }
        deletes.increment();
        afterWrite(seq, durability);
        return seq;
    }

    /** Appends a batch as consecutive records, then applies it to the index; returns the last sequence. */
    public long write(WriteBatch batch, Durability durability) {
        List<WriteBatch.Op> ops = batch.ops();
        for (WriteBatch.Op op : ops) {
            checkSizes(op.key().length, op.value() == null ? 0 : op.value().length);
        }
        if (ops.isEmpty()) {
            return sequence();
        }
        long seq;
        writeLock.lock();
        try {
            ensureOpen();
            long[] addrs = new long[ops.size()];
            // A batch never spans segments, so recovery can cut a torn batch off inside one file.
            long total = 0;
            for (WriteBatch.Op op : ops) {
                total += RecordDescriptor.alignedLength(
                        RecordDescriptor.recordLength(op.key().length, op.value() == null ? 0 : op.value().length));
            }
            LogSegment target = active(total);
            for (int i = 0; i < ops.size(); i++) {
                index.reserveForInsert(); // reserves for several inserts: one batch op at a time is enough
            }
            long batchStart = target.writePosition();
            long sequenceBefore = sequence;
            long counted = bytesSinceCheckpoint;
            long forced = bytesSinceForce;
            try {
                for (int i = 0; i < ops.size(); i++) {
                    WriteBatch.Op op = ops.get(i);
                    MemorySegment k = MemorySegment.ofArray(op.key());
                    boolean del = op.value() == null;
                    MemorySegment v = del ? MemorySegment.NULL : MemorySegment.ofArray(op.value());
                    long vlen = del ? 0 : op.value().length;
                    addrs[i] = append(
                            target,
                            del ? RecordDescriptor.TYPE_DELETE : RecordDescriptor.TYPE_PUT,
                            k,
                            0,
                            op.key().length,
                            v,
                            0,
                            vlen,
                            op.expiresAtMillis(),
                            ops.size() - 1 - i);
                }
            } catch (KvException e) {
                // Nothing of the batch was indexed: it never happened. Its whole records are zeroed (their
                // pages were written, so they are backed), so that no whole record lies past the end of the
                // log, where recovery would take it for damage.
                target.map()
                        .asSlice(batchStart, target.writePosition() - batchStart)
                        .fill((byte) 0);
                target.writePosition(batchStart);
                sequence = sequenceBefore;
                bytesSinceCheckpoint = counted;
                bytesSinceForce = forced;
                throw e;
            }
            for (int i = 0; i < ops.size(); i++) {
                WriteBatch.Op op = ops.get(i);
                MemorySegment k = MemorySegment.ofArray(op.key());
                if (op.value() == null) {
                    applyDelete(k, 0, op.key().length);
                    deletes.increment();
                } else {
                    applyPut(k, 0, op.key().length, addrs[i]);
                    puts.increment();
                }
            }
            seq = sequence;
        } finally {
            writeLock.unlock();
        }
        afterWrite(seq, durability);
        return seq;
    }

    private void checkSizes(long keyLength, long valueLength) {
        if (keyLength <= 0 || keyLength > KvOptions.MAX_KEY_BYTES) {
            throw new KvException(
                    "key length out of range [1, " + KvOptions.MAX_KEY_BYTES + "]: keyLength=" + keyLength);
        }
        if (valueLength < 0 || valueLength > KvOptions.MAX_VALUE_BYTES) {
            throw new KvException(
                    "value length out of range [0, " + KvOptions.MAX_VALUE_BYTES + "]: valueLength=" + valueLength);
        }
    }

    private void afterWrite(long seq, Durability durability) {
        switch (durability) {
            case GROUP_COMMIT -> committer.request(seq, false);
            case SYNC -> {
                committer.request(seq, true);
                committer.await(seq, Long.MAX_VALUE);
            }
            default -> {}
        }
        if (bytesSinceCheckpoint > options.checkpointBytes() && !checkpointWakeSent) {
            checkpointWakeSent = true; // once per checkpoint, not an unpark per write until it is taken
            maintenance.wakeUp();
        }
    }

    /** The main-log segment with room for a record of {@code length}, rolling to a new one if needed. */
    private LogSegment active(long length) {
        long aligned = RecordDescriptor.alignedLength(length);
        if (active.writePosition() + aligned > active.capacity()) {
            // The next segment first, then the seal: when it cannot be made (a full disk) the active
            // segment stays unsealed, so a smaller record that still fits is appended where recovery
            // reads it, never past a sealed length.
            LogSegment next = spare;
            LogSegment previous = active;
            if (next != null
                    && next.ordinal() > active.ordinal()
                    && next.writePosition() + aligned <= next.capacity()) {
                spare = null;
                active = next;
                if (maintenance != null) {
                    maintenance.wakeUp();
                }
            } else {
                active = newSegment(SegmentDescriptor.KIND_LOG, aligned);
                if (next != null) {
                    // Too small for this record, and now older than the active segment: never usable.
                    spare = null;
                    segments.set(next.id(), null);
                    next.delete();
                }
            }
            previous.seal();
            unsynced.add(previous);
        }
        return active;
    }

    /** Puts {@code s} in {@link #segments} under its id (writer lock held, or single-threaded recovery). */
    void register(LogSegment s) {
        segments.set(s.id(), s);
        if (s.id() >= segmentIdLimit) {
            segmentIdLimit = s.id() + 1;
        }
    }

    /** Creates a segment (writer lock held): lowest free id, next ordinal. */
    LogSegment newSegment(int kind, long minRecordBytes) {
        int id = freeId();
        long capacity = Math.max(options.segmentBytes(), SegmentDescriptor.FIRST_RECORD + minRecordBytes);
        LogSegment seg = LogSegment.create(dir, id, nextOrdinal++, kind, capacity, hugePages(kind));
        register(seg);
        return seg;
    }

    /**
     * Whether segments of {@code kind} get 2 MiB pages ({@link KvOptions#hugePages()}): a huge page is
     * written back whole, so only where writes are not forced a few bytes at a time. Compaction output is
     * forced once per victim segment, after megabytes of copying; the log is forced per write unless the
     * store's durability is NONE or OS_BUFFERED.
     */
    boolean hugePages(int kind) {
        return options.hugePages()
                && (kind == SegmentDescriptor.KIND_COMPACTION
                        || options.durability() == Durability.NONE
                        || options.durability() == Durability.OS_BUFFERED);
    }

    private int freeId() {
        int id = 1;
        while (id < MAX_SEGMENTS && (segments.get(id) != null || reservedIds.contains(id))) {
            id++;
        }
        if (id == MAX_SEGMENTS) {
            throw new KvException("too many segment files: max=" + (MAX_SEGMENTS - 1) + ", dir=" + dir);
        }
        return id;
    }

    /**
     * Creates the next main-log segment ahead of need (maintenance thread). The id and ordinal are taken
     * under the writer lock; the file, with its fsyncs, is made outside it.
     */
    void prepareSpare() {
        int id;
        long ordinal;
        writeLock.lock();
        try {
            if (spare != null || closed) {
                return;
            }
            id = freeId();
            reservedIds.add(id);
            ordinal = nextOrdinal++;
        } finally {
            writeLock.unlock();
        }
        LogSegment s = null;
        try {
            s = LogSegment.create(
                    dir,
                    id,
                    ordinal,
                    SegmentDescriptor.KIND_LOG,
                    options.segmentBytes(),
                    hugePages(SegmentDescriptor.KIND_LOG));
        } finally {
            writeLock.lock();
            try {
                reservedIds.remove(id);
                if (s != null && active != null && s.ordinal() < active.ordinal()) {
                    // The writer rolled to a segment of its own while this one was being made: using this
                    // one next would append out of ordinal order, and recovery replays in ordinal order.
                    s.delete();
                } else if (s != null) {
                    register(s);
                    spare = s;
                }
            } finally {
                writeLock.unlock();
            }
        }
    }

    /**
     * Faults in the pages just ahead of the append position (pre-fault thread), so the writer does not
     * take a page fault per 4 KiB. A CAS of 0 to 0 makes the page writable without ever changing a byte
     * the writer may already have written there. Fsyncs cover only the written range
     * ({@link LogSegment#force}), so these pages stay dirty and writable until the writer fills them.
     */
    void pretouch(LogSegment s, long ahead) {
        if (s == null) {
            return;
        }
        // From where the backed pages end, so that they stay one run (LogSegment.backedUpTo); in steady
        // state that is far ahead of the page the writer is filling.
        long from = Math.max(s.backedUpTo(), s.writePosition() & ~4095L);
        long to = Math.min(s.capacity(), s.writePosition() + ahead);
        if (to <= from) {
            return;
        }
        // Touched pages take disk space (a sparse file's blocks): never the last of it, which the log
        // itself may need, nor the space an operator just freed after the disk ran full.
        long usable = usableBytes();
        if (usable >= 0 && usable - (to - from) < PREFAULT_RESERVE_BYTES) {
            return;
        }
        MemorySegment map = s.map();
        long p = from;
        try {
            for (; p + 8 <= to; p += 4096) {
                PAGE_TOUCH.compareAndSet(map, p, 0L, 0L);
            }
        } catch (IllegalStateException discarded) {
            return; // the writer discarded this spare meanwhile
        } catch (InternalError full) {
            return; // the file system could not back a page (disk full): try again later
        }
        // A store that faulted (SIGBUS) in compiled code is raised as an InternalError when the thread
        // next leaves Java code, not at the store: a call into the VM first, so that a fault in the loop
        // above is thrown here, before pages are claimed as backed.
        Thread.yield();
        s.raiseBackedUpTo(p);
    }

    private static final java.lang.invoke.VarHandle PAGE_TOUCH = ValueLayout.JAVA_LONG.varHandle();
    /** Free space the pre-fault thread leaves alone: it only runs ahead while more than this is free. */
    static final long PREFAULT_RESERVE_BYTES = 256L << 20;

    /** Writes one record at the segment's write position (single appender per segment). */
    long append(
            LogSegment seg,
            byte type,
            MemorySegment key,
            long keyOffset,
            int keyLength,
            MemorySegment value,
            long valueOffset,
            long valueLength,
            long expiresAt,
            int batchRemaining) {
        MemorySegment map = seg.map();
        long rec = seg.writePosition();
        long seq = sequence + 1;
        int length = (int) RecordDescriptor.recordLength(keyLength, valueLength);
        seg.ensureBacked(rec, rec + length);
        try {
            if (length <= staging.byteSize()) {
                // Rendered and checksummed on the heap, then copied in one piece: a CRC over the mapping would
                // acquire the segment's shared session, a CAS on the cache line that every read of the segment checks.
                RecordDescriptor.write(
                        staging,
                        0,
                        seq,
                        expiresAt,
                        type,
                        key,
                        keyOffset,
                        keyLength,
                        value,
                        valueOffset,
                        (int) valueLength,
                        batchRemaining);
                MemorySegment.copy(staging, 0, map, rec, length);
            } else {
                RecordDescriptor.write(
                        map,
                        rec,
                        seq,
                        expiresAt,
                        type,
                        key,
                        keyOffset,
                        keyLength,
                        value,
                        valueOffset,
                        (int) valueLength,
                        batchRemaining);
            }
        } catch (InternalError e) {
            // A store into a page of the mapping the file system could not back (ENOSPC, an I/O error) is a
            // SIGBUS, which the JVM raises as InternalError. Nothing was indexed and the write position did
            // not move: the record never happened, and the next append overwrites what part of it landed.
            throw mappedWriteFailed(seg, rec, e);
        }
        sequence = seq;
        long aligned = RecordDescriptor.alignedLength(length);
        seg.writePosition(rec + aligned);
        seg.appended(seq, type);
        bytesSinceCheckpoint += aligned;
        bytesSinceForce += aligned;
        return address(seg.id(), rec);
    }

    /** The error for a store into a mapping that faulted: a full disk, mostly. */
    KvException mappedWriteFailed(LogSegment seg, long offset, InternalError cause) {
        return new KvException(
                "log write failed, the file system could not back a page of the mapping (disk full?): " + "file="
                        + seg.path() + ", offset=" + offset + ", dir=" + dir + ", usableBytes=" + usableBytes(),
                cause);
    }

    /** Free bytes for this store's files, or -1 when the file system does not say. */
    long usableBytes() {
        try {
            return Files.getFileStore(dir).getUsableSpace();
        } catch (IOException e) {
            return -1;
        }
    }

    /** Points the key at the record at {@code addr} and moves live-byte accounting (writer lock). */
    void applyPut(MemorySegment key, long keyOffset, int keyLength, long addr) {
        long hash = KeyHash.hash(key, keyOffset, keyLength);
        LogSegment seg = segments.get(segmentOf(addr));
        long prev = index.put(hash, logKeys, key, keyOffset, keyLength, addr);
        seg.liveBytes.addAndGet(recordBytes(seg, offsetOf(addr)));
        release(prev);
    }

    void applyDelete(MemorySegment key, long keyOffset, int keyLength) {
        long hash = KeyHash.hash(key, keyOffset, keyLength);
        release(index.remove(hash, logKeys, key, keyOffset, keyLength));
    }

    private void release(long prevSlot) {
        if (prevSlot != 0) {
            long a = addressOf(prevSlot);
            LogSegment old = segments.get(segmentOf(a));
            if (old != null) {
                old.liveBytes.addAndGet(-recordBytes(old, offsetOf(a)));
            }
        }
    }

    static long recordBytes(LogSegment seg, long rec) {
        // Its own call site, as the read path's: the writer calls this on every put (see INT above).
        return RecordDescriptor.alignedLength(seg.map().get(INT, RecordDescriptor.lengthOffset(rec)));
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

    // ---------------------------------------------------------------- durability, checkpoints

    /** What the next fsync must cover. */
    record SyncPoint(long sequence, List<LogSegment> segments) {}

    SyncPoint syncPoint() {
        writeLock.lock();
        try {
            List<LogSegment> list = new ArrayList<>(unsynced);
            unsynced.clear();
            if (active != null) {
                list.add(active);
            }
            return new SyncPoint(sequence, list);
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Forces every main-log segment written since the last force and marks that much durable for
     * {@link #awaitDurable}: the group-commit thread's fsync, and compaction's before it deletes victims.
     */
    SyncPoint syncLog() {
        SyncPoint point = syncPoint();
        for (LogSegment s : point.segments()) {
            forceSegment(s);
        }
        if (committer != null) { // null during recovery, which ends with a forcing checkpoint
            committer.advance(point.sequence());
        }
        return point;
    }

    void forceSegment(LogSegment s) {
        try {
            s.force();
            fsyncs.incrementAndGet();
        } catch (KvException e) {
            if (segments.get(s.id()) == s) {
                throw e;
            }
            // retired meanwhile: its records were relocated and forced by compaction
        }
    }

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
        checkpointInternal();
    }

    /** Serialises checkpoints (maintenance thread, explicit calls, compaction, close). */
    private final ReentrantLock checkpointLock = new ReentrantLock();

    /** A forcing checkpoint: explicit calls, close, backup, the end of recovery. */
    void checkpointInternal() {
        checkpoint(true);
    }

    /**
     * The maintenance thread's checkpoint every {@code checkpointBytes} of log: it moves the redo start
     * and forces nothing. The redo start bounds recovery after a process crash, when the page cache
     * (and so every mapped write) survives; after an OS crash the index is rebuilt from the segments
     * whatever a checkpoint forced. Forcing here wrote back the log and the index the writer was
     * writing into: a 1,000,000-key populate ran at 256-285 puts per ms with it and 460-468 without
     * ({@code io.sluice.bench.kv.PopulateLatency}). Writes that ask for durability are forced by the
     * group-commit thread; NONE writes reach the disk when the OS writes them back.
     */
    void redoCheckpoint() {
        checkpoint(false);
    }

    private void checkpoint(boolean force) {
        checkpointLock.lock();
        try {
            checkpointLocked(force);
        } finally {
            checkpointLock.unlock();
        }
    }

    private void checkpointLocked(boolean force) {
        KvEvents.Checkpoint event = new KvEvents.Checkpoint();
        event.begin();
        CheckpointFile cp;
        writeLock.lock();
        try {
            cp = new CheckpointFile(active.id(), active.writePosition(), sequence, nextOrdinal);
            bytesSinceCheckpoint = 0;
            if (force) {
                bytesSinceForce = 0;
            }
            checkpointWakeSent = false;
        } finally {
            writeLock.unlock();
        }
        if (force) {
            syncLog();
            index.force();
        }
        cp.write(dir);
        checkpoint = cp;
        checkpoints.incrementAndGet();
        event.forced = force;
        event.sequence = cp.sequence();
        event.segment = cp.segmentId();
        event.offset = cp.offset();
        event.commit();
    }

    // ---------------------------------------------------------------- snapshot, backup, stats

    public KvSnapshot snapshot() {
        ensureOpen();
        Arena arena = Arena.ofShared();
        HashIndex.Image image;
        long seq;
        writeLock.lock();
        try {
            image = index.image(arena);
            seq = sequence;
            snapshotPins.incrementAndGet();
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        } finally {
            writeLock.unlock();
        }
        return new Snapshot(image, arena, seq);
    }

    private final class Snapshot implements KvSnapshot {
        private final HashIndex.Image image;
        private final Arena arena;
        private final long seq;
        private boolean open = true;

        Snapshot(HashIndex.Image image, Arena arena, long seq) {
            this.image = image;
            this.arena = arena;
            this.seq = seq;
        }

        @Override
        public void forEach(BiConsumer<byte[], byte[]> action) {
            if (!open) {
                throw new KvClosedException("snapshot is closed: sequence=" + seq);
            }
            ensureOpen();
            long now = System.currentTimeMillis();
            image.forEachSlot(slot -> {
                long a = addressOf(slot);
                LogSegment seg = segments.get(segmentOf(a));
                long rec = offsetOf(a);
                if (seg == null) { // snapshots pin segments: only a damaged slot points at none
                    throw new KvCorruptionException(
                            "index slot points at a missing segment: segment=" + segmentOf(a),
                            dir.resolve(HashIndex.MAIN_FILE),
                            -1);
                }
                MemorySegment map = seg.map();
                if (!RecordDescriptor.isWhole(map, rec, seg.capacity())) {
                    throw new KvCorruptionException(
                            "record at an index slot is damaged (header or length)", seg.path(), rec);
                }
                int length = RecordDescriptor.length(map, rec);
                if (options.verifyChecksums()
                        && RecordDescriptor.computeCrc(map, rec, length) != RecordDescriptor.crc(map, rec)) {
                    throw new KvCorruptionException("record checksum mismatch", seg.path(), rec);
                }
                long expires = RecordDescriptor.expiresAt(map, rec);
                if (expires != 0 && expires <= now) {
                    return;
                }
                int kl = RecordDescriptor.keyLength(map, rec);
                int vl = RecordDescriptor.valueLength(map, rec);
                byte[] k = new byte[kl];
                byte[] v = new byte[vl];
                MemorySegment.copy(map, ValueLayout.JAVA_BYTE, RecordDescriptor.keyOffset(rec), k, 0, kl);
                MemorySegment.copy(map, ValueLayout.JAVA_BYTE, RecordDescriptor.valueOffset(rec, kl), v, 0, vl);
                action.accept(k, v);
            });
        }

        @Override
        public long sequence() {
            return seq;
        }

        @Override
        public void close() {
            if (open) {
                open = false;
                arena.close();
                snapshotPins.decrementAndGet();
            }
        }
    }

    /** Hot backup into an empty or new directory: hard links to sealed segments, a copy of the index. */
    public void backup(Path target) {
        ensureOpen();
        try {
            Files.createDirectories(target);
            try (var s = Files.list(target)) {
                if (s.findAny().isPresent()) {
                    throw new KvException("backup target is not empty: target=" + target);
                }
            }
        } catch (IOException e) {
            throw new KvException("backup target create failed: target=" + target, e);
        }
        maintenance.pauseCompaction();
        try {
            writeLock.lock();
            try {
                active.seal();
                unsynced.add(active);
                active = newSegment(SegmentDescriptor.KIND_LOG, 0);
                checkpointInternal(); // re-enters the (reentrant) write lock
                index.copyTo(target);
                Files.copy(dir.resolve(CheckpointFile.NAME), target.resolve(CheckpointFile.NAME));
                for (int id = 1, limit = segmentIdLimit; id < limit; id++) {
                    LogSegment seg = segments.get(id);
                    if (seg != null && seg != active && seg.sealed()) {
                        Path link = target.resolve(seg.path().getFileName());
                        try {
                            Files.createLink(link, seg.path());
                        } catch (UnsupportedOperationException | IOException e) {
                            Files.copy(seg.path(), link);
                        }
                    }
                }
                StoreFiles.syncDirectory(target);
            } finally {
                writeLock.unlock();
            }
        } catch (IOException e) {
            throw new KvException("backup failed: target=" + target, e);
        } finally {
            maintenance.resumeCompaction();
        }
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
            checkpointInternal();
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
