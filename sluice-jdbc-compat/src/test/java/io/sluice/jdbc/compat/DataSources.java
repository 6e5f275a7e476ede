package io.sluice.jdbc.compat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.logging.Logger;
import javax.sql.DataSource;

/** The DataSources the frameworks get: unpooled, HikariCP over the driver, and the driver's own. */
public final class DataSources {
    /**
     * The driver's own DataSource class per driver. sluice-jdbc's pooled DataSource is named by the system
     * property {@code compat.sluice.pooledDataSource}; it is created by reflection through its bean setters,
     * as application servers and HikariCP's {@code dataSourceClassName} do.
     */
    private static final Map<String, String> OWN = Map.of(
            "pgjdbc",
            "org.postgresql.ds.PGSimpleDataSource",
            "mariadb-connector-j",
            "org.mariadb.jdbc.MariaDbPoolDataSource",
            Targets.SLUICE,
            System.getProperty("compat.sluice.pooledDataSource", "io.sluice.jdbc.SluicePooledDataSource"));

    private DataSources() {}

    /** A DataSource that opens a new connection through {@link DriverManager} on every call. */
    public static DataSource unpooled(Target target, String database) {
        return new Unpooled(target, database);
    }

    /** HikariCP over the driver (found by HikariCP through {@link DriverManager}), at most {@code size} connections. */
    public static HikariDataSource hikari(Target target, String database, int size) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(target.url(database));
        config.setUsername(target.user());
        if (!target.password().isEmpty()) {
            config.setPassword(target.password());
        }
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(0);
        config.setPoolName("compat-" + target.key());
        return new HikariDataSource(config);
    }

    /** The driver's own DataSource class, configured through its bean setters {@code url}, {@code user}, {@code password}. */
    public static DataSource own(Target target, String database) {
        String className = OWN.get(target.driver());
        Map<String, String> beans = new LinkedHashMap<>();
        beans.put("Url", target.url(database));
        beans.put("User", target.user());
        if (!target.password().isEmpty()) {
            beans.put("Password", target.password());
        }
        try {
            Object ds = Class.forName(className).getConstructor().newInstance();
            for (Map.Entry<String, String> bean : beans.entrySet()) {
                Method setter = ds.getClass().getMethod("set" + bean.getKey(), String.class);
                setter.invoke(ds, bean.getValue());
            }
            return (DataSource) ds;
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("DataSource set-up failed: class=" + className, e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    "DataSource class without a public no-argument constructor or "
                            + "setUrl/setUser/setPassword: class=" + className,
                    e);
        }
    }

    /** Closes {@code ds} if it holds resources (a pool). */
    public static void close(DataSource ds) throws Exception {
        if (ds instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }

    private record Unpooled(Target target, String database) implements DataSource {
        @Override
        public Connection getConnection() throws SQLException {
            return target.connect(database);
        }

        @Override
        public Connection getConnection(String username, String password) throws SQLException {
            java.util.Properties p = new java.util.Properties();
            p.setProperty("user", username);
            p.setProperty("password", password);
            return DriverManager.getConnection(target.url(database), p);
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {}

        @Override
        public void setLoginTimeout(int seconds) {}

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException("no parent logger");
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            if (type.isInstance(this)) {
                return type.cast(this);
            }
            throw new SQLException("not a wrapper of " + type.getName());
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return type.isInstance(this);
        }
    }
}
