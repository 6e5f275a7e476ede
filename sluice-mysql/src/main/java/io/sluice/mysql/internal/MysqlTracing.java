package io.sluice.mysql.internal;

import io.sluice.ServerAddress;
import io.sluice.spi.QueryEvent;
import io.sluice.spi.QueryTrace;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * Query-event tracing of a {@link MysqlConnection}: whether a query listener or a JFR recording observes it,
 * and a request run inside a {@link QueryTrace} (the JFR {@link QueryEvent} and the listener's callback). Callers
 * ask {@link #observed} first and take an untraced path otherwise, so that an unobserved query makes no trace
 * and no extra lambda.
 */
final class MysqlTracing {
    private MysqlTracing() {}

    /** True while a query listener or a JFR recording observes the queries of {@code c}. */
    static boolean observed(MysqlConnection c) {
        return QueryTrace.active(c.config().queryListener());
    }

    /**
     * Runs {@code call} (a whole request) inside a {@link QueryTrace}, for use only while one is on, with the
     * rows read and affected taken from the result. {@code rows} is also asked after a failure, with a null
     * result, so that rows handed out before a failure mid-result are counted (as the PostgreSQL driver counts
     * them); {@code affected} is then 0.
     */
    static <T> T traced(
            MysqlConnection c, String sql, Supplier<T> call, ToLongFunction<T> rows, ToLongFunction<T> affected) {
        QueryTrace trace = start(c, sql);
        T result = null;
        Throwable failure = null;
        try {
            result = call.get();
            return result;
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        } finally {
            trace.finish(rows.applyAsLong(result), failure == null ? affected.applyAsLong(result) : 0, failure);
        }
    }

    /** Starts the trace of {@code sql} on {@code c}: the caller finishes it, or hands it a stream to observe. */
    static QueryTrace start(MysqlConnection c, String sql) {
        return QueryTrace.start(
                c.config().queryListener(),
                "mysql",
                c.mariaDb() ? "mariadb" : "mysql",
                new ServerAddress(
                        c.config().host(),
                        c.config().port() == 0 ? 3306 : c.config().port()),
                c.config().database(),
                sql);
    }
}
