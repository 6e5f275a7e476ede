package io.sluice.pool;

import io.sluice.SluiceException;
import java.lang.System.Logger.Level;

/** The default {@link PoolListener}: one {@link System.Logger} named {@code io.sluice.pool}. */
final class LoggingPoolListener implements PoolListener {
    private static final System.Logger LOG = System.getLogger("io.sluice.pool");

    @Override
    public void onLeak(ConnectionLeakException trace) {
        LOG.log(Level.WARNING, trace.getMessage(), trace);
    }

    @Override
    public void onRolledBack(String poolName, String borrower) {
        LOG.log(Level.WARNING, "connection returned with an open transaction, rolled back: pool={0}, borrower={1}",
                poolName, borrower);
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
    public void onCreationFailure(String poolName, SluiceException failure) {
        LOG.log(Level.INFO, "connection could not be opened: pool=" + poolName, failure);
    }
}
