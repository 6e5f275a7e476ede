package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.*;

import io.sluice.kv.KvCorruptionException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The rare branches of {@link HashIndex}'s lookup, put and remove that tell a damaged record from a race
 * or a tag collision: a slot whose record keeps answering {@link KeyMatcher#STALE} is corruption once
 * the restarts pass a bound, and a lookup that finds no match but slots with the key's tag has each of
 * their records checked whole, so that a damaged record is reported, never taken for an absent key.
 *
 * <p>Static methods over the index's fields, like {@link BucketSplitter}: the hot loops call them only
 * on these branches, with no allocation and no extra receiver.
 */
final class DamageChecks {
    /** Restarts after which a slot that never resolves is taken for corruption, not for a race. */
    private static final int MAX_STALE_RESTARTS = 10_000;

    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private DamageChecks() {}

    /**
     * Counts one more restart after a {@link KeyMatcher#STALE} answer for {@code slot}; throws
     * {@link KvCorruptionException} when there have been too many for a race.
     */
    static int staleRestart(HashIndex index, int restarts, long slot) {
        if (restarts >= MAX_STALE_RESTARTS) {
            throw new KvCorruptionException(
                    "index slot points outside every segment: slot=0x" + Long.toHexString(slot), index.mainPath, -1);
        }
        return restarts + 1;
    }

    /**
     * Slow path of a {@link HashIndex#lookup} that found no match but slots with the key's tag: another
     * key's record (a tag collision, about once per ~10^4 probes), or a record whose header or key was
     * damaged, which could be this key's. Each such record is checked whole (structure and CRC) by
     * {@link HashIndex#missCheck}, which throws {@link KvCorruptionException} for a damaged one.
     */
    static void checkMisses(
            HashIndex index,
            long hash,
            long splits,
            KeyMatcher matcher,
            MemorySegment key,
            long keyOffset,
            int keyLength) {
        long tag = tagOfHash(hash);
        long ref = index.bucketOf(hash, splits);
        for (; ; ) {
            MemorySegment c = index.chunkOf(ref);
            long base = HashIndex.baseOf(ref);
            for (int i = 0; i < SLOTS; i++) {
                long v = (long) LONG.getAcquire(c, slotOffset(base, i));
                if (v != 0 && tagOf(v) == tag && matcher.test(v, key, keyOffset, keyLength) == KeyMatcher.MISS) {
                    index.missCheck.accept(v);
                }
            }
            long next = (long) LONG.getAcquire(c, nextOffset(base));
            if (next == 0) {
                return;
            }
            ref = -next;
        }
    }
}
