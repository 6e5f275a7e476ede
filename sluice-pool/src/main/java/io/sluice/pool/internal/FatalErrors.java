package io.sluice.pool.internal;

import io.sluice.ConnectionException;
import io.sluice.ServerException;

/**
 * Which failures mean a connection must not be reused: any {@link ConnectionException} (I/O
 * failure, closed, {@link io.sluice.ProtocolException}), a server error of severity FATAL/PANIC,
 * SQLSTATE class 08 (connection exception) and class 57P (operator intervention: 57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 57P04 database_dropped,
 * 57P05 idle_session_timeout). See https://www.postgresql.org/docs/current/errcodes-appendix.html.
 */
final class FatalErrors {
    private FatalErrors() {}

    static boolean isFatal(Throwable t) {
        if (t instanceof ConnectionException) {
            return true;
        }
        if (t instanceof ServerException se) {
            String state = se.sqlState();
            return se.isFatal() || (state != null && (state.startsWith("08") || state.startsWith("57P")));
        }
        return false;
    }
}
