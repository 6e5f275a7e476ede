package io.sluice.bench.kv;

import java.nio.file.Path;
import java.util.List;
import org.mapdb.DB;
import org.mapdb.DBMaker;
import org.mapdb.HTreeMap;
import org.mapdb.Serializer;

/** MapDB file store, memory-mapped, without its write-ahead log (the mode comparable to Chronicle). */
final class MapDbSystem implements KvSystem {
    private DB db;
    private HTreeMap<byte[], byte[]> map;
    private KvData data;

    @Override
    public String name() {
        return "mapdb";
    }

    @Override
    public void open(Path dir, KvData data) {
        this.data = data;
        db = DBMaker.fileDB(dir.resolve("seed.mapdb").toFile())
                .fileMmapEnableIfSupported()
                .closeOnJvmShutdown()
                .make();
        map = db.hashMap("seed", Serializer.BYTE_ARRAY, Serializer.BYTE_ARRAY).createOrOpen();
    }

    @Override
    public void put(int key, int value) {
        map.put(data.keys()[key], data.values()[value]);
    }

    @Override
    public Reader reader() {
        return key -> { // MapDB deserialises every value into a new array
            byte[] v = map.get(data.keys()[key]);
            return v == null ? -1 : v.length;
        };
    }

    @Override
    public void close() {
        db.close();
    }

    @Override
    public List<String> jvmFlags() {
        return List.of(
                "--sun-misc-unsafe-memory-access=allow",
                "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED");
    }
}
