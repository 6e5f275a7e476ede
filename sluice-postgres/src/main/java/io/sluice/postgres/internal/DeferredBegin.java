package io.sluice.postgres.internal;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The {@code BEGIN} of a transaction, held back until the connection's next request so that it
 * costs no round trip of its own (as pgjdbc does). An extended-query request ({@link QueryEncoder})
 * writes it ahead of its own messages, in the same Sync group: if the BEGIN fails, the server skips
 * the request, so a statement meant for a transaction never runs outside one. Any other request
 * (a simple query, COPY, a Sync) first sends the BEGIN as a request of its own.
 *
 * <p>{@link #requested()} covers the gap until the server's ReadyForQuery reports the transaction:
 * from {@link #defer} until a ReadyForQuery with a non-idle status, or until commit or rollback.
 */
final class DeferredBegin {
    private final AtomicReference<String> pending = new AtomicReference<>();
    private volatile boolean requested;

    /** Holds {@code sql} (a BEGIN statement) for the next request; replaces one not yet sent. */
    void defer(String sql) {
        requested = true;
        pending.set(sql);
    }

    /** The BEGIN to send now, taken so that no other request sends it again; null if none waits. */
    String take() {
        return pending.get() == null ? null : pending.getAndSet(null);
    }

    /** Puts back a BEGIN taken by a request whose encoding then failed (nothing was sent). */
    void restore(String sql) {
        if (sql != null) {
            pending.compareAndSet(null, sql);
        }
    }

    /**
     * Ends the requested transaction; true if its BEGIN was never sent, so that the server has
     * nothing to commit or roll back.
     */
    boolean end() {
        requested = false;
        return pending.getAndSet(null) != null;
    }

    /** True from {@link #defer} until the server reports a transaction or {@link #end} is called. */
    boolean requested() {
        return requested;
    }

    /** A ReadyForQuery reported a transaction (open or failed): the server's status tracks it from now. */
    void serverInTransaction() {
        if (requested) {
            requested = false;
        }
    }
}
