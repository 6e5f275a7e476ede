package io.sluice;

import java.io.Serial;

/**
 * A transaction operation that the connection's transaction state does not allow: {@code begin()} while a
 * transaction is open, a savepoint outside a transaction or one that is no longer active, an isolation
 * level for an inner transaction block, or a transaction block that returned normally although a
 * statement inside it failed. Thrown before anything is sent unless the message says what was rolled back.
 */
public class TransactionStateException extends SluiceException {
    @Serial
    private static final long serialVersionUID = 1L;

    public TransactionStateException(String message) {
        super(message);
    }

    public TransactionStateException(String message, Throwable cause) {
        super(message, cause);
    }
}
