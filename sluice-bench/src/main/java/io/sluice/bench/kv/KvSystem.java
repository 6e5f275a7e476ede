package io.sluice.bench.kv;

import java.nio.file.Path;

/** One store under test, as the seed workload sees it. get must be safe from several threads. */
interface KvSystem extends AutoCloseable {

    /** Stable system name used in the cells. */
    String name();

    /** Opens a fresh store in {@code dir} sized for {@code keys} keys of the seed workload. */
    void open(Path dir, int keys) throws Exception;

    void put(byte[] key, byte[] value) throws Exception;

    /** The value, or null. */
    byte[] get(byte[] key) throws Exception;

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
