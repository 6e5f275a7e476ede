package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.address;
import static io.sluice.kv.internal.IndexDescriptor.addressOf;
import static io.sluice.kv.internal.IndexDescriptor.offsetOf;
import static io.sluice.kv.internal.IndexDescriptor.segmentOf;

import io.sluice.kv.Durability;
import io.sluice.kv.KvException;
import io.sluice.kv.KvOptions;
import io.sluice.kv.WriteBatch;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * The write path of a {@link StoreEngine}: puts, deletes and atomic batches appended to the main log
 * and applied to the index, one writer at a time behind {@code StoreEngine.writeLock}.
 *
 * <p>Static methods over the engine's fields rather than an object of its own: the state they change
 * (sequence, active segment, byte counters) is also read by checkpoints, recovery and maintenance, and
 * a put reaches it through the engine in one load, as it did when this code was part of the engine. The
 * class is final and stateless, so the JIT binds and inlines these calls exactly as before.
 */
public final class LogWriter {
    /** The writer's own call site for a record's length ({@link #recordBytes}); see StoreEngine's read path. */
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;

    private LogWriter() {}

    /**
     * Appends and indexes a put; returns its sequence number. Allocates nothing; waits for an fsync only
     * with {@link Durability#SYNC}.
     *
     * @throws KvException when a length is out of range, the store is closed or the disk is full
     */
    public static long put(
            StoreEngine e,
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
        e.writeLock.lock();
        try {
            e.ensureOpen();
            IndexFiles.reserveForInsert(e.index);
            long addr = append(
                    e,
                    activeFor(e, RecordDescriptor.recordLength(keyLength, valueLength)),
                    RecordDescriptor.TYPE_PUT,
                    key,
                    keyOffset,
                    keyLength,
                    value,
                    valueOffset,
                    valueLength,
                    expiresAt,
                    0);
            applyPut(e, key, keyOffset, keyLength, addr);
            seq = e.sequence;
        } finally {
            e.writeLock.unlock();
        }
        e.puts.increment();
        afterWrite(e, seq, durability);
        return seq;
    }

    /**
     * Appends a tombstone and removes the key; returns its sequence number.
     *
     * @throws KvException when the key length is out of range, the store is closed or the disk is full
     */
    public static long delete(StoreEngine e, MemorySegment key, long keyOffset, int keyLength, Durability durability) {
        checkSizes(keyLength, 0);
        long seq;
        e.writeLock.lock();
        try {
            e.ensureOpen();
            IndexFiles.reserveForInsert(e.index);
            append(
                    e,
                    activeFor(e, RecordDescriptor.recordLength(keyLength, 0)),
                    RecordDescriptor.TYPE_DELETE,
                    key,
                    keyOffset,
                    keyLength,
                    MemorySegment.NULL,
                    0,
                    0,
                    0,
                    0);
            applyDelete(e, key, keyOffset, keyLength);
            seq = e.sequence;
        } finally {
            e.writeLock.unlock();
        }
        e.deletes.increment();
        afterWrite(e, seq, durability);
        return seq;
    }

    /**
     * Appends a batch as consecutive records, then applies it to the index; returns the last sequence. A
     * batch that fails to append (a full disk) is rolled back whole.
     *
     * @throws KvException when a length is out of range, the store is closed or the disk is full
     */
    public static long write(StoreEngine e, WriteBatch batch, Durability durability) {
        List<WriteBatch.Op> ops = batch.ops();
        for (WriteBatch.Op op : ops) {
            checkSizes(op.key().length, op.value() == null ? 0 : op.value().length);
        }
        if (ops.isEmpty()) {
            return e.sequence();
        }
        long seq;
        e.writeLock.lock();
        try {
            e.ensureOpen();
            long[] addrs = new long[ops.size()];
            // A batch never spans segments, so recovery can cut a torn batch off inside one file.
            long total = 0;
            for (WriteBatch.Op op : ops) {
                total += RecordDescriptor.alignedLength(
                        RecordDescriptor.recordLength(op.key().length, op.value() == null ? 0 : op.value().length));
            }
            LogSegment target = activeFor(e, total);
            for (int i = 0; i < ops.size(); i++) {
                IndexFiles.reserveForInsert(e.index); // reserves for several inserts: one batch op at a time is enough
            }
            long batchStart = target.writePosition();
            long sequenceBefore = e.sequence;
            long counted = e.bytesSinceCheckpoint;
            long forced = e.bytesSinceForce;
            try {
                for (int i = 0; i < ops.size(); i++) {
                    WriteBatch.Op op = ops.get(i);
                    MemorySegment k = MemorySegment.ofArray(op.key());
                    boolean del = op.value() == null;
                    MemorySegment v = del ? MemorySegment.NULL : MemorySegment.ofArray(op.value());
                    long vlen = del ? 0 : op.value().length;
                    addrs[i] = append(
                            e,
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
            } catch (KvException failed) {
                // Nothing of the batch was indexed: it never happened. Its whole records are zeroed (their
                // pages were written, so they are backed), so that no whole record lies past the end of the
                // log, where recovery would take it for damage.
                target.map()
                        .asSlice(batchStart, target.writePosition() - batchStart)
                        .fill((byte) 0);
                target.writePosition(batchStart);
                e.sequence = sequenceBefore;
                e.bytesSinceCheckpoint = counted;
                e.bytesSinceForce = forced;
                throw failed;
            }
            for (int i = 0; i < ops.size(); i++) {
                WriteBatch.Op op = ops.get(i);
                MemorySegment k = MemorySegment.ofArray(op.key());
                if (op.value() == null) {
                    applyDelete(e, k, 0, op.key().length);
                    e.deletes.increment();
                } else {
                    applyPut(e, k, 0, op.key().length, addrs[i]);
                    e.puts.increment();
                }
            }
            seq = e.sequence;
        } finally {
            e.writeLock.unlock();
        }
        afterWrite(e, seq, durability);
        return seq;
    }

    private static void checkSizes(long keyLength, long valueLength) {
        if (keyLength <= 0 || keyLength > KvOptions.MAX_KEY_BYTES) {
            throw new KvException(
                    "key length out of range [1, " + KvOptions.MAX_KEY_BYTES + "]: keyLength=" + keyLength);
        }
        if (valueLength < 0 || valueLength > KvOptions.MAX_VALUE_BYTES) {
            throw new KvException(
                    "value length out of range [0, " + KvOptions.MAX_VALUE_BYTES + "]: valueLength=" + valueLength);
        }
    }

    private static void afterWrite(StoreEngine e, long seq, Durability durability) {
        switch (durability) {
            case GROUP_COMMIT -> e.committer.request(seq, false);
            case SYNC -> {
                e.committer.request(seq, true);
                e.committer.await(seq, Long.MAX_VALUE);
            }
            default -> {}
        }
        if (e.bytesSinceCheckpoint > e.options.checkpointBytes() && !e.checkpointWakeSent) {
            e.checkpointWakeSent = true; // once per checkpoint, not an unpark per write until it is taken
            e.maintenance.wakeUp();
        }
    }

    /** The main-log segment with room for a record of {@code length}, rolling to a new one if needed. */
    private static LogSegment activeFor(StoreEngine e, long length) {
        long aligned = RecordDescriptor.alignedLength(length);
        if (e.active.writePosition() + aligned > e.active.capacity()) {
            // The next segment first, then the seal: when it cannot be made (a full disk) the active
            // segment stays unsealed, so a smaller record that still fits is appended where recovery
            // reads it, never past a sealed length.
            LogSegment next = e.spare;
            LogSegment previous = e.active;
            if (next != null
                    && next.ordinal() > e.active.ordinal()
                    && next.writePosition() + aligned <= next.capacity()) {
                e.spare = null;
                e.active = next;
                if (e.maintenance != null) {
                    e.maintenance.wakeUp();
                }
            } else {
                e.active = SegmentTable.newSegment(e, SegmentDescriptor.KIND_LOG, aligned);
                if (next != null) {
                    // Too small for this record, and now older than the active segment: never usable.
                    e.spare = null;
                    e.segments.set(next.id(), null);
                    next.delete();
                }
            }
            previous.seal();
            e.unsynced.add(previous);
        }
        return e.active;
    }

    /** Writes one record at the segment's write position (single appender per segment). */
    private static long append(
            StoreEngine e,
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
        long seq = e.sequence + 1;
        int length = (int) RecordDescriptor.recordLength(keyLength, valueLength);
        seg.ensureBacked(rec, rec + length);
        try {
            // A record of up to 64 KiB is rendered and checksummed on the heap, then copied in one piece: a
            // CRC over the mapping would acquire the segment's shared session, a CAS on the cache line that
            // every read of the segment checks. A bigger one is rendered in the mapping.
            boolean staged = length <= e.staging.byteSize();
            RecordDescriptor.write(
                    staged ? e.staging : map,
                    staged ? 0 : rec,
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
            if (staged) {
                MemorySegment.copy(e.staging, 0, map, rec, length);
            }
        } catch (InternalError fault) {
            // A store into a page of the mapping the file system could not back (ENOSPC, an I/O error) is a
            // SIGBUS, which the JVM raises as InternalError. Nothing was indexed and the write position did
            // not move: the record never happened, and the next append overwrites what part of it landed.
            throw mappedWriteFailed(e, seg, rec, fault);
        }
        e.sequence = seq;
        long aligned = RecordDescriptor.alignedLength(length);
        seg.writePosition(rec + aligned);
        seg.appended(seq, type);
        e.bytesSinceCheckpoint += aligned;
        e.bytesSinceForce += aligned;
        return address(seg.id(), rec);
    }

    /** The error for a store into a mapping that faulted: a full disk, mostly. */
    private static KvException mappedWriteFailed(StoreEngine e, LogSegment seg, long offset, InternalError cause) {
        return new KvException(
                "log write failed, the file system could not back a page of the mapping (disk full?): " + "file="
                        + seg.path() + ", offset=" + offset + ", dir=" + e.dir + ", usableBytes="
                        + StoreFiles.usableBytes(e.dir),
                cause);
    }

    /** Points the key at the record at {@code addr} and moves live-byte accounting (writer lock). */
    static void applyPut(StoreEngine e, MemorySegment key, long keyOffset, int keyLength, long addr) {
        long hash = KeyHash.hash(key, keyOffset, keyLength);
        LogSegment seg = e.segments.get(segmentOf(addr));
        long prev = e.index.put(hash, e.logKeys, key, keyOffset, keyLength, addr);
        seg.liveBytes.addAndGet(recordBytes(seg, offsetOf(addr)));
        release(e, prev);
    }

    /** Removes the key from the index and moves live-byte accounting (writer lock). */
    static void applyDelete(StoreEngine e, MemorySegment key, long keyOffset, int keyLength) {
        long hash = KeyHash.hash(key, keyOffset, keyLength);
        release(e, e.index.remove(hash, e.logKeys, key, keyOffset, keyLength));
    }

    private static void release(StoreEngine e, long prevSlot) {
        if (prevSlot != 0) {
            long a = addressOf(prevSlot);
            LogSegment old = e.segments.get(segmentOf(a));
            if (old != null) {
                old.liveBytes.addAndGet(-recordBytes(old, offsetOf(a)));
            }
        }
    }

    private static long recordBytes(LogSegment seg, long rec) {
        // Its own call site, as the read path's: the writer calls this on every put (see INT above).
        return RecordDescriptor.alignedLength(seg.map().get(INT, RecordDescriptor.lengthOffset(rec)));
    }
}
