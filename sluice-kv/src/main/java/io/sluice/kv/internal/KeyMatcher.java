package io.sluice.kv.internal;

import java.lang.foreign.MemorySegment;

/**
 * Decides whether an index slot holds the probed key, for {@link HashIndex}'s lookup, put and remove.
 * Stateless (the key comes as arguments), so one instance serves every thread and a lookup allocates
 * nothing. The store has one implementing class: a second one at lookup's call site made C2 throw away
 * the readers' compiled get (see {@link SlotRelocator}).
 */
public interface KeyMatcher {
    /** 0 and 1 on purpose: {@link HashIndex#lookup} turns a MATCH into a mask without a branch. */
    int MISS = 0;

    int MATCH = 1;
    /** The slot changed while it was being checked: restart the lookup. */
    int STALE = -1;

    /** Compares the record {@code slot} points at with {@code key[keyOffset, keyOffset + keyLength)}. */
    int test(long slot, MemorySegment key, long keyOffset, int keyLength);
}
