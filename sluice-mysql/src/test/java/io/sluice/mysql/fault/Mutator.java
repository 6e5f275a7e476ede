package io.sluice.mysql.fault;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded, packet-aware mutations of a valid server byte stream: byte flips and interesting bytes, changed lengths
 * and sequence ids, truncation, duplicated, dropped and swapped packets, bytes added to or removed from a payload
 * (with its length fixed, so the framing stays valid and the payload is wrong), huge declared lengths, column
 * counts off by one, trailing garbage. Each call applies one mutation and names it.
 */
final class Mutator {
    private static final int[] INTERESTING = {0x00, 0x01, 0x02, 0x05, 0x0c, 0x7f, 0x80, 0xfb, 0xfc, 0xfd, 0xfe, 0xff};

    private Mutator() {}

    /** A mutated stream and what was done to it. */
    record Mutation(byte[] bytes, String what) {}

    /** Start offsets of the packets in {@code b} (stops at a truncated header). */
    static List<Integer> packets(byte[] b) {
        List<Integer> starts = new ArrayList<>();
        int p = 0;
        while (p + 4 <= b.length) {
            starts.add(p);
            int n = (b[p] & 0xff) | (b[p + 1] & 0xff) << 8 | (b[p + 2] & 0xff) << 16;
            p += 4 + n;
        }
        return starts;
    }

    static Mutation mutate(byte[] valid, Random r, boolean headersOnly) {
        byte[] b = valid.clone();
        List<Integer> ps = packets(b);
        int k = ps.get(r.nextInt(ps.size()));
        int len = (b[k] & 0xff) | (b[k + 1] & 0xff) << 8 | (b[k + 2] & 0xff) << 16;
        int op = headersOnly ? 2 + r.nextInt(3) : r.nextInt(13);
        switch (op) {
            case 0 -> {
                int i = r.nextInt(b.length);
                b[i] ^= (byte) (1 + r.nextInt(255));
                return new Mutation(b, "flip byte " + i);
            }
            case 1 -> {
                int i = r.nextInt(b.length);
                b[i] = (byte) INTERESTING[r.nextInt(INTERESTING.length)];
                return new Mutation(b, "byte " + i + "=" + (b[i] & 0xff));
            }
            case 2 -> {
                int n =
                        switch (r.nextInt(4)) {
                            case 0 -> Math.max(0, len - 1 - r.nextInt(3));
                            case 1 -> len + 1 + r.nextInt(3);
                            case 2 -> 0xffffff;
                            default -> r.nextInt(1 << 24);
                        };
                b[k] = (byte) n;
                b[k + 1] = (byte) (n >>> 8);
                b[k + 2] = (byte) (n >>> 16);
                return new Mutation(b, "length of packet at " + k + "=" + n);
            }
            case 3 -> {
                b[k + 3] += (byte) (r.nextBoolean() ? 1 : -1 - r.nextInt(3));
                return new Mutation(b, "sequence of packet at " + k);
            }
            case 4 -> {
                int cut = r.nextInt(b.length);
                return new Mutation(java.util.Arrays.copyOf(b, cut), "truncated at " + cut);
            }
            case 5, 6, 7 -> {
                List<byte[]> list = split(b, ps);
                int i = ps.indexOf(k);
                String what;
                if (op == 5) {
                    list.add(i, list.get(i).clone());
                    what = "duplicated packet " + i;
                } else if (op == 6) {
                    list.remove(i);
                    what = "dropped packet " + i;
                } else if (i + 1 < list.size()) {
                    list.add(i + 1, list.remove(i));
                    what = "swapped packets " + i + "," + (i + 1);
                } else {
                    list.add(new byte[] {1, 0, 0, b[k + 3], 0});
                    what = "appended a packet";
                }
                return new Mutation(join(list), what);
            }
            case 8, 9 -> {
                if (len == 0 || k + 4 + len > b.length) {
                    return mutate(valid, r, headersOnly);
                }
                int at = k + 4 + r.nextInt(len);
                int delta = op == 8 ? 1 + r.nextInt(3) : -Math.min(len - 1 < 1 ? 1 : len - 1, 1 + r.nextInt(3));
                ByteArrayOutputStream o = new ByteArrayOutputStream();
                o.write(b, 0, at);
                if (delta > 0) {
                    for (int i = 0; i < delta; i++) {
                        o.write(INTERESTING[r.nextInt(INTERESTING.length)]);
                    }
                    o.write(b, at, b.length - at);
                } else {
                    int drop = Math.min(-delta, k + 4 + len - at);
                    o.write(b, at + drop, b.length - at - drop);
                    delta = -drop;
                }
                byte[] m = o.toByteArray();
                int n = len + delta;
                m[k] = (byte) n;
                m[k + 1] = (byte) (n >>> 8);
                m[k + 2] = (byte) (n >>> 16);
                return new Mutation(m, (delta > 0 ? "added " : "removed ") + Math.abs(delta) + " bytes at " + at);
            }
            case 10 -> {
                int first = ps.get(0) + 4;
                if (first >= b.length) {
                    return mutate(valid, r, headersOnly);
                }
                b[first] += (byte) (r.nextBoolean() ? 1 : -1);
                return new Mutation(b, "first payload byte (count) off by one");
            }
            case 11 -> {
                byte[] m = java.util.Arrays.copyOf(b, b.length + 1 + r.nextInt(8));
                for (int i = b.length; i < m.length; i++) {
                    m[i] = (byte) r.nextInt(256);
                }
                return new Mutation(m, "trailing garbage");
            }
            default -> {
                // several flips in one packet's payload
                for (int j = 0; j < 3 && len > 0 && k + 4 + len <= b.length; j++) {
                    b[k + 4 + r.nextInt(len)] = (byte) r.nextInt(256);
                }
                return new Mutation(b, "3 random bytes in packet at " + k);
            }
        }
    }

    private static List<byte[]> split(byte[] b, List<Integer> starts) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < starts.size(); i++) {
            int end = i + 1 < starts.size() ? starts.get(i + 1) : b.length;
            out.add(java.util.Arrays.copyOfRange(b, starts.get(i), Math.min(end, b.length)));
        }
        return out;
    }

    private static byte[] join(List<byte[]> parts) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        parts.forEach(o::writeBytes);
        return o.toByteArray();
    }
}
