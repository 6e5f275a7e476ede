package io.sluice.jdbc;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A {@link DataSource} opening a new connection per {@code getConnection()}, configured through bean
 * setters: {@code url} (or {@code jdbcUrl}), {@code user} (or {@code username}), {@code password}
 * and any native URL key with {@link #setProperty}. Spring Boot binds {@code spring.datasource.url},
 * {@code username} and {@code password} to it. For a pool use {@link SluicePooledDataSource}.
 */
public class SluiceDataSource implements DataSource {
    private String url;
    private final Properties properties = new Properties();
    private int loginTimeout;
    private PrintWriter logWriter;

    /** A data source without settings; set at least the URL. */
    public SluiceDataSource() {}

    /** The JDBC URL ({@code jdbc:sluice:postgresql://...}). */
    public void setUrl(String url) {
        this.url = url;
    }

    /** The JDBC URL, or null if not set. */
    public String getUrl() {
        return url;
    }

    /** The same as {@link #setUrl}, the name HikariCP-style configuration uses. */
    public void setJdbcUrl(String url) {
        setUrl(url);
    }

    /** The same as {@link #getUrl}. */
    public String getJdbcUrl() {
        return url;
    }

    /** The user to log in as (property {@code user}). */
    public void setUser(String user) {
        setOrRemove("user", user);
    }

    /** The user, or null if not set (the URL may still name one). */
    public String getUser() {
        return properties.getProperty("user");
    }

    /** The same as {@link #setUser}, the name Spring Boot's {@code spring.datasource.username} binds to. */
    public void setUsername(String user) {
        setUser(user);
    }

    /** The same as {@link #getUser}. */
    public String getUsername() {
        return getUser();
    }

    /** The password (property {@code password}); there is no getter. */
    public void setPassword(String password) {
        setOrRemove("password", password);
    }

    /** Any native URL key ({@code sslmode}, {@code connect_timeout}, {@code statement_cache_size}...). */
    public void setProperty(String key, String value) {
        setOrRemove(key, value);
    }

    /** Adds every entry of {@code properties} as with {@link #setProperty}. */
    public void setProperties(Properties properties) {
        for (String key : properties.stringPropertyNames()) {
            setProperty(key, properties.getProperty(key));
        }
    }

    private void setOrRemove(String key, String value) {
        if (value == null) {
            properties.remove(key);
        } else {
            properties.setProperty(key, value);
        }
    }

    /** The properties a connection is opened with (a copy). */
    Properties properties() {
        Properties copy = new Properties();
        copy.putAll(properties);
        if (loginTimeout > 0 && !copy.containsKey("connect_timeout")) {
            copy.setProperty("connect_timeout", Integer.toString(loginTimeout));
        }
        return copy;
    }

    String requireUrl() throws SQLException {
        if (url == null) {
            throw new SQLException("no URL set: call setUrl(\"jdbc:sluice:postgresql://...\")", "08001");
        }
        if (!JdbcUrl.accepts(url)) {
            throw new SQLException("not a Sluice JDBC URL: expected " + JdbcUrl.PREFIX + "postgresql://...", "08001");
        }
        return url;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return SluiceDriver.open(requireUrl(), properties());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        Properties p = properties();
        p.setProperty("user", username);
        if (password != null) {
            p.setProperty("password", password);
        }
        return SluiceDriver.open(requireUrl(), p);
    }

    @Override
    public PrintWriter getLogWriter() {
        return logWriter;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        this.logWriter = out; // kept for the interface; the driver records JFR events instead of logging
    }

    /** Seconds allowed for connecting; becomes {@code connect_timeout} unless that is set. */
    @Override
    public void setLoginTimeout(int seconds) {
        this.loginTimeout = seconds;
    }

    @Override
    public int getLoginTimeout() {
        return loginTimeout;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw SqlExceptions.unsupported("java.util.logging (the driver records JFR events instead)");
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper for " + iface.getName(), "HY000");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
