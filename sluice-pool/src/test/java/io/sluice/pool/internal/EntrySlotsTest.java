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
    void shouldLendTheCallersStripeSlotFirst() {
        EntrySlots slots = idleSlots(10);

        PoolEntry e = slots.lendIdle();

        assertThat(e.slot).isEqualTo(slots.stripe());
        assertThat(e.state()).isEqualTo(PoolEntry.LENT);
    }

    @Test
    void shouldFallBackToTheLowestIdleSlotWhenTheStripeSlotIsLent() {
        EntrySlots slots = idleSlots(10);
        PoolEntry own = slots.lendIdle();

        PoolEntry next = slots.lendIdle();

        assertThat(next.slot).isEqualTo(own.slot == 0 ? 1 : 0);
        slots.get(next.slot).setIdle();
        own.setIdle();
        assertThat(slots.lendIdle()).isSameAs(own);
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
