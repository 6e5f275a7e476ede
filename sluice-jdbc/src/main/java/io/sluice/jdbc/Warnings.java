package io.sluice.jdbc;

import io.sluice.ServerEventListener;
import io.sluice.ServerMessage;
import java.sql.SQLWarning;

/**
 * A chain of {@link SQLWarning}s made from server notices (PostgreSQL NoticeResponse, MySQL
 * warnings), kept by a statement or a connection. The native drivers report notices to one listener
 * per connection configuration; {@link #ROUTER} hands each to the holder bound to the thread that
 * runs the statement, so that pooled connections need no per-connection listener either.
 */
final class Warnings {
    /** The holder the notices of the statement running on this thread go to. */
    static final ScopedValue<Warnings> CURRENT = ScopedValue.newInstance();

    /** The listener every Sluice JDBC connection is opened with. */
    static final ServerEventListener ROUTER = new ServerEventListener() {
        @Override
        public void onNotice(ServerMessage notice) {
            if (CURRENT.isBound()) {
                CURRENT.get().add(notice);
            }
        }
    };

    private SQLWarning first;

    void add(ServerMessage notice) {
        String code = notice.field("error_code");
        int vendor = 0;
        if (code != null) {
            try {
                vendor = Integer.parseInt(code);
            } catch (NumberFormatException notANumber) {
                vendor = 0;
            }
        }
        SQLWarning w = new SQLWarning(notice.message(), notice.sqlState(), vendor);
        if (first == null) {
            first = w;
        } else {
            first.setNextWarning(w);
        }
    }

    SQLWarning get() {
        return first;
    }

    void clear() {
        first = null;
    }
}
