package io.sluice;

import java.io.Serial;

/**
 * A query ran longer than its timeout and was cancelled. The connection stays usable.
 * Set the limit with {@link ConnectionConfig.Builder#queryTimeout} or {@link Connection#queryTimeout(java.time.Duration)}.
 */
public class QueryTimeoutException extends SluiceException {
    @Serial
    private static final long serialVersionUID = 1L;

    public QueryTimeoutException(String message, Throwable cause) {
        super(message, cause);
    }
}
