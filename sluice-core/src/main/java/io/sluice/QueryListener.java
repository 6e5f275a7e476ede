package io.sluice;

import java.util.List;

/**
 * Observes every query, statement and batch a driver runs: metrics, traces, slow-query logs. Register
 * with {@link ConnectionConfig.Builder#queryListener}; {@link #of} combines several. PostgreSQL's COPY
 * ({@link Connection#copyIn}, {@link Connection#copyOut}) and transaction control ({@link Connection#begin},
 * {@link Connection#commit}, {@link Connection#rollback}) are observed too, as the SQL the driver sends: their
 * {@link QueryInfo#operation()} is {@code COPY}, {@code BEGIN} (MySQL's {@code START TRANSACTION} too),
 * {@code COMMIT} or {@code ROLLBACK}.
 *
 * <p>Both calls run on the caller's thread, around the request: {@link #onStart} just before it is sent,
 * {@link #onEnd} once its response has been read or it failed. They must return quickly, must not use the
 * connection, and may not fail the query: what they throw is dropped. Whatever {@code onStart} returns
 * (a timer sample, a span and its scope) comes back to {@code onEnd}, so a listener needs no
 * per-thread state.
 *
 * <p>Cost: with the default, {@link #NONE}, a driver reads one field and compares it, allocating nothing.
 * With a listener, each query allocates a {@link QueryInfo} and reads the clock twice; the SQL summary
 * and sanitised text are computed only when a listener asks for them.
 */
public interface QueryListener {

    /** Shared listener that observes nothing; the default, recognised by identity on the hot path. */
    QueryListener NONE = new QueryListener() {
        @Override
        public Object onStart(QueryInfo query) {
            return null;
        }

        @Override
        public void onEnd(QueryInfo query, Object context, QueryOutcome outcome) {}

        @Override
        public String toString() {
            return "QueryListener.NONE";
        }
    };

    /**
     * The query is about to be sent.
     *
     * @return anything the listener wants back in {@link #onEnd}; may be null
     */
    Object onStart(QueryInfo query);

    /** The query ended, successfully or not; {@code context} is what {@link #onStart} returned. */
    void onEnd(QueryInfo query, Object context, QueryOutcome outcome);

    /**
     * One listener that calls each of {@code listeners} in order on start and in reverse order on end
     * (so that nested scopes, such as a span made current, close in the order they opened).
     * {@link #NONE} entries are skipped; no listener left gives {@link #NONE}.
     */
    static QueryListener of(QueryListener... listeners) {
        List<QueryListener> active = new java.util.ArrayList<>();
        for (QueryListener l : listeners) {
            if (l instanceof CompositeQueryListener c) {
                active.addAll(c.listeners());
            } else if (l != NONE) {
                active.add(java.util.Objects.requireNonNull(l, "listener"));
            }
        }
        return switch (active.size()) {
            case 0 -> NONE;
            case 1 -> active.getFirst();
            default -> new CompositeQueryListener(active);
        };
    }
}
