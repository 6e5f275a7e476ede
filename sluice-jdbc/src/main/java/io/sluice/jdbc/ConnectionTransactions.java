package io.sluice.jdbc;

import io.sluice.sql.SqlDialect;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.time.Duration;

/**
 * The transaction half of {@link SluiceConnection}: auto-commit, commit, rollback and savepoints.
 * With auto-commit off the native transaction begins with the first statement that runs
 * ({@link #beforeRequest}), not when auto-commit is switched off; savepoints are numbered per
 * connection and named on the server by {@link SluiceSavepoint}.
 */
abstract class ConnectionTransactions extends ConnectionSettings {
    private int savepoints;

    ConnectionTransactions(String url, String user, SqlDialect dialect) {
        super(url, user, dialect);
    }

    /** Readies the native connection for a request (see {@link SluiceConnection#beforeRequest}). */
    abstract void beforeRequest(Duration timeout) throws SQLException;

    /** Reads the live result set, if any, into memory so the connection is free. */
    abstract void detachLive() throws SQLException;

    /** Where the server's notices go while a connection-level command runs. */
    abstract Warnings warnings();

    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        checkOpen();
        if (autoCommit && !this.autoCommit && inTransaction()) {
            commit(); // JDBC: switching auto-commit on commits the open transaction
        }
        this.autoCommit = autoCommit;
    }

    @Override
    public void commit() throws SQLException {
        checkOpen();
        if (autoCommit) {
            throw new SQLException("commit() with auto-commit on: call setAutoCommit(false) first", "25000");
        }
        detachLive();
        try {
            if (nativeForSettings().inTransaction()) {
                ScopedValue.where(Warnings.CURRENT, warnings()).run(nativeForSettings()::commit);
            }
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public void rollback() throws SQLException {
        checkOpen();
        if (autoCommit) {
            throw new SQLException("rollback() with auto-commit on: call setAutoCommit(false) first", "25000");
        }
        detachLive();
        try {
            nativeForSettings().rollback();
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public Savepoint setSavepoint() throws SQLException {
        return savepoint(null);
    }

    @Override
    public Savepoint setSavepoint(String name) throws SQLException {
        if (name == null) {
            throw new SQLException("savepoint name must not be null", "3B000");
        }
        return savepoint(name);
    }

    private Savepoint savepoint(String name) throws SQLException {
        checkOpen();
        if (autoCommit) {
            throw new SQLException("savepoints need a transaction: call setAutoCommit(false) first", "3B000");
        }
        beforeRequest(null);
        SluiceSavepoint sp = new SluiceSavepoint(++savepoints, name);
        runSettingSql("SAVEPOINT " + quoteIdentifier(sp.serverName()));
        return sp;
    }

    @Override
    public void rollback(Savepoint savepoint) throws SQLException {
        checkOpen();
        runSettingSql("ROLLBACK TO SAVEPOINT "
                + quoteIdentifier(SluiceSavepoint.of(savepoint).serverName()));
    }

    @Override
    public void releaseSavepoint(Savepoint savepoint) throws SQLException {
        checkOpen();
        runSettingSql("RELEASE SAVEPOINT "
                + quoteIdentifier(SluiceSavepoint.of(savepoint).serverName()));
    }
}
