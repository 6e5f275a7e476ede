package io.sluice;

import java.io.Serial;

/**
 * No connection became available within the pool's wait limit. The message states the pool's
 * counts (total, active, idle, waiting) and the setting that bounds the wait; the cause, if any, is
 * the last failure to open a connection.
 */
public class PoolExhaustedException extends SluiceException {
    @Serial
    private static final long serialVersionUID = 1L;

    public PoolExhaustedException(String message, Throwable cause) {
        super(message, cause);
    }
}
