package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.addressOf;
import static io.sluice.kv.internal.IndexDescriptor.offsetOf;
import static io.sluice.kv.internal.IndexDescriptor.segmentOf;

import io.sluice.kv.KvClosedException;
import io.sluice.kv.KvCorruptionException;
import io.sluice.kv.KvSnapshot;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.function.BiConsumer;

/**
 * A consistent view of a {@link StoreEngine}: a private copy of the index taken under the writer lock
 * ({@link IndexImage}), read against the log. While it is open it pins the segments (compaction does not
 * retire any, {@link StoreEngine#snapshotPins}), so every slot of the copy still reaches its record.
 */
final class StoreSnapshot implements KvSnapshot {
    private final StoreEngine e;
    private final IndexImage image;
    private final Arena arena;
    private final long seq;
    private boolean open = true;

    private StoreSnapshot(StoreEngine engine, IndexImage image, Arena arena, long seq) {
        this.e = engine;
        this.image = image;
        this.arena = arena;
        this.seq = seq;
    }

    /** Copies the index (off-heap, time and memory proportional to the buckets) and pins the segments. */
    static KvSnapshot open(StoreEngine e) {
        e.ensureOpen();
        Arena arena = Arena.ofShared();
        IndexImage image;
        long seq;
        e.writeLock.lock();
        try {
            image = IndexImage.copyOf(e.index, arena);
            seq = e.sequence;
            e.snapshotPins.incrementAndGet();
        } catch (RuntimeException ex) {
            arena.close();
            throw ex;
        } finally {
            e.writeLock.unlock();
        }
        return new StoreSnapshot(e, image, arena, seq);
    }

    @Override
    public void forEach(BiConsumer<byte[], byte[]> action) {
        if (!open) {
            throw new KvClosedException("snapshot is closed: sequence=" + seq);
        }
        e.ensureOpen();
        long now = System.currentTimeMillis();
        image.forEachSlot(slot -> {
            long a = addressOf(slot);
            LogSegment seg = e.segments.get(segmentOf(a));
            long rec = offsetOf(a);
            if (seg == null) { // snapshots pin segments: only a damaged slot points at none
                throw new KvCorruptionException(
                        "index slot points at a missing segment: segment=" + segmentOf(a),
                        e.dir.resolve(HashIndex.MAIN_FILE),
                        -1);
            }
            MemorySegment map = seg.map();
            if (!RecordDescriptor.isWhole(map, rec, seg.capacity())) {
                throw new KvCorruptionException(
                        "record at an index slot is damaged (header or length)", seg.path(), rec);
            }
            int length = RecordDescriptor.length(map, rec);
            if (e.options.verifyChecksums()
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
            e.snapshotPins.decrementAndGet();
        }
    }
}
