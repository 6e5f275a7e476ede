package io.sluice.bench.kv;

import com.sleepycat.je.Database;
import com.sleepycat.je.DatabaseConfig;
import com.sleepycat.je.DatabaseEntry;
import com.sleepycat.je.Durability;
import com.sleepycat.je.Environment;
import com.sleepycat.je.EnvironmentConfig;
import com.sleepycat.je.LockMode;
import com.sleepycat.je.OperationStatus;

import java.nio.file.Path;

/** Berkeley DB JE as in the Krati paper: transactional, NO_SYNC commits, cache 50% of the heap. */
final class BdbJeSystem implements KvSystem {
    private Environment env;
    private Database db;

    @Override
    public String name() { return "bdb-je"; }

    @Override
    public void open(Path dir, int keys) {
        EnvironmentConfig ec = new EnvironmentConfig();
        ec.setAllowCreate(true);
        ec.setTransactional(true);
        ec.setCachePercent(50);
        ec.setDurability(Durability.COMMIT_NO_SYNC);
        env = new Environment(dir.toFile(), ec);
        DatabaseConfig dc = new DatabaseConfig();
        dc.setAllowCreate(true);
        dc.setTransactional(true);
        db = env.openDatabase(null, "seed", dc);
    }

    @Override
    public void put(byte[] key, byte[] value) {
        db.put(null, new DatabaseEntry(key), new DatabaseEntry(value));
    }

    @Override
    public byte[] get(byte[] key) {
        DatabaseEntry v = new DatabaseEntry();
        return db.get(null, new DatabaseEntry(key), v, LockMode.READ_UNCOMMITTED) == OperationStatus.SUCCESS ? v.getData() : null;
    }

    @Override
    public void close() {
        db.close();
        env.close();
    }
}
