package io.sluice.jdbc.compat;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/**
 * Wraps a DataSource to count the JDBC batch calls frameworks make ({@code addBatch}, {@code executeBatch}
 * on prepared statements), so a test can prove that a framework's batching reached the driver.
 */
public final class StatementCounter {
    private final AtomicLong addBatch = new AtomicLong();
    private final AtomicLong executeBatch = new AtomicLong();

    /** {@code addBatch} calls so far. */
    public long addBatchCalls() {
        return addBatch.get();
    }

    /** {@code executeBatch} calls so far. */
    public long executeBatchCalls() {
        return executeBatch.get();
    }

    /** Zeroes both counts. */
    public void reset() {
        addBatch.set(0);
        executeBatch.set(0);
    }

    /** {@code ds} with every connection and prepared statement it hands out counted. */
    public DataSource wrap(DataSource ds) {
        return proxy(
                DataSource.class,
                ds,
                (m, result) -> m.getName().equals("getConnection")
                        ? proxy(
                                Connection.class,
                                result,
                                (m2, r2) -> m2.getName().equals("prepareStatement")
                                        ? proxy(PreparedStatement.class, r2, (m3, r3) -> r3)
                                        : r2)
                        : result);
    }

    private interface Wrapper {
        Object wrap(Method method, Object result);
    }

    private <T> T proxy(Class<T> type, Object target, Wrapper wrapper) {
        InvocationHandler handler = (p, method, args) -> {
            if (type == PreparedStatement.class) {
                switch (method.getName()) {
                    case "addBatch" -> addBatch.incrementAndGet();
                    case "executeBatch", "executeLargeBatch" -> executeBatch.incrementAndGet();
                    default -> {}
                }
            }
            try {
                Object result = method.invoke(target, args);
                return result == null ? null : wrapper.wrap(method, result);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }
}
