package io.sluice.postgres.internal;

import java.util.List;

/**
 * Where the query encoder finds and records server-side statements: the connection's LRU
 * {@link StatementCache}, or a {@link PgPreparedStatement}'s own per-type-signature statements.
 * Used only under the connection's write lock.
 */
interface StatementRegistry {
    /** The statement for {@code key} (a {@link StatementCache.Key} or {@link StatementCache.Probe}), or null. */
    PgStatement get(Object key);

    /** Records a statement; returns those to close on the server to make room. */
    List<PgStatement> put(StatementCache.Key key, PgStatement statement);

    /** A fresh name for a server-side statement. */
    String nextName();

    /** Forgets {@code statement} after the server invalidated it. */
    void remove(PgStatement statement);
}
