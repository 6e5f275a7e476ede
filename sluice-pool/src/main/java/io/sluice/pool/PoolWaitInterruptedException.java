package io.sluice.pool;

import io.sluice.SluiceException;
import java.io.Serial;

/**
 * The borrowing thread was interrupted while it waited for a connection. The thread's interrupt
 * flag is set again before this is thrown; the cause is the {@link InterruptedException}.
 */
public final class PoolWaitInterruptedException extends SluiceException {
    @Serial
    private static final long serialVersionUID = 1L;

    public PoolWaitInterruptedException(String message) {
        super(message, new InterruptedException(message));
    }
}
