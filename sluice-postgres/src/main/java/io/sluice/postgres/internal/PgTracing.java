package io.sluice.postgres.internal;

import io.sluice.ConnectionConfig;
import io.sluice.ServerAddress;
import io.sluice.spi.QueryEvent;
import io.sluice.spi.QueryTrace;
import java.util.function.LongSupplier;

/**
 * Observation of a session's queries: whether a query listener or a JFR recording wants them, and
 * running a request inside a {@link QueryTrace} (the JFR {@link QueryEvent} and the listener).
 * Callers test {@link #observed} first, so that an unobserved query creates no lambda.
 */
final class PgTracing {
    private PgTracing() {}

    /** True while a query listener or a JFR recording observes the session's queries. */
    static boolean observed(PgSession session) {
        return QueryTrace.active(session.config.queryListener());
    }

    static QueryTrace start(PgSession session, String sql) {
        ConnectionConfig config = session.config;
        return QueryTrace.start(
                config.queryListener(),
                "postgresql",
                "postgresql",
                new ServerAddress(config.host(), config.port() == 0 ? 5432 : config.port()),
                config.database(),
                sql);
    }

    /**
     * Runs {@code work} inside a {@link QueryTrace}, for use only while {@link #observed}; rows read and
     * affected are taken after it, whether it succeeded or not.
     */
    static void traced(PgSession session, String sql, Runnable work, LongSupplier rows, LongSupplier affected) {
        QueryTrace trace = start(session, sql);
        Throwable failure = null;
        try {
            work.run();
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        } finally {
            trace.finish(rows.getAsLong(), affected.getAsLong(), failure);
        }
    }

    /** A COPY under a {@link QueryTrace}: the rows copied, in either direction, are its rows and its count. */
    static long tracedCopy(PgSession session, String sql, LongSupplier copy) {
        long[] copied = new long[1];
        traced(session, sql, () -> copied[0] = copy.getAsLong(), () -> copied[0], () -> copied[0]);
        return copied[0];
    }
}
