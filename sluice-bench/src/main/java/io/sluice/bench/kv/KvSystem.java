package io.sluice.bench.kv;

import java.nio.file.Path;

/**
 * One store under test, as the seed workload sees it. Operations name keys and values by their index
 * in the run's {@link KvData}, so a store whose API takes other forms (memory segments, direct buffers)
 * can prepare them once at open instead of converting per operation; each store uses the cheapest form
 * its API offers.
 */
interface KvSystem extends AutoCloseable {

    /** Stable system name used in the cells. */
    String name();

    /** Opens a fresh store in {@code dir} for the keys and values of {@code data}. */
    void open(Path dir, KvData data) throws Exception;

    /** Puts value {@code value} of the data under key {@code key}. Called from one thread at a time. */
    void put(int key, int value) throws Exception;

    /** A reader for one thread; {@link Reader#read} may reuse buffers of its own. */
    Reader reader();

    /** Reads on one thread. */
    interface Reader {
        /** Reads the value of key {@code key}; returns its length, or -1 when absent. */
        int read(int key) throws Exception;
    }

    /** Called once a write phase ends: makes its writes as durable as the system's mode promises. */
    default void endOfWrites() throws Exception {}

    /** Called before the disk footprint is measured: lets background compaction settle where there is a knob. */
    default void settle() throws Exception {}

    @Override
    void close() throws Exception;

    /** Extra JVM flags of the child that runs this system. */
    default java.util.List<String> jvmFlags() {
        return java.util.List.of();
    }

    static KvSystem named(String name) {
        return switch (name) {
            case "sluice-kv-group-commit" -> new SluiceKvSystem(true);
            case "sluice-kv-nofsync" -> new SluiceKvSystem(false);
            case "bdb-je" -> new BdbJeSystem();
            case "krati" -> new KratiSystem();
            case "chronicle-map" -> new ChronicleMapSystem();
            case "lmdb" -> new LmdbSystem();
            case "rocksdb" -> new RocksDbSystem();
            case "mapdb" -> new MapDbSystem();
            default -> throw new IllegalArgumentException("unknown kv system: name=" + name);
        };
    }
}
