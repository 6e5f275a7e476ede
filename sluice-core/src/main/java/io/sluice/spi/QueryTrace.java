package io.sluice.spi;

import io.sluice.QueryInfo;
import io.sluice.QueryListener;
import io.sluice.QueryOutcome;
import io.sluice.RowStream;
import io.sluice.ServerAddress;
import java.util.function.Supplier;

/**
 * One observed query, for drivers: the JFR {@link QueryEvent} and the connection's {@link QueryListener}
 * together, so that a driver has one call site for both. A driver asks {@link #active} first and takes the
 * untraced path when it is false:
 *
 * <pre>{@code
 * if (QueryTrace.active(listener)) {
 *     QueryTrace trace = QueryTrace.start(listener, "postgresql", "postgresql", server, database, sql);
 *     ... run, then trace.finish(rows, affected, failure) in a finally block
 * }
 * }</pre>
 *
 * <p>Off (no recording wants the event, the listener is {@link QueryListener#NONE}) costs the two reads in
 * {@link #active}: no allocation, no clock. A listener that throws is ignored: observing must never fail a
 * query.
 */
public final class QueryTrace {
    private final QueryListener listener;
    private final QueryEvent event;
    private final String driver;
    private final QueryInfo info;
    private final Object context;
    private final long startNanos;

    private QueryTrace(QueryListener listener, String driver, QueryInfo info) {
        this.listener = listener;
        this.driver = driver;
        this.info = info;
        if (QueryEvent.enabled()) {
            event = new QueryEvent();
            event.begin();
        } else {
            event = null;
        }
        Object ctx = null;
        if (listener != QueryListener.NONE) {
            try {
                ctx = listener.onStart(info);
            } catch (RuntimeException ignored) {
                // see class comment
            }
        }
        this.context = ctx;
        this.startNanos = System.nanoTime();
    }

    /** True when the query must be observed: a recording wants {@link QueryEvent} or a listener is set. */
    public static boolean active(QueryListener listener) {
        return listener != QueryListener.NONE || QueryEvent.enabled();
    }

    /**
     * Starts observing a query; call only when {@link #active} said so.
     *
     * @param driver the driver's name in the JFR event ({@code postgresql}, {@code mysql})
     * @param system the database system for listeners ({@code postgresql}, {@code mysql}, {@code mariadb})
     */
    public static QueryTrace start(
            QueryListener listener, String driver, String system, ServerAddress server, String database, String sql) {
        return new QueryTrace(listener, driver, new QueryInfo(system, server, database, sql));
    }

    /**
     * Opens a row stream under this trace: a failure to open ends the trace at once; otherwise the returned
     * stream counts its rows and ends the trace when it is exhausted, fails or is closed.
     */
    public RowStream observe(Supplier<RowStream> open) {
        RowStream stream;
        try {
            stream = open.get();
        } catch (RuntimeException e) {
            finish(0, 0, e);
            throw e;
        }
        return new ObservedRowStream(stream, this);
    }

    /** Ends the observation; {@code failure} null means success. Call once, also when the query failed. */
    public void finish(long rows, long affected, Throwable failure) {
        long duration = System.nanoTime() - startNanos;
        if (listener != QueryListener.NONE) {
            try {
                listener.onEnd(info, context, new QueryOutcome(rows, affected, failure, duration));
            } catch (RuntimeException ignored) {
                // see class comment
            }
        }
        if (event != null) {
            event.finish(driver, info.server().toString(), info.sql(), rows, affected, failure);
        }
    }
}
