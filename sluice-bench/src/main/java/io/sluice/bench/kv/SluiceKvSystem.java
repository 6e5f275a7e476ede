package io.sluice.bench.kv;

import io.sluice.kv.Durability;
import io.sluice.kv.KvOptions;
import io.sluice.kv.KvStore;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.List;

/**
 * Sluice KV in either of its two benchmarked modes: group-commit fsync (every put is fsynced within
 * about a millisecond by the group-commit thread; the phase's time includes waiting for the last one),
 * or no fsync (page cache only, the mode comparable to Chronicle Map and MapDB). Uses the
 * {@link MemorySegment} overloads: keys packed back to back in one segment at open and named by offset
 * and length (a key costs one cache line or two, as a peer's {@code byte[]} does, not a wrapper object
 * plus its array), values wrapped once at open, reads copied into a reused buffer; so neither a put nor
 * a get allocates.
 */
final class SluiceKvSystem implements KvSystem {
    private final boolean groupCommit;
    private final Durability durability;
    private KvStore store;
    /** Every key, back to back: key i is {@code keys[keyOffsets[i], keyOffsets[i + 1])}. */
    private MemorySegment keys;

    private int[] keyOffsets;
    private MemorySegment[] values;
    private long lastSeq;

    SluiceKvSystem(boolean groupCommit) {
        this.groupCommit = groupCommit;
        this.durability = groupCommit ? Durability.GROUP_COMMIT : Durability.NONE;
    }

    @Override
    public String name() {
        return groupCommit ? "sluice-kv-group-commit" : "sluice-kv-nofsync";
    }

    /** Native access lets the store map its segments with huge pages ({@code KvOptions.hugePages}, on by default). */
    @Override
    public List<String> jvmFlags() {
        return List.of("--enable-native-access=ALL-UNNAMED");
    }

    @Override
    public void open(Path dir, KvData data) {
        byte[][] k = data.keys();
        keyOffsets = new int[k.length + 1];
        for (int i = 0; i < k.length; i++) {
            keyOffsets[i + 1] = keyOffsets[i] + k[i].length;
        }
        byte[] packed = new byte[keyOffsets[k.length]];
        for (int i = 0; i < k.length; i++) {
            System.arraycopy(k[i], 0, packed, keyOffsets[i], k[i].length);
        }
        keys = MemorySegment.ofArray(packed);
        values = new MemorySegment[data.values().length];
        for (int i = 0; i < values.length; i++) {
            values[i] = MemorySegment.ofArray(data.values()[i]);
        }
        store = KvStore.open(dir, KvOptions.defaults().withDurability(durability));
    }

    @Override
    public void put(int key, int value) {
        int at = keyOffsets[key];
        lastSeq = store.put(keys, at, keyOffsets[key + 1] - at, values[value], durability);
    }

    @Override
    public Reader reader() {
        MemorySegment dst = MemorySegment.ofArray(new byte[4096]);
        return key -> {
            int at = keyOffsets[key];
            return (int) store.get(keys, at, keyOffsets[key + 1] - at, dst);
        };
    }

    @Override
    public void endOfWrites() {
        if (groupCommit) {
            store.awaitDurable(lastSeq);
        }
    }

    @Override
    public void settle() {
        store.compact();
    }

    @Override
    public void close() {
        store.close();
    }
}
