package io.sluice;

/**
 * The rules of {@link Connection#transaction(IsolationLevel, TransactionNesting, TransactionCallback)},
 * written once against the connection's public methods so that every driver and every wrapper (a
 * pool's handle) behaves alike.
 */
final class TransactionBlock {
    private TransactionBlock() {}

    static <T> T outermost(Connection c, IsolationLevel level, TransactionCallback<T> work) {
        c.begin(level);
        T result;
        try {
            result = work.run(c);
        } catch (Throwable t) {
            try {
                c.rollback();
            } catch (RuntimeException rollbackFailure) {
                t.addSuppressed(rollbackFailure);
            }
            throw t;
        }
        requireStillOpen(c, "transaction block");
        if (c.transactionFailed()) {
            TransactionStateException e = new TransactionStateException(
                    "transaction block returned normally although a statement in it failed, transaction rolled back"
                            + " (run a statement that may fail in an inner transaction block)");
            try {
                c.rollback();
            } catch (RuntimeException rollbackFailure) {
                e.addSuppressed(rollbackFailure);
            }
            throw e;
        }
        c.commit();
        return result;
    }

    static <T> T inner(Connection c, IsolationLevel level, TransactionNesting nesting, TransactionCallback<T> work) {
        if (level != null && level != IsolationLevel.DEFAULT) {
            throw new TransactionStateException("an inner transaction block cannot choose its isolation level: level="
                    + level + ", nesting=" + nesting
                    + " (the open transaction keeps its own; pass IsolationLevel.DEFAULT)");
        }
        if (c.transactionFailed()) {
            throw new TransactionStateException("inner transaction block not started, a statement failed earlier in"
                    + " the open transaction: nesting=" + nesting + " (roll back first)");
        }
        if (nesting == TransactionNesting.JOIN) {
            return work.run(c);
        }
        Savepoint sp = c.savepoint();
        T result;
        try {
            result = work.run(c);
        } catch (Throwable t) {
            try {
                c.rollbackTo(sp);
                c.release(sp);
            } catch (RuntimeException rollbackFailure) {
                t.addSuppressed(rollbackFailure);
            }
            throw t;
        }
        requireStillOpen(c, "inner transaction block");
        if (c.transactionFailed()) {
            TransactionStateException e = new TransactionStateException(
                    "inner transaction block returned normally although a statement in it failed, rolled back to its"
                            + " savepoint: savepoint=" + sp.name()
                            + " (run a statement that may fail in an inner transaction block of its own)");
            try {
                c.rollbackTo(sp);
                c.release(sp);
            } catch (RuntimeException rollbackFailure) {
                e.addSuppressed(rollbackFailure);
            }
            throw e;
        }
        c.release(sp);
        return result;
    }

    /**
     * A transaction that ended inside the block (commit() or rollback() called in it, COMMIT as SQL text,
     * or a MySQL deadlock, which rolls the whole transaction back) cannot be committed as the block's unit:
     * what ran after its end was autocommitted statement by statement.
     */
    private static void requireStillOpen(Connection c, String what) {
        if (!c.inTransaction()) {
            throw new TransactionStateException(what + " returned, but the transaction had already ended inside it"
                    + " (committed or rolled back by the block, or rolled back by the server after a deadlock):"
                    + " statements after its end ran in autocommit");
        }
    }
}
