package io.sluice.bench.kv;

import io.sluice.kv.Durability;
import io.sluice.kv.KvOptions;
import io.sluice.kv.KvStore;

import java.nio.file.Path;

/**
 * Sluice KV in either of its two benchmarked modes: group-commit fsync (every put is fsynced within
 * about a millisecond by the group-commit thread; the phase's time includes waiting for the last one),
 * or no fsync (page cache only, the mode comparable to Chronicle Map and MapDB).
 */
final class SluiceKvSystem implements KvSystem {
    private final boolean groupCommit;
    private KvStore store;
    private long lastSeq;

    SluiceKvSystem(boolean groupCommit) {
        this.groupCommit = groupCommit;
    }

    @Override
    public String name() {
        return groupCommit ? "sluice-kv-group-commit" : "sluice-kv-nofsync";
    }

    @Override
    public void open(Path dir, int keys) {
        store = KvStore.open(dir, KvOptions.defaults()
                .withDurability(groupCommit ? Durability.GROUP_COMMIT : Durability.NONE));
    }

    @Override
    public void put(byte[] key, byte[] value) {
        lastSeq = store.put(key, value);
    }

    @Override
    public byte[] get(byte[] key) {
        return store.get(key);
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
