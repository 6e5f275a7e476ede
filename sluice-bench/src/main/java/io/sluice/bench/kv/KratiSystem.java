package io.sluice.bench.kv;

import krati.core.segment.MemorySegmentFactory;
import krati.store.DynamicDataStore;

import java.nio.file.Path;

/** Krati's DynamicDataStore with MemorySegment, as in the Krati paper (it never fsyncs its redo files). */
final class KratiSystem implements KvSystem {
    private DynamicDataStore store;

    @Override
    public String name() { return "krati"; }

    @Override
    public void open(Path dir, int keys) throws Exception {
        int initLevel = Math.max(2, 32 - Integer.numberOfLeadingZeros(Math.max(1, keys / 65536)));
        store = new DynamicDataStore(dir.toFile(), initLevel, 10000, 5, 64, new MemorySegmentFactory());
    }

    @Override
    public void put(byte[] key, byte[] value) throws Exception {
        store.put(key, value);
    }

    @Override
    public byte[] get(byte[] key) {
        return store.get(key);
    }

    @Override
    public void endOfWrites() throws Exception {
        store.persist();
    }

    @Override
    public void close() throws Exception {
        store.close();
    }
}
