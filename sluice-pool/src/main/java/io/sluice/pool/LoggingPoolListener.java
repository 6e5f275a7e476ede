package io.sluice.pool;

import io.sluice.SluiceException;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The default {@link PoolListener}: one {@link System.Logger} named {@code io.sluice.pool}. Creation
 * failures are logged at WARNING at most once per 10 seconds per pool (the pool retries several times a
 * second while the server is down); the others are logged at DEBUG, as are new connections.
 */
final class LoggingPoolListener implements PoolListener {
    private static final System.Logger LOG = System.getLogger("io.sluice.pool");
    private static final long FAILURE_LOG_INTERVAL_NANOS = 10_000_000_000L;
    private final Map<String, Long> lastFailureLogged = new ConcurrentHashMap<>();

    @Override
    public void onLeak(ConnectionLeakException trace) {
        LOG.log(Level.WARNING, trace.getMessage(), trace);
    }

    @Override
    public void onRolledBack(String poolName, String borrower) {
        LOG.log(
                Level.WARNING,
                "connection returned with an open transaction, rolled back: pool={0}, borrower={1}",
                poolName,
                borrower);
    }

    @Override
    public void onEvicted(String poolName, String reason, Throwable cause) {
        if (cause == null) {
            LOG.log(Level.DEBUG, "connection evicted: pool={0}, reason={1}", poolName, reason);
        } else {
            LOG.log(Level.INFO, "connection evicted: pool=" + poolName + ", reason=" + reason, cause);
        }
    }

    @Override
    public void onCreated(String poolName) {
        LOG.log(Level.DEBUG, "connection opened: pool={0}", poolName);
    }

    @Override
    public void onCreationFailure(String poolName, SluiceException failure) {
        long now = System.nanoTime();
        Long last = lastFailureLogged.get(poolName);
        if (last == null || now - last > FAILURE_LOG_INTERVAL_NANOS) {
            lastFailureLogged.put(poolName, now);
            LOG.log(
                    Level.WARNING,
                    "connection could not be opened, retrying while borrowers wait: pool=" + poolName,
                    failure);
        } else {
            LOG.log(
                    Level.DEBUG,
                    "connection could not be opened: pool={0}, failure={1}",
                    poolName,
                    failure.getMessage());
        }
    }
}
