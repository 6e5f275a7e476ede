package io.sluice.postgres.internal.protocol;

import io.sluice.spi.QueryTimeouts;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;

/**
 * The connect deadline's watchdog: at the deadline it closes the socket (and the selecting
 * streams once they exist), so that a read, the TLS handshake or a trickling server cannot hold
 * {@code open()} past connect_timeout; SCRAM key derivation checks the deadline itself.
 */
final class ConnectDeadline implements Runnable {
    final long nanos; // System.nanoTime() at the deadline; 0 = none
    private final ScheduledFuture<?> future;
    private volatile Closeable socket;
    private volatile SelectingChannelStreams streams;
    volatile boolean fired;

    ConnectDeadline(Duration timeout) {
        if (timeout.isZero()) {
            nanos = 0;
            future = null;
        } else {
            nanos = System.nanoTime() + timeout.toNanos();
            future = QueryTimeouts.schedule(this, timeout.toNanos());
        }
    }

    void guard(Closeable s) {
        socket = s;
        if (fired) {
            run();
        }
    }

    void guard(SelectingChannelStreams s) {
        streams = s;
        if (fired) {
            run();
        }
    }

    @Override
    public void run() {
        fired = true;
        closeAll();
    }

    /** Releases the socket and the streams' selectors (a failed attempt). */
    void closeAll() {
        SelectingChannelStreams st = streams;
        if (st != null) {
            st.close();
        }
        Closeable s = socket;
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // already failing; the original error is what matters
            }
        }
    }

    void cancel() {
        if (future != null) {
            future.cancel(false);
        }
    }
}
