package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.*;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The compactor's calls on a {@link HashIndex}, lock-free and safe beside the writer: whether a key
 * still points at a record ({@link #contains}), and a CAS of its slot to the record's new place
 * ({@link #replace}) or to empty ({@link #removeIf}). Each compares whole slots (tag and address), so
 * it needs no key and reads no log; a CAS fails harmlessly when a writer changed the key meanwhile, and
 * a split that copies a slot the compactor just changed carries the change over ({@link BucketSplitter}).
 *
 * <p>One chain walk serves all three ({@link #locate}). It is not {@link HashIndex#lookup} with a second
 * {@link KeyMatcher}: a second matcher class at lookup's call site made C2 throw away the
 * readers' compiled get (a class-check deoptimisation) as soon as compaction began, and compile it
 * again as a bimorphic call.
 */
final class SlotRelocator {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    /** {@link #locate}'s answer when no slot holds the value. */
    private static final long NOWHERE = Long.MIN_VALUE;

    private SlotRelocator() {}

    /** Whether the key with {@code hash} points at {@code address} (compaction's liveness check). */
    static boolean contains(HashIndex index, long hash, long address) {
        return locate(index, hash, slot(tagOfHash(hash), address)) != NOWHERE;
    }

    /**
     * Compaction install: if the key with {@code hash} still points at {@code expectedAddress}, point it
     * at {@code newAddress} (CAS). Returns false when a writer changed or removed the key meanwhile.
     */
    static boolean replace(HashIndex index, long hash, long expectedAddress, long newAddress) {
        return replaceWith(index, hash, expectedAddress, slot(tagOfHash(hash), newAddress));
    }

    /**
     * Removes the key if it still points at {@code expectedAddress} (expiry by the compactor, under the
     * writer lock; the caller then adjusts the key count, {@link HashIndex#keyRemoved}).
     */
    static boolean removeIf(HashIndex index, long hash, long expectedAddress) {
        return replaceWith(index, hash, expectedAddress, 0L);
    }

    /**
     * CASes the slot holding {@code expectedAddress} (under the key's tag) to {@code newSlot}. A failed CAS
     * means a split emptied the slot or a writer replaced it between the walk and the CAS: the key is
     * looked for again.
     */
    private static boolean replaceWith(HashIndex index, long hash, long expectedAddress, long newSlot) {
        long expected = slot(tagOfHash(hash), expectedAddress);
        for (; ; ) {
            long at = locate(index, hash, expected);
            if (at == NOWHERE) {
                return false;
            }
            long ref = at >> 3;
            if (LONG.compareAndSet(
                    index.chunkOf(ref), slotOffset(HashIndex.baseOf(ref), (int) (at & 7)), expected, newSlot)) {
                return true;
            }
        }
    }

    /**
     * Where in the chain of {@code hash} a slot holds {@code expected}, as {@code ref << 3 | slot} (a
     * bucket ref and a slot index below 8), or {@link #NOWHERE}. A walk that missed while a split moved
     * keys is made again.
     */
    private static long locate(HashIndex index, long hash, long expected) {
        for (; ; ) {
            long s = index.splits();
            long ref = index.bucketOf(hash, s);
            for (; ; ) {
                MemorySegment c = index.chunkOf(ref);
                long base = HashIndex.baseOf(ref);
                for (int i = 0; i < SLOTS; i++) {
                    if ((long) LONG.getAcquire(c, slotOffset(base, i)) == expected) {
                        return ref << 3 | i;
                    }
                }
                long next = (long) LONG.getAcquire(c, nextOffset(base));
                if (next == 0) {
                    break;
                }
                ref = -next;
            }
            if (index.splits() == s) {
                return NOWHERE;
            }
        }
    }
}
