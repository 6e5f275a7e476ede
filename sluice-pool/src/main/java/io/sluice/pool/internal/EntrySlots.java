package io.sluice.pool.internal;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Every open connection of a pool, in a fixed array of {@code maxSize} slots. Lending an idle one
 * is lock-free: {@link #lendIdle()} tries the caller's stripe slot, then scans the slots lowest
 * first, and takes the first entry whose state it can flip from idle to lent with one CAS; giving it back is one volatile store
 * ({@link PoolEntry#setIdle()}). Nothing is allocated and no lock is taken on either path, so a
 * virtual thread never parks to borrow from a pool that has an idle connection.
 *
 * <p>A few stripe slots, then lowest first, not round robin: under a light load the same few
 * connections serve everyone and stay warm, and the higher slots reach their idle timeout (the housekeeper scans
 * from the top). Adding and removing entries (creation, retirement, close) happens under the
 * pool's lock; an entry leaves its slot only while its owner holds it (state not idle), so a
 * scanner that read a stale reference fails its CAS instead of lending a closed connection.
 */
final class EntrySlots {
    private final AtomicReferenceArray<PoolEntry> slots;
    /** Slots that virtual threads try first, by thread ({@link #stripe}): twice the cores, at most every slot. */
    final int stripes;
    /** Entries in the slots; guarded by the pool's lock. */
    private int size;

    EntrySlots(int capacity) {
        this.slots = new AtomicReferenceArray<>(capacity);
        this.stripes = Math.min(capacity, 2 * Runtime.getRuntime().availableProcessors());
    }

    /**
     * Lock-free: takes an idle entry for the caller, or returns null when none is idle. The caller's
     * own stripe slot first ({@link #stripe}), then the lowest idle one.
     */
    PoolEntry lendIdle() {
        int own = stripe();
        PoolEntry e = slots.getAcquire(own);
        if (e != null && e.tryLend()) {
            return e;
        }
        for (int i = 0, n = slots.length(); i < n; i++) {
            e = slots.getAcquire(i);
            if (i != own && e != null && e.tryLend()) {
                return e;
            }
        }
        return null;
    }

    /**
     * The slot the calling thread tries first: for a virtual thread its id hashed into
     * {@link #stripes}, for a platform thread slot 0 (plain lowest first). When every virtual thread
     * started at slot 0, two carriers borrowing at once fought over slot 0's state word: each borrow
     * read (and mostly took) a cache line the other core had just written, and two carriers cycled
     * fewer connections than one ({@code pool-cycle} suite). Virtual threads spread over the stripes
     * touch each other's lines only when two on different carriers share a stripe. Platform threads
     * keep lowest first: one platform thread borrowing in a loop (pool-connect's connect-query-close on
     * one thread) was slower on its stripe than on slot 0. The stripes stay few, so under a light load
     * the same few connections still serve everyone and the top slots can reach their idle timeout.
     */
    int stripe() {
        Thread t = Thread.currentThread();
        if (!t.isVirtual()) {
            return 0;
        }
        int mixed = (int) t.threadId() * 0x9E3779B9; // Fibonacci hashing: ids are sequential
        return (int) (((mixed & 0xFFFFFFFFL) * stripes) >>> 32); // to [0, stripes) without a division
    }

    /** Under the pool's lock: puts a new entry (in any state) into the lowest free slot. */
    void addLocked(PoolEntry e) {
        for (int i = 0, n = slots.length(); i < n; i++) {
            if (slots.get(i) == null) {
                e.slot = i;
                size++;
                slots.setRelease(i, e); // last: publishes the entry's fields to lock-free scanners
                return;
            }
        }
        throw new IllegalStateException("no free slot: size=" + size + ", capacity=" + slots.length());
    }

    /** Under the pool's lock: removes an entry the caller owns (or has claimed); false if already gone. */
    boolean removeLocked(PoolEntry e) {
        int i = e.slot;
        if (i < 0 || slots.get(i) != e) {
            return false;
        }
        slots.set(i, null);
        e.slot = -1;
        size--;
        return true;
    }

    /** Under the pool's lock: the number of entries. */
    int sizeLocked() {
        return size;
    }

    /** The number of entries in {@code state} right now (a racy count outside the lock). */
    int count(int state) {
        int count = 0;
        for (int i = 0, n = slots.length(); i < n; i++) {
            PoolEntry e = slots.get(i);
            if (e != null && e.state() == state) {
                count++;
            }
        }
        return count;
    }

    /** The number of slots (maxSize). */
    int capacity() {
        return slots.length();
    }

    /** The entry in slot {@code i}, or null. */
    PoolEntry get(int i) {
        return slots.get(i);
    }
}
