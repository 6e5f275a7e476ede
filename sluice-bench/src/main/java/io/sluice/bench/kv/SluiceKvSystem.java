package io.sluice.bench.kv;

import io.sluice.kv.Durability;
import io.sluice.kv.KvOptions;
import io.sluice.kv.KvStore;

import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * Sluice KV in either of its two benchmarked modes: group-commit fsync (every put is fsynced within
 * about a millisecond by the group-commit thread; the phase's time includes waiting for the last one),
 * or no fsync (page cache only, the mode comparable to Chronicle Map and MapDB). Uses the
 * {@link MemorySegment} overloads (keys and values wrapped once at open, reads copied into a reused
 * buffer), so neither a put nor a get allocates.
 */
final class SluiceKvSystem implements KvSystem {
    private final boolean groupCommit;
    private final Durability durability;
    private KvStore store;
    private MemorySegment[] keys;
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

    @Override
    public void open(Path dir, KvData data) {
        keys = new MemorySegment[data.keys().length];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = MemorySegment.ofArray(data.keys()[i]);
        }
        values = new MemorySegment[data.values().length];
        for (int i = 0; i < values.length; i++) {
            values[i] = MemorySegment.ofArray(data.values()[i]);
        }
        store = KvStore.open(dir, KvOptions.defaults().withDurability(durability));
    }

    @Override
    public void put(int key, int value) {
        lastSeq = store.put(keys[key], values[value], durability);
    }

    @Override
    public Reader reader() {
        MemorySegment dst = MemorySegment.ofArray(new byte[4096]);
        return key -> (int) store.get(keys[key], dst);
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
