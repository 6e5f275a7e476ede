package io.sluice.postgres.internal;

import io.sluice.QueryCancelledException;
import io.sluice.QueryTimeoutException;
import io.sluice.ServerException;
import io.sluice.spi.TimeoutToken;
import java.time.Duration;

/**
 * Turns a fully read response into the caller's result or exception: SQLSTATE 57014 after a
 * timeout becomes {@link QueryTimeoutException}, after a cancel or an interrupt
 * {@link QueryCancelledException} (with the interrupt flag set again); otherwise the server's error,
 * then the caller's own failure (a mapper that threw), in that order.
 */
final class ResponseOutcome {
    private static final String QUERY_CANCELED = "57014";

    private ResponseOutcome() {}

    static void raise(
            ResponseHandler handler, boolean interrupted, TimeoutToken timer, Duration timeout, String where) {
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        ServerException error = handler.error;
        if (error != null && QUERY_CANCELED.equals(error.sqlState())) {
            if (timer.fired()) {
                throw new QueryTimeoutException(
                        "query timed out: timeout=" + timeout + ", " + where + " (setting query_timeout)", error);
            }
            throw new QueryCancelledException("query cancelled: interrupted=" + interrupted + ", " + where, error);
        }
        if (interrupted) {
            throw new QueryCancelledException("query cancelled: interrupted=true, " + where, error);
        }
        if (error != null) {
            throw error;
        }
        handler.rethrowUserFailure();
    }
}
