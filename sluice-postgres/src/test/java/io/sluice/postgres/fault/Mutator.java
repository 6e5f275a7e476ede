package io.sluice.postgres.fault;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Damages a server script the way a broken server or network would: flipped and overwritten bytes, wrong
 * length fields (small, off by one, huge), truncation, duplicated, dropped, swapped and moved messages,
 * stray messages of every kind, and wrong counts in DataRow and RowDescription. Works on a copy; each
 * chunk is the list of whole messages sent at one step of the conversation.
 */
final class Mutator {
    private static final byte[][] STRAYS = {
        Wire.ready('I'),
        Wire.commandComplete("SELECT 1"),
        Wire.dataRow(List.of("x", "y", "z")),
        Wire.empty('1'),
        Wire.empty('2'),
        Wire.empty('3'),
        Wire.empty('n'),
        Wire.empty('s'),
        Wire.empty('I'),
        Wire.empty('c'),
        Wire.notice("stray"),
        Wire.parameterStatus("TimeZone", "UTC"),
        Wire.notification(7, "ch", "p"),
        Wire.error("XX000", "stray"),
        Wire.copyData("stray\n"),
        Wire.empty('@'),
        Wire.rowDescription(List.of("q")),
        Wire.backendKeyData(9, 9),
        Wire.authOk(),
        Wire.copyOutResponse(1),
        Wire.message('t', new byte[] {0, 0}),
    };

    private final SplittableRandom random;
    final List<String> applied = new ArrayList<>();

    Mutator(SplittableRandom random) {
        this.random = random;
    }

    /** One to three mutations on a deep copy of {@code chunks}. */
    List<List<byte[]>> mutate(List<List<byte[]>> chunks) {
        List<List<byte[]>> out = new ArrayList<>();
        for (List<byte[]> c : chunks) {
            List<byte[]> copy = new ArrayList<>();
            for (byte[] m : c) {
                copy.add(m.clone());
            }
            out.add(copy);
        }
        int n = 1 + random.nextInt(3);
        for (int i = 0; i < n; i++) {
            once(out);
        }
        return out;
    }

    private void once(List<List<byte[]>> chunks) {
        int ci = random.nextInt(chunks.size());
        List<byte[]> chunk = chunks.get(ci);
        if (chunk.isEmpty()) {
            chunk.add(stray());
            applied.add("stray into empty chunk " + ci);
            return;
        }
        int mi = random.nextInt(chunk.size());
        byte[] m = chunk.get(mi);
        if (m.length < 5) { // already cut short by an earlier mutation
            chunk.add(random.nextInt(chunk.size() + 1), stray());
            applied.add("stray chunk=" + ci + " at=" + mi);
            return;
        }
        switch (random.nextInt(11)) {
            case 0 -> {
                int at = random.nextInt(m.length);
                m[at] ^= (byte) (1 << random.nextInt(8));
                applied.add("flip bit chunk=" + ci + " msg=" + mi + " at=" + at);
            }
            case 1 -> {
                int at = random.nextInt(m.length);
                m[at] = (byte) random.nextInt(256);
                applied.add("set byte chunk=" + ci + " msg=" + mi + " at=" + at);
            }
            case 2 -> {
                int len = Reference.getInt(m, 1);
                int[] choices = {
                    0,
                    3,
                    4,
                    len - 1,
                    len + 1,
                    len + 1 + random.nextInt(64),
                    Integer.MAX_VALUE,
                    1 << 28,
                    -1,
                    random.nextInt()
                };
                int v = choices[random.nextInt(choices.length)];
                Wire.putInt(m, 1, v);
                applied.add("length chunk=" + ci + " msg=" + mi + " length=" + v);
            }
            case 3 -> {
                int cut = random.nextInt(m.length);
                chunk.set(mi, java.util.Arrays.copyOf(m, cut));
                while (chunk.size() > mi + 1) {
                    chunk.remove(chunk.size() - 1);
                }
                while (chunks.size() > ci + 1) {
                    chunks.remove(chunks.size() - 1);
                }
                applied.add("truncate chunk=" + ci + " msg=" + mi + " at=" + cut);
            }
            case 4 -> {
                chunk.add(random.nextInt(chunk.size() + 1), m.clone());
                applied.add("duplicate chunk=" + ci + " msg=" + mi);
            }
            case 5 -> {
                chunk.remove(mi);
                applied.add("drop chunk=" + ci + " msg=" + mi);
            }
            case 6 -> {
                if (mi + 1 < chunk.size()) {
                    chunk.set(mi, chunk.get(mi + 1));
                    chunk.set(mi + 1, m);
                }
                applied.add("swap chunk=" + ci + " msg=" + mi);
            }
            case 7 -> {
                chunk.remove(mi);
                int to = random.nextInt(chunks.size());
                List<byte[]> target = chunks.get(to);
                target.add(random.nextInt(target.size() + 1), m);
                applied.add("move chunk=" + ci + " msg=" + mi + " to chunk=" + to);
            }
            case 8 -> {
                chunk.add(random.nextInt(chunk.size() + 1), stray());
                applied.add("stray chunk=" + ci + " at=" + mi);
            }
            case 9 -> {
                if (m.length >= 7 && (m[0] == 'D' || m[0] == 'T' || m[0] == 't' || m[0] == 'H')) {
                    int at = m[0] == 'H' ? 6 : 5;
                    if (at + 2 <= m.length) {
                        int v = ((m[at] & 0xff) << 8 | (m[at + 1] & 0xff)) + (random.nextBoolean() ? 1 : -1);
                        if (random.nextInt(4) == 0) {
                            v = random.nextInt(65536);
                        }
                        m[at] = (byte) (v >>> 8);
                        m[at + 1] = (byte) v;
                    }
                    applied.add("count chunk=" + ci + " msg=" + mi);
                } else {
                    m[random.nextInt(m.length)] ^= 0x40;
                    applied.add("xor chunk=" + ci + " msg=" + mi);
                }
            }
            default -> {
                // A header declaring 256 MiB, then nothing more: memory must follow the bytes, not the claim.
                byte[] header = {m[0], 0, 0, 0, 0};
                Wire.putInt(header, 1, 1 << 28);
                chunk.set(mi, header);
                while (chunk.size() > mi + 1) {
                    chunk.remove(chunk.size() - 1);
                }
                while (chunks.size() > ci + 1) {
                    chunks.remove(chunks.size() - 1);
                }
                applied.add("huge length then silence chunk=" + ci + " msg=" + mi);
            }
        }
    }

    private byte[] stray() {
        return STRAYS[random.nextInt(STRAYS.length)].clone();
    }
}
