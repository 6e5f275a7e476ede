package io.sluice.types;

import io.sluice.ValueConversionException;
import java.util.Arrays;
import java.util.BitSet;

/**
 * A string of bits with its exact length, as SQL's {@code bit(n)} and {@code bit varying} hold it.
 * {@link BitSet} alone cannot say how many trailing zero bits a value has ({@code B'1000'} and
 * {@code B'1'} are the same BitSet), so the length is kept beside the bits. Immutable.
 *
 * <p>Bit 0 is the leftmost bit of the SQL literal, as in {@code get_bit}.
 */
public final class BitString {
    private final int length;
    private final byte[] bytes; // bit i is bytes[i / 8] bit (7 - i % 8); bits past length are 0

    private BitString(int length, byte[] bytes) {
        this.length = length;
        this.bytes = bytes;
    }

    /**
     * Parses a string of {@code 0} and {@code 1} characters, leftmost first.
     *
     * @throws ValueConversionException on any other character
     */
    public static BitString parse(CharSequence bits) {
        byte[] b = new byte[(bits.length() + 7) / 8];
        for (int i = 0; i < bits.length(); i++) {
            char c = bits.charAt(i);
            if (c == '1') {
                b[i >> 3] |= (byte) (0x80 >>> (i & 7));
            } else if (c != '0') {
                throw new ValueConversionException("not a bit string: value=" + bits);
            }
        }
        return new BitString(bits.length(), b);
    }

    /**
     * {@code length} bits packed as PostgreSQL sends them, most significant bit first.
     *
     * @throws IllegalArgumentException if {@code bytes} is not exactly {@code ceil(length / 8)} long
     */
    public static BitString of(int length, byte[] bytes) {
        if (length < 0 || bytes.length != (length + 7) / 8) {
            throw new IllegalArgumentException(
                    "bit string size mismatch: length=" + length + ", bytes=" + bytes.length);
        }
        byte[] copy = bytes.clone();
        if ((length & 7) != 0) {
            copy[copy.length - 1] &= (byte) (0xFF << (8 - (length & 7))); // bits past the end are zero
        }
        return new BitString(length, copy);
    }

    /** The bits of {@code set} from 0 to {@code length - 1}. */
    public static BitString of(BitSet set, int length) {
        byte[] b = new byte[(length + 7) / 8];
        for (int i = set.nextSetBit(0); i >= 0 && i < length; i = set.nextSetBit(i + 1)) {
            b[i >> 3] |= (byte) (0x80 >>> (i & 7));
        }
        return new BitString(length, b);
    }

    /** Number of bits. */
    public int length() {
        return length;
    }

    /** Bit {@code index} (0 = leftmost). */
    public boolean get(int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException("bit index out of range: index=" + index + ", length=" + length);
        }
        return (bytes[index >> 3] & (0x80 >>> (index & 7))) != 0;
    }

    /** The bits packed most significant first, {@code ceil(length / 8)} bytes (a copy). */
    public byte[] toByteArray() {
        return bytes.clone();
    }

    /** The set bits as a BitSet (bit 0 = leftmost); the length is lost. */
    public BitSet toBitSet() {
        BitSet s = new BitSet(length);
        for (int i = 0; i < length; i++) {
            if (get(i)) {
                s.set(i);
            }
        }
        return s;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BitString b && length == b.length && Arrays.equals(bytes, b.bytes);
    }

    @Override
    public int hashCode() {
        return 31 * length + Arrays.hashCode(bytes);
    }

    /** The bits as {@code 0}/{@code 1} characters, leftmost first, as PostgreSQL writes them. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            s.append(get(i) ? '1' : '0');
        }
        return s.toString();
    }
}
