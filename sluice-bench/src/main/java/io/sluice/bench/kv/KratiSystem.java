package io.sluice.bench.kv;

import java.nio.file.Path;
import krati.core.segment.MemorySegmentFactory;
import krati.store.DynamicDataStore;

/** Krati's DynamicDataStore with MemorySegment, as in the Krati paper (it never fsyncs its redo files). */
final class KratiSystem implements KvSystem {
    private DynamicDataStore store;
    private KvData data;

    @Override
    public String name() {
        return "krati";
    }

    @Override
    public void open(Path dir, KvData data) throws Exception {
        this.data = data;
        int keys = data.keys().length;
        int initLevel = Math.max(2, 32 - Integer.numberOfLeadingZeros(Math.max(1, keys / 65536)));
        store = new DynamicDataStore(dir.toFile(), initLevel, 10000, 5, 64, new MemorySegmentFactory());
    }

    @Override
    public void put(int key, int value) throws Exception {
        store.put(data.keys()[key], data.values()[value]);
    }

    @Override
    public Reader reader() {
        return key -> { // Krati's get returns a new array (no caller-owned buffer)
            byte[] v = store.get(data.keys()[key]);
            return v == null ? -1 : v.length;
        };
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
