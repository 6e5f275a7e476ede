package io.sluice.mysql.internal;

import static io.sluice.mysql.internal.protocol.Commands.*;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.SluiceException;
import java.net.SocketTimeoutException;
import java.time.Duration;

/**
 * The commands of a {@link MysqlConnection} that act on its session rather than run a statement: COM_PING for
 * {@code isValid}, COM_RESET_CONNECTION for {@code reset}, and the KILL QUERY that {@code cancel} sends on a
 * second connection (https://mariadb.com/kb/en/kill/), also when a query timeout fires.
 */
final class MysqlSessionCommands {
    private MysqlSessionCommands() {}

    /** Pings the server within {@code timeout}; false, and broken when the server stayed silent, on failure. */
    static boolean isValid(MysqlConnection c, Duration timeout) {
        if (c.closed || c.broken) {
            return false;
        }
        try {
            return c.request(() -> {
                try {
                    c.socket().setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis())));
                    simpleCommand(c, COM_PING);
                    c.socket().setSoTimeout((int) Math.min(
                            Integer.MAX_VALUE, c.config().socketTimeout().toMillis()));
                    return true;
                } catch (java.io.IOException e) {
                    throw new ConnectionException("ping failed: " + e.getMessage(), e);
                }
            });
        } catch (SluiceException e) {
            if (e.getCause() instanceof SocketTimeoutException) {
                c.markBroken();
            }
            return false;
        }
    }

    /**
     * Resets the session to the state {@link MysqlConnector} opened it in: no transaction, savepoint, prepared
     * statement or session variable left, and the UTC time zone again.
     */
    static void reset(MysqlConnection c) {
        c.savepoints.clear();
        c.transactionFailed = false;
        c.autoIncrementIncrement = 0;
        c.request(() -> {
            simpleCommand(c, COM_RESET_CONNECTION);
            c.statements.cache.clear(); // the server closed every prepared statement
            c.serverStatus = SERVER_STATUS_AUTOCOMMIT;
            c.sendText("SET time_zone = '+00:00'").drain();
            return null;
        });
    }

    /** Sends one command and reads its response fully; returns the affected-row count. */
    private static long simpleCommand(MysqlConnection c, int command) {
        c.writer().command(command).end();
        c.reader().expectSequence(1);
        c.writer().flush();
        ResultCursor cursor = new ResultCursor(c, c.reader(), c.capabilities(), null);
        cursor.drain();
        return cursor.affectedRows();
    }

    /**
     * Sends KILL QUERY for the statement running on {@code c}, over a second connection opened with the same
     * settings. The cancel is useless once the grace is over: its own connect waits no longer than that.
     */
    static void cancel(MysqlConnection c) {
        if (c.closed) {
            return;
        }
        killOnSecondConnection(c, "KILL QUERY ");
    }

    /**
     * Ends the server session of {@code c}, whose socket is already gone (an interrupted read): closing a socket
     * does not stop a running statement, which would go on holding its locks and might still commit. Best effort,
     * bounded by {@code cancel_grace}; the interrupt flag is cleared for the second connection's I/O and set again.
     */
    static void killSession(MysqlConnection c) {
        boolean interrupted = Thread.interrupted();
        try {
            killOnSecondConnection(c, "KILL CONNECTION ");
        } catch (RuntimeException ignored) {
            // the session may have ended already (ER_NO_SUCH_THREAD) or the server is unreachable: nothing more to do
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void killOnSecondConnection(MysqlConnection c, String kill) {
        ConnectionConfig config = c.config();
        Duration connectTimeout =
                config.connectTimeout().isZero() || config.connectTimeout().compareTo(config.cancelGrace()) > 0
                        ? config.cancelGrace()
                        : config.connectTimeout();
        ConnectionConfig killer = config.toBuilder()
                .queryTimeout(Duration.ZERO)
                .socketTimeout(config.cancelGrace())
                .connectTimeout(connectTimeout)
                .statementCacheSize(0)
                .build();
        try (MysqlConnection k = MysqlConnection.open(killer)) {
            MysqlQueries.executeScriptUntraced(k, kill + c.connectionId());
        }
    }
}
