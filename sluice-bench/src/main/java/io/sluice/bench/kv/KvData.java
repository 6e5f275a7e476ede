package io.sluice.bench.kv;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * The keys and values of one run, made once before the first phase so that the driver allocates
 * nothing per operation (its garbage would otherwise show up as the store's GC pauses). Keys are the
 * Krati paper's 30-36 byte member keys; values are {@link #VALUES} random arrays of 500-2000 bytes (mean
 * ~1250) that writes pick from at random. Every store gets the same arrays.
 *
 * @param keys   key {@code i} of the run
 * @param values the pre-made values
 */
record KvData(byte[][] keys, byte[][] values) {
    /** Distinct values: enough to defeat any value cache, few enough (~5 MiB) to stay out of the GC's way. */
    static final int VALUES = 4096;

    private static final byte[] PREFIX = "member:".getBytes(StandardCharsets.US_ASCII);

    static KvData make(int keyCount) {
        byte[][] keys = new byte[keyCount][];
        for (int i = 0; i < keyCount; i++) {
            keys[i] = key(i);
        }
        Random r = new Random(7);
        byte[][] values = new byte[VALUES][];
        for (int v = 0; v < VALUES; v++) {
            values[v] = new byte[500 + r.nextInt(1501)];
            r.nextBytes(values[v]);
        }
        return new KvData(keys, values);
    }

    /** {@code member:} + i as 23 decimal digits + {@code i % 7} '#' characters: 30-36 bytes. */
    static byte[] key(int i) {
        byte[] k = new byte[PREFIX.length + 23 + i % 7];
        System.arraycopy(PREFIX, 0, k, 0, PREFIX.length);
        long n = i;
        for (int d = PREFIX.length + 22; d >= PREFIX.length; d--) {
            k[d] = (byte) ('0' + n % 10);
            n /= 10;
        }
        java.util.Arrays.fill(k, PREFIX.length + 23, k.length, (byte) '#');
        return k;
    }
}
