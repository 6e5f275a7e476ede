package io.sluice.mysql.internal;

import io.sluice.IsolationLevel;
import io.sluice.TransactionStateException;

/**
 * Begins and ends transactions of a {@link MysqlConnection} (START TRANSACTION, COMMIT, ROLLBACK); the
 * connection keeps the state (server status flags, the failed mark, the {@link io.sluice.spi.SavepointStack}),
 * which its OK packets update on every statement.
 */
final class MysqlTransactions {
    private MysqlTransactions() {}

    // Transaction control is observed like any statement while a listener or a recording wants it; the
    // unobserved branch creates no extra lambda. The observed text of a begin is START TRANSACTION alone:
    // a SET TRANSACTION ISOLATION LEVEL sent before it travels in the same write.

    static void begin(MysqlConnection c, IsolationLevel level) {
        if (c.inTransactionNow()) {
            throw new TransactionStateException("begin failed, a transaction is already open: level=" + level
                    + ", failed=" + c.transactionFailed
                    + " (START TRANSACTION would commit it; nest with transaction(...) or savepoint())");
        }
        c.savepoints.clear();
        c.transactionFailed = false;
        if (MysqlTracing.observed(c)) {
            MysqlTracing.traced(c, "START TRANSACTION", () -> beginUntraced(c, level), n -> 0, n -> 0);
        } else {
            beginUntraced(c, level);
        }
    }

    private static Object beginUntraced(MysqlConnection c, IsolationLevel level) {
        return c.request(() -> {
            int n = 0;
            if (level != IsolationLevel.DEFAULT) {
                c.writeQuery("SET TRANSACTION ISOLATION LEVEL " + level.sql());
                n++;
            }
            c.writeQuery("START TRANSACTION");
            n++;
            c.readPipelined(n); // both commands go out in one write
            return null;
        });
    }

    /** COMMIT or ROLLBACK ({@code sql}); forgets the savepoints and the failed mark first. */
    static void end(MysqlConnection c, String sql) {
        c.savepoints.clear();
        c.transactionFailed = false;
        if (MysqlTracing.observed(c)) {
            MysqlTracing.traced(c, sql, () -> endUntraced(c, sql), n -> 0, n -> 0);
        } else {
            endUntraced(c, sql);
        }
    }

    private static Object endUntraced(MysqlConnection c, String sql) {
        return c.request(() -> {
            c.sendText(sql).drain();
            return null;
        });
    }
}
