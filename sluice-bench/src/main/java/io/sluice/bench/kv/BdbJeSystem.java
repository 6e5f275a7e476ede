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
    private KvData data;
    private final DatabaseEntry putKey = new DatabaseEntry();
    private final DatabaseEntry putValue = new DatabaseEntry();

    @Override
    public String name() {
        return "bdb-je";
    }

    @Override
    public void open(Path dir, KvData data) {
        this.data = data;
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
    public void put(int key, int value) {
        putKey.setData(data.keys()[key]);
        putValue.setData(data.values()[value]);
        db.put(null, putKey, putValue);
    }

    @Override
    public Reader reader() {
        // Entries reused; JE still allocates each value it returns (its API has no caller-owned buffer).
        DatabaseEntry k = new DatabaseEntry();
        DatabaseEntry v = new DatabaseEntry();
        return key -> {
            k.setData(data.keys()[key]);
            return db.get(null, k, v, LockMode.READ_UNCOMMITTED) == OperationStatus.SUCCESS ? v.getSize() : -1;
        };
    }

    @Override
    public void close() {
        db.close();
        env.close();
    }
}
