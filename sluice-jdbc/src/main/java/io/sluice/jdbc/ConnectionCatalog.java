package io.sluice.jdbc;

import io.sluice.ConnectionException;
import io.sluice.jdbc.metadata.SluiceDatabaseMetaData;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;

/**
 * The catalog side of a {@link SluiceConnection}: its {@link DatabaseMetaData} and PostgreSQL's
 * result-column sources ({@link PgColumnSources}), each made on first use over a view of the native
 * connection that frees it before every call.
 */
final class ConnectionCatalog {
    private final SluiceConnection connection;
    private DatabaseMetaData metaData; // made on first use
    private PgColumnSources columnSources; // made on first use

    ConnectionCatalog(SluiceConnection connection) {
        this.connection = connection;
    }

    DatabaseMetaData metaData() {
        DatabaseMetaData m = metaData;
        if (m == null) {
            m = new SluiceDatabaseMetaData(connection, catalogConnection(), connection.url(), connection.user());
            metaData = m;
        }
        return m;
    }

    /** PostgreSQL result columns' catalog answers, cached for the connection (see {@link SluiceResultSetMetaData}). */
    synchronized PgColumnSources columnSources() {
        PgColumnSources s = columnSources;
        if (s == null) {
            s = new PgColumnSources(catalogConnection());
            columnSources = s;
        }
        return s;
    }

    /**
     * The native connection as the catalog queries see it: each call first reads a live result set into
     * memory ({@link SluiceConnection#detachLive()}), since an open native stream holds the connection
     * and a catalog query from the same thread would wait for it forever.
     */
    private io.sluice.Connection catalogConnection() {
        io.sluice.Connection nativeConnection = connection.nativeConnection();
        InvocationHandler detachFirst = (proxy, method, args) -> {
            if (method.getDeclaringClass() != Object.class) {
                try {
                    connection.detachLive();
                } catch (SQLException e) {
                    throw new ConnectionException(
                            "could not free the connection for a catalog query: " + e.getMessage(), e);
                }
            }
            try {
                return method.invoke(nativeConnection, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (io.sluice.Connection) Proxy.newProxyInstance(
                io.sluice.Connection.class.getClassLoader(), new Class<?>[] {io.sluice.Connection.class}, detachFirst);
    }
}
