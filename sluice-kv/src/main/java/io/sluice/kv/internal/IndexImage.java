package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.BUCKET_BYTES;
import static io.sluice.kv.internal.IndexDescriptor.CHUNK_BUCKETS;
import static io.sluice.kv.internal.IndexDescriptor.CHUNK_SHIFT;
import static io.sluice.kv.internal.IndexDescriptor.SLOTS;
import static io.sluice.kv.internal.IndexDescriptor.nextOffset;
import static io.sluice.kv.internal.IndexDescriptor.slotOffset;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.function.LongConsumer;

/**
 * A private copy of a {@link HashIndex} taken at one instant: every slot value, for snapshot iteration.
 * The primary buckets are copied into one segment and the overflow buckets in use into another, in the
 * index's own bucket layout ({@link IndexDescriptor}), so an overflow link {@code o} is bucket {@code o}
 * of {@link #overflow}.
 */
record IndexImage(MemorySegment main, MemorySegment overflow, long buckets) {

    /**
     * Copies the index into {@code into} (off-heap, {@code BUCKET_BYTES} per bucket in use). Call under
     * the writer lock: no bucket may split or fill meanwhile.
     */
    static IndexImage copyOf(HashIndex index, Arena into) {
        MemorySegment[] mains = index.mainChunks;
        MemorySegment[] overs = index.overflowChunks;
        long total = index.bucketCount();
        MemorySegment main = into.allocate(total * BUCKET_BYTES, 64);
        for (long b = 0; b < total; b += CHUNK_BUCKETS) {
            long count = Math.min(CHUNK_BUCKETS, total - b);
            MemorySegment.copy(mains[(int) (b >>> CHUNK_SHIFT)], 0, main, b * BUCKET_BYTES, count * BUCKET_BYTES);
        }
        long used = index.overflowUsed() + 1;
        MemorySegment over = into.allocate(used * BUCKET_BYTES, 64);
        for (long o = 0; o < used; o += CHUNK_BUCKETS) {
            long count = Math.min(CHUNK_BUCKETS, used - o);
            MemorySegment.copy(overs[(int) (o >>> CHUNK_SHIFT)], 0, over, o * BUCKET_BYTES, count * BUCKET_BYTES);
        }
        return new IndexImage(main, over, total);
    }

    /** Calls {@code visitor} with every non-empty slot of the copy. */
    void forEachSlot(LongConsumer visitor) {
        for (long b = 0; b < buckets; b++) {
            MemorySegment c = main;
            long base = b * BUCKET_BYTES;
            for (; ; ) {
                for (int i = 0; i < SLOTS; i++) {
                    long v = c.get(ValueLayout.JAVA_LONG, slotOffset(base, i));
                    if (v != 0) {
                        visitor.accept(v);
                    }
                }
                long next = c.get(ValueLayout.JAVA_LONG, nextOffset(base));
                if (next == 0) {
                    break;
                }
                c = overflow;
                base = next * BUCKET_BYTES;
            }
        }
    }
}
