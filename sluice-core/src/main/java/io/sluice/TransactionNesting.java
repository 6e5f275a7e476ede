package io.sluice;

/**
 * What {@link Connection#transaction(IsolationLevel, TransactionNesting, TransactionCallback)} does
 * when it is called while a transaction is already open. Outside a transaction both begin and end a
 * transaction of their own.
 */
public enum TransactionNesting {
    /**
     * The block runs inside a savepoint of the open transaction: released when the block returns, rolled
     * back to when it throws, so that the outer transaction goes on without the block's work. The default.
     */
    SAVEPOINT,
    /**
     * The block runs as part of the open transaction, as if its code were written inline: no savepoint,
     * and its failure undoes nothing by itself. If the block throws and the outer code carries on, the
     * block's earlier statements stay in the transaction.
     */
    JOIN
}
