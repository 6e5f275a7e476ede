package io.sluice.pool.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class EntrySlotsTest {
    private static EntrySlots idleSlots(int capacity) {
        EntrySlots slots = new EntrySlots(capacity);
        for (int i = 0; i < capacity; i++) {
            PoolEntry e = new PoolEntry(null, 0, 0, Duration.ZERO);
            slots.addLocked(e);
            e.setIdle();
        }
        return slots;
    }

    @Test
    void shouldLendAVirtualThreadItsStripeSlotFirst() throws Exception {
        EntrySlots slots = idleSlots(10);
        int[] slotAndStripe = new int[2];

        Thread.ofVirtual()
                .start(() -> {
                    slotAndStripe[0] = slots.lendIdle().slot;
                    slotAndStripe[1] = slots.stripe();
                })
                .join();

        assertThat(slotAndStripe[0]).isEqualTo(slotAndStripe[1]);
    }

    @Test
    void shouldLendAPlatformThreadTheLowestIdleSlot() {
        EntrySlots slots = idleSlots(10);

        PoolEntry first = slots.lendIdle();
        PoolEntry second = slots.lendIdle();
        first.setIdle();

        assertThat(first.slot).isZero();
        assertThat(second.slot).isEqualTo(1);
        assertThat(first.state()).isEqualTo(PoolEntry.IDLE);
        assertThat(slots.lendIdle()).isSameAs(first);
    }

    @Test
    void shouldFallBackToTheLowestIdleSlotWhenTheStripeSlotIsLent() throws Exception {
        EntrySlots slots = idleSlots(10);
        int[] slotsLent = new int[2];

        Thread.ofVirtual()
                .start(() -> {
                    slotsLent[0] = slots.lendIdle().slot;
                    slotsLent[1] = slots.lendIdle().slot;
                })
                .join();

        assertThat(slotsLent[1]).isEqualTo(slotsLent[0] == 0 ? 1 : 0);
    }

    @Test
    void shouldReturnNullWhenNothingIsIdle() {
        EntrySlots slots = idleSlots(3);
        for (int i = 0; i < 3; i++) {
            assertThat(slots.lendIdle()).isNotNull();
        }

        assertThat(slots.lendIdle()).isNull();
    }

    @Test
    void shouldKeepALightLoadOnAtMostStripesConnections() throws InterruptedException {
        int capacity = 2 * Runtime.getRuntime().availableProcessors() + 8;
        EntrySlots slots = idleSlots(capacity);
        Set<Integer> used = ConcurrentHashMap.newKeySet();

        for (int i = 0; i < 500; i++) { // one borrower at a time, each a new virtual thread, as requests come
            Thread t = Thread.ofVirtual().start(() -> {
                PoolEntry e = slots.lendIdle();
                used.add(e.slot);
                e.setIdle();
            });
            t.join();
        }

        assertThat(slots.stripes).isLessThan(capacity);
        assertThat(used).hasSizeLessThanOrEqualTo(slots.stripes).allMatch(s -> s < slots.stripes);
        assertThat(used.size()).as("threads spread over the stripes").isGreaterThan(1);
    }
}
