package io.sluice;

import java.util.List;

/**
 * Several {@link QueryListener}s as one (see {@link QueryListener#of}). Each listener's context is kept in
 * an array slot; one listener that throws neither stops the others nor fails the query.
 */
final class CompositeQueryListener implements QueryListener {
    private final QueryListener[] listeners;

    CompositeQueryListener(List<QueryListener> listeners) {
        this.listeners = listeners.toArray(QueryListener[]::new);
    }

    List<QueryListener> listeners() {
        return List.of(listeners);
    }

    @Override
    public Object onStart(QueryInfo query) {
        Object[] contexts = new Object[listeners.length];
        for (int i = 0; i < listeners.length; i++) {
            try {
                contexts[i] = listeners[i].onStart(query);
            } catch (RuntimeException ignored) {
                // a listener's failure must not fail the query nor hide it from the others
            }
        }
        return contexts;
    }

    @Override
    public void onEnd(QueryInfo query, Object context, QueryOutcome outcome) {
        Object[] contexts = (Object[]) context;
        for (int i = listeners.length - 1; i >= 0; i--) {
            try {
                listeners[i].onEnd(query, contexts[i], outcome);
            } catch (RuntimeException ignored) {
                // see onStart
            }
        }
    }

    @Override
    public String toString() {
        return "QueryListener.of" + List.of(listeners);
    }
}
