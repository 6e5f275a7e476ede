package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.*;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * Linear hashing's growth step for a {@link HashIndex}: splits the next bucket in one pass while
 * readers go on lock-free, and repairs a split a crash interrupted.
 *
 * <p>A split copies the moving slots into the new bucket, publishes {@code splits + 1}, then CASes the
 * old slots to empty, so a reader using either the old or the new bucket count finds every key; a CAS
 * the compactor made on a moving slot meanwhile is carried over to its copy. The header's split state
 * records a split in progress, so that the next open can finish or undo it.
 *
 * <p>Static methods over the index's fields: a put that splits (about one insert of a new key in four
 * while the table grows) reaches the chunks and the header in the same loads as when this code was
 * part of HashIndex. Writer thread only (or single-threaded recovery).
 */
final class BucketSplitter {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private BucketSplitter() {}

    /** Splits the next bucket (linear hashing). Writer thread only. */
    static void split(HashIndex idx) {
        long s = idx.splits();
        long total = idx.initial + s;
        long n = levelSize(idx, total);
        long p = total - n;
        long q = total;
        IndexFiles.ensureMain(idx, q + 1);
        idx.header.set(ValueLayout.JAVA_LONG, splitStateOffset(), s + 1);
        clearBucket(idx, q);
        int moved = 0;
        long ref = p;
        for (; ; ) {
            MemorySegment c = idx.chunkOf(ref);
            long base = HashIndex.baseOf(ref);
            for (int i = 0; i < SLOTS; i++) {
                long v = (long) LONG.getAcquire(c, slotOffset(base, i));
                if (v != 0 && movesToNewBucket(idx, v, n)) {
                    appendToNewBucket(idx, q, v);
                    if (moved == idx.movedRefs.length) {
                        idx.movedRefs = Arrays.copyOf(idx.movedRefs, moved * 2);
                        idx.movedSlots = Arrays.copyOf(idx.movedSlots, moved * 2);
                        idx.movedValues = Arrays.copyOf(idx.movedValues, moved * 2);
                    }
                    idx.movedRefs[moved] = ref;
                    idx.movedSlots[moved] = i;
                    idx.movedValues[moved] = v;
                    moved++;
                }
            }
            long next = (long) LONG.getAcquire(c, nextOffset(base));
            if (next == 0) {
                break;
            }
            ref = -next;
        }
        LONG.setRelease(idx.header, splitsOffset(), s + 1);
        for (int m = 0; m < moved; m++) {
            MemorySegment c = idx.chunkOf(idx.movedRefs[m]);
            long off = slotOffset(HashIndex.baseOf(idx.movedRefs[m]), idx.movedSlots[m]);
            long copied = idx.movedValues[m];
            for (; ; ) {
                long cur = (long) LONG.getAcquire(c, off);
                if (cur == copied) {
                    if (LONG.compareAndSet(c, off, cur, 0L)) {
                        break;
                    }
                    continue;
                }
                // The compactor relocated the record before seeing the split: carry its CAS over.
                replaceSlotInBucket(idx, q, copied, cur);
                copied = cur;
            }
        }
        idx.header.set(ValueLayout.JAVA_LONG, splitStateOffset(), 0L);
    }

    /**
     * Buckets at the start of the level a table of {@code total} buckets is in: the largest power-of-two
     * multiple of the initial count not above it. The next split divides bucket {@code total - n}.
     */
    private static long levelSize(HashIndex idx, long total) {
        long level = 63 - Long.numberOfLeadingZeros(total >>> idx.initialShift);
        return idx.initial << level;
    }

    /**
     * Whether the key in {@code slot}, found in bucket p of a split at level size {@code n}, belongs in
     * the new bucket p + n: whether bit log2(n) of its hash is set (its lower bits are p's). The slot
     * keeps that bit for tables of up to 2^29 buckets; only beyond them is the key re-read from the log.
     */
    private static boolean movesToNewBucket(HashIndex idx, long slot, long n) {
        int bit = Long.numberOfTrailingZeros(n);
        if (keepsHashBit(bit)) {
            return hashBit(slot, bit) != 0;
        }
        return (idx.slotHash.applyAsLong(slot) & n) != 0;
    }

    private static void appendToNewBucket(HashIndex idx, long q, long value) {
        long ref = q;
        for (; ; ) {
            MemorySegment c = idx.chunkOf(ref);
            long base = HashIndex.baseOf(ref);
            for (int i = 0; i < SLOTS; i++) {
                if ((long) LONG.getAcquire(c, slotOffset(base, i)) == 0) {
                    LONG.setRelease(c, slotOffset(base, i), value);
                    return;
                }
            }
            long next = (long) LONG.getAcquire(c, nextOffset(base));
            if (next == 0) {
                long o = idx.allocateOverflow();
                LONG.setRelease(idx.chunkOf(-o), slotOffset(HashIndex.baseOf(-o), 0), value);
                LONG.setRelease(c, nextOffset(base), o);
                return;
            }
            ref = -next;
        }
    }

    private static void replaceSlotInBucket(HashIndex idx, long q, long expected, long update) {
        long ref = q;
        for (; ; ) {
            MemorySegment c = idx.chunkOf(ref);
            long base = HashIndex.baseOf(ref);
            for (int i = 0; i < SLOTS; i++) {
                if (LONG.compareAndSet(c, slotOffset(base, i), expected, update)) {
                    return;
                }
            }
            long next = (long) LONG.getAcquire(c, nextOffset(base));
            if (next == 0) {
                return; // the compactor already moved the copy in the new bucket
            }
            ref = -next;
        }
    }

    private static void clearBucket(HashIndex idx, long b) {
        MemorySegment c = idx.chunkOf(b);
        c.asSlice(HashIndex.baseOf(b), BUCKET_BYTES).fill((byte) 0);
    }

    /**
     * Repairs a split interrupted by a crash: before {@code splits} was bumped the new bucket is simply
     * reset (done again by the next split); after it, entries left behind in the old bucket are removed.
     * Single-threaded, at open.
     */
    static void repairInterrupted(HashIndex idx) {
        long state = idx.header.get(ValueLayout.JAVA_LONG, splitStateOffset());
        if (state == 0) {
            return;
        }
        long s = idx.splits();
        if (s == state) { // bumped: s = old + 1
            long before = s - 1;
            long total = idx.initial + before;
            long n = levelSize(idx, total);
            long ref = total - n;
            for (; ; ) {
                MemorySegment c = idx.chunkOf(ref);
                long base = HashIndex.baseOf(ref);
                for (int i = 0; i < SLOTS; i++) {
                    long v = (long) LONG.getAcquire(c, slotOffset(base, i));
                    if (v != 0 && movesToNewBucket(idx, v, n)) {
                        LONG.setRelease(c, slotOffset(base, i), 0L);
                    }
                }
                long next = (long) LONG.getAcquire(c, nextOffset(base));
                if (next == 0) {
                    break;
                }
                ref = -next;
            }
        }
        idx.header.set(ValueLayout.JAVA_LONG, splitStateOffset(), 0L);
    }
}
