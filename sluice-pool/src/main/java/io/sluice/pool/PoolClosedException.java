package io.sluice.pool;

import io.sluice.SluiceException;
import java.io.Serial;

/** The pool was closed: before the call, or while the caller waited for a connection. */
public final class PoolClosedException extends SluiceException {
    @Serial
    private static final long serialVersionUID = 1L;

    public PoolClosedException(String message) {
        super(message);
    }
}
