package io.sluice.spi;

/**
 * For rows that are views over a receive buffer (an offset and a length per value, -1 for NULL):
 * the copy behind {@link io.sluice.Row#detach()}, so that a detached row owns exactly its values'
 * bytes and outlives the buffer.
 */
public final class RowBytes {
    private RowBytes() {}

    /**
     * Copies the values that {@code offsets} and {@code lengths} locate in {@code buf} into one new
     * array, back to back, and returns it; {@code copyOffsets} and {@code copyLengths} (as long as
     * {@code lengths}) receive their places in it, a NULL keeping its negative length.
     */
    public static byte[] copy(byte[] buf, int[] offsets, int[] lengths, int[] copyOffsets, int[] copyLengths) {
        int total = 0;
        for (int len : lengths) {
            total += Math.max(len, 0);
        }
        byte[] own = new byte[total];
        int p = 0;
        for (int i = 0; i < lengths.length; i++) {
            int len = lengths[i];
            copyLengths[i] = len;
            copyOffsets[i] = p;
            if (len > 0) {
                System.arraycopy(buf, offsets[i], own, p, len);
                p += len;
            }
        }
        return own;
    }
}
