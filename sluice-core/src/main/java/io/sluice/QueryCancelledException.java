package io.sluice;

import java.io.Serial;

/**
 * A query was cancelled on request ({@link Connection#cancel()}) or because the waiting thread was
 * interrupted; in the latter case the thread's interrupt flag is set again before this is thrown.
 * The connection stays usable.
 */
public class QueryCancelledException extends SluiceException {
    @Serial
    private static final long serialVersionUID = 1L;

    public QueryCancelledException(String message, Throwable cause) {
        super(message, cause);
    }
}
