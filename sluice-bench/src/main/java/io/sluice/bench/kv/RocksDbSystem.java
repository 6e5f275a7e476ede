package io.sluice.bench.kv;

import java.nio.file.Path;
import java.util.List;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.WriteOptions;

/** RocksDB JNI with its defaults: WAL on, no fsync per write. */
final class RocksDbSystem implements KvSystem {
    private Options options;
    private WriteOptions writeOptions;
    private RocksDB db;
    private KvData data;

    @Override
    public String name() {
        return "rocksdb";
    }

    @Override
    public void open(Path dir, KvData data) throws Exception {
        this.data = data;
        RocksDB.loadLibrary();
        options = new Options().setCreateIfMissing(true);
        writeOptions = new WriteOptions();
        db = RocksDB.open(options, dir.toString());
    }

    @Override
    public void put(int key, int value) throws Exception {
        db.put(writeOptions, data.keys()[key], data.values()[value]);
    }

    @Override
    public Reader reader() {
        byte[] dst = new byte[4096];
        return key -> db.get(data.keys()[key], dst); // copies into dst; RocksDB.NOT_FOUND is -1
    }

    @Override
    public void endOfWrites() throws Exception {
        db.flushWal(false);
    }

    @Override
    public void settle() throws Exception {
        db.compactRange();
    }

    @Override
    public void close() {
        db.close();
        writeOptions.close();
        options.close();
    }

    @Override
    public List<String> jvmFlags() {
        return List.of("--enable-native-access=ALL-UNNAMED");
    }
}
