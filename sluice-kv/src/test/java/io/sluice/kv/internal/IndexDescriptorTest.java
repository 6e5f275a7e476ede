package io.sluice.kv.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Slot packing: the address survives, and the kept hash bits are the ones a split asks for. */
class IndexDescriptorTest {

    @Test
    void shouldKeepAddressAndTagWhenPackedIntoASlotAtTheLimits() {
        long[] hashes = {0L, -1L, 0x9E3779B97F4A7C15L};
        long[] addresses = {
            IndexDescriptor.address(1, SegmentDescriptor.FIRST_RECORD),
            IndexDescriptor.address(0xFFFF, (1L << 32) - 8),
            IndexDescriptor.address(1234, 64 + 8 * 12345)
        };
        for (long hash : hashes) {
            for (long address : addresses) {
                long slot = IndexDescriptor.slot(IndexDescriptor.tagOfHash(hash), address);
                assertThat(slot).isNotZero();
                assertThat(IndexDescriptor.addressOf(slot)).isEqualTo(address);
                assertThat(IndexDescriptor.tagOf(slot)).isEqualTo(IndexDescriptor.tagOfHash(hash));
            }
        }
    }

    @Test
    void shouldGiveTheSplitBitOfTheKeyHashWhenTheSlotKeepsIt() {
        long hash = 0x5DEECE66DL * 0x9E3779B97F4A7C15L;
        long slot = IndexDescriptor.slot(IndexDescriptor.tagOfHash(hash), IndexDescriptor.address(7, 4096));
        for (int bit = 0; bit < 64; bit++) {
            if (IndexDescriptor.keepsHashBit(bit)) {
                assertThat(IndexDescriptor.hashBit(slot, bit)).as("bit %d", bit).isEqualTo((hash >>> bit) & 1);
            }
        }
        assertThat(IndexDescriptor.keepsHashBit(IndexDescriptor.TAG_LOW_BIT - 1))
                .isFalse();
        assertThat(IndexDescriptor.keepsHashBit(IndexDescriptor.TAG_LOW_BIT + IndexDescriptor.TAG_BITS))
                .isFalse();
    }
}
