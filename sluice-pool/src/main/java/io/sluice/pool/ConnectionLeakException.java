package io.sluice.pool;

import io.sluice.SluiceException;
import java.io.Serial;

/**
 * A suspected connection leak, handed to {@link PoolListener#onLeak}; never thrown. Its stack trace
 * is the borrower's stack at the moment it borrowed the connection; its message names the pool, the
 * borrowing thread, how long the connection has been held and the threshold.
 */
public final class ConnectionLeakException extends SluiceException {
    @Serial
    private static final long serialVersionUID = 1L;

    public ConnectionLeakException(String message, StackTraceElement[] borrowerStack) {
        super(message);
        setStackTrace(borrowerStack);
    }
}
