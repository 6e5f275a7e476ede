package io.sluice.bench.kv;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.Txn;

/** LMDB through lmdbjava, MDB_NOSYNC (the OS flushes); the map size has to be declared up front. */
final class LmdbSystem implements KvSystem {
    private Env<ByteBuffer> env;
    private Dbi<ByteBuffer> db;
    private KvData data;
    private final ByteBuffer putKey = ByteBuffer.allocateDirect(511);
    private final ByteBuffer putValue = ByteBuffer.allocateDirect(4096);

    @Override
    public String name() {
        return "lmdb";
    }

    @Override
    public void open(Path dir, KvData data) {
        this.data = data;
        long mapSize = Math.max(64L << 20, (long) data.keys().length * 4096);
        env = Env.create()
                .setMapSize(mapSize)
                .setMaxDbs(1)
                .setMaxReaders(16)
                .open(dir.toFile(), EnvFlags.MDB_NOSYNC, EnvFlags.MDB_NOMETASYNC);
        db = env.openDbi("seed", DbiFlags.MDB_CREATE);
    }

    @Override
    public void put(int key, int value) {
        db.put(
                putKey.clear().put(data.keys()[key]).flip(),
                putValue.clear().put(data.values()[value]).flip());
    }

    @Override
    public Reader reader() {
        ByteBuffer k = ByteBuffer.allocateDirect(511);
        byte[] dst = new byte[4096];
        return key -> {
            k.clear().put(data.keys()[key]).flip();
            try (Txn<ByteBuffer> txn = env.txnRead()) { // lmdbjava allocates its Txn per read
                ByteBuffer v = db.get(txn, k);
                if (v == null) {
                    return -1;
                }
                int n = v.remaining();
                v.get(dst, 0, n);
                return n;
            }
        };
    }

    @Override
    public void endOfWrites() {
        env.sync(false);
    }

    @Override
    public void close() {
        db.close();
        env.close();
    }

    @Override
    public List<String> jvmFlags() {
        return List.of(
                "--enable-native-access=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow",
                "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED");
    }
}
