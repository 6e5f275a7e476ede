package io.sluice.bench.kv;

import org.mapdb.DB;
import org.mapdb.DBMaker;
import org.mapdb.HTreeMap;
import org.mapdb.Serializer;

import java.nio.file.Path;
import java.util.List;

/** MapDB file store, memory-mapped, without its write-ahead log (the mode comparable to Chronicle). */
final class MapDbSystem implements KvSystem {
    private DB db;
    private HTreeMap<byte[], byte[]> map;

    @Override
    public String name() { return "mapdb"; }

    @Override
    public void open(Path dir, int keys) {
        db = DBMaker.fileDB(dir.resolve("seed.mapdb").toFile()).fileMmapEnableIfSupported().closeOnJvmShutdown().make();
        map = db.hashMap("seed", Serializer.BYTE_ARRAY, Serializer.BYTE_ARRAY).createOrOpen();
    }

    @Override
    public void put(byte[] key, byte[] value) {
        map.put(key, value);
    }

    @Override
    public byte[] get(byte[] key) {
        return map.get(key);
    }

    @Override
    public void close() {
        db.close();
    }

    @Override
    public List<String> jvmFlags() {
        return List.of("--sun-misc-unsafe-memory-access=allow", "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED");
    }
}
