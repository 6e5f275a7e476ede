package io.sluice.spi;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.ServerAddress;
import io.sluice.SluiceException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Connecting to the first acceptable server of {@link ConnectionConfig#addresses()}, as libpq does
 * with a host list: each server is tried in order (shuffled per call when the setting
 * {@code load_balance_hosts} is {@code random}); one that cannot be reached, refuses the login, or
 * fails the driver's check (PostgreSQL's {@code target_session_attrs}) is skipped, and the caller
 * gets the first that passes. When every server fails, the {@link ConnectionException} names each
 * one with its reason, and the failures are attached as suppressed exceptions.
 */
public final class ServerSelection {
    /** Failover choices at DEBUG: each server skipped with its reason, and the one chosen. */
    private static final System.Logger LOG = System.getLogger("io.sluice.failover");

    private ServerSelection() {}

    /** Decides whether a freshly opened connection is the kind the caller asked for. */
    @FunctionalInterface
    public interface Check<C extends Connection> {
        /** Why {@code connection} is not acceptable (e.g. "read-only"), or null when it is. */
        String reject(C connection);
    }

    /** Accepts every server that answers and logs in. */
    public static <C extends Connection> Check<C> any() {
        return c -> null;
    }

    /**
     * Opens a connection to the first server in {@code config}'s list that {@code open} reaches and
     * {@code check} accepts. With one server and no reason to reject, {@code open}'s own exception
     * reaches the caller unchanged.
     *
     * @param open   opens one connection to the single server of the config it is given
     * @param wanted what {@code check} looks for, for the error message (e.g. {@code target_session_attrs=read-write})
     */
    public static <C extends Connection> C connect(
            ConnectionConfig config, Function<ConnectionConfig, C> open, Check<C> check, String wanted) {
        List<ServerAddress> servers = new ArrayList<>(config.addresses());
        if (servers.size() == 1 && wanted == null) {
            return open.apply(config);
        }
        if (config.property("load_balance_hosts", "disable")
                .toLowerCase(Locale.ROOT)
                .equals("random")) {
            Collections.shuffle(servers);
        }
        List<String> reasons = new ArrayList<>();
        List<SluiceException> failures = new ArrayList<>();
        for (ServerAddress server : servers) {
            C connection;
            try {
                connection = open.apply(config.toBuilder()
                        .host(server.host())
                        .port(server.port())
                        .build());
            } catch (SluiceException e) {
                reasons.add(server + ": " + e.getMessage());
                failures.add(e);
                LOG.log(System.Logger.Level.DEBUG, "server skipped: server={0}, reason={1}", server, e.getMessage());
                continue;
            }
            String rejected;
            try {
                rejected = check.reject(connection);
            } catch (SluiceException e) {
                connection.close();
                reasons.add(server + ": could not be checked: " + e.getMessage());
                failures.add(e);
                LOG.log(
                        System.Logger.Level.DEBUG,
                        "server skipped: server={0}, reason=could not be checked: {1}",
                        server,
                        e.getMessage());
                continue;
            }
            if (rejected == null) {
                LOG.log(
                        System.Logger.Level.DEBUG,
                        "server chosen: server={0}{1}",
                        server,
                        wanted == null ? "" : ", " + wanted);
                return connection;
            }
            connection.close();
            reasons.add(server + ": " + rejected);
            LOG.log(System.Logger.Level.DEBUG, "server skipped: server={0}, reason={1}", server, rejected);
        }
        ConnectionException e = new ConnectionException(
                "no server" + (wanted == null ? "" : " matching " + wanted) + " could be connected to: "
                        + String.join("; ", reasons),
                failures.isEmpty() ? null : failures.getFirst());
        failures.stream().skip(1).forEach(e::addSuppressed);
        throw e;
    }
}
