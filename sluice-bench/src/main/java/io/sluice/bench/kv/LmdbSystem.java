package io.sluice.bench.kv;

import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.Txn;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

/** LMDB through lmdbjava, MDB_NOSYNC (the OS flushes); the map size has to be declared up front. */
final class LmdbSystem implements KvSystem {
    private Env<ByteBuffer> env;
    private Dbi<ByteBuffer> db;
    private final ThreadLocal<ByteBuffer[]> buffers = ThreadLocal.withInitial(
            () -> new ByteBuffer[] {ByteBuffer.allocateDirect(511), ByteBuffer.allocateDirect(4096)});

    @Override
    public String name() { return "lmdb"; }

    @Override
    public void open(Path dir, int keys) {
        long mapSize = Math.max(64L << 20, (long) keys * 4096);
        env = Env.create().setMapSize(mapSize).setMaxDbs(1).setMaxReaders(16)
                .open(dir.toFile(), EnvFlags.MDB_NOSYNC, EnvFlags.MDB_NOMETASYNC);
        db = env.openDbi("seed", DbiFlags.MDB_CREATE);
    }

    @Override
    public void put(byte[] key, byte[] value) {
        ByteBuffer[] b = buffers.get();
        ByteBuffer k = b[0].clear().put(key).flip();
        ByteBuffer v = b[1].clear().put(value).flip();
        db.put(k, v);
    }

    @Override
    public byte[] get(byte[] key) {
        ByteBuffer k = buffers.get()[0].clear().put(key).flip();
        try (Txn<ByteBuffer> txn = env.txnRead()) {
            ByteBuffer v = db.get(txn, k);
            if (v == null) {
                return null;
            }
            byte[] out = new byte[v.remaining()];
            v.get(out);
            return out;
        }
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
        return List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
                "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED");
    }
}
