package io.sluice.kv.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** 64-bit key hash: 8 bytes per step with a multiply-xorshift mix, then a murmur3 finaliser. */
public final class KeyHash {
    private static final long SEED = 0x9E3779B97F4A7C15L;
    private static final long M = 0xC6A4A7935BD1E995L;

    private KeyHash() {}

    public static long hash(MemorySegment seg, long offset, long length) {
        long h = SEED ^ (length * M);
        long i = 0;
        for (; i + 8 <= length; i += 8) {
            long k = seg.get(ValueLayout.JAVA_LONG_UNALIGNED, offset + i);
            k *= M;
            k ^= k >>> 47;
            k *= M;
            h ^= k;
            h *= M;
        }
        if (i < length) {
            long k = 0;
            for (int s = 0; i < length; i++, s += 8) {
                k |= (seg.get(ValueLayout.JAVA_BYTE, offset + i) & 0xFFL) << s;
            }
            h ^= k;
            h *= M;
        }
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        h ^= h >>> 33;
        return h;
    }
}
