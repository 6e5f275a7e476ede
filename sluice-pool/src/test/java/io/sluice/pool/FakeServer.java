package io.sluice.pool;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stands in for a server in the pool's mechanics tests only (fair hand-off, timeouts, lifetimes):
 * every behaviour that depends on a real server is tested against PostgreSQL in *PostgresTest.
 */
final class FakeServer {
    final AtomicInteger connects = new AtomicInteger();
    final List<FakeConnection> connections = new CopyOnWriteArrayList<>();
    final List<String> users = new CopyOnWriteArrayList<>();
    final List<Thread> connectThreads = new CopyOnWriteArrayList<>();
    volatile boolean down;

    static ConnectionConfig config(String user) {
        return ConnectionConfig.builder("fake")
                .host("fake")
                .user(user)
                .password("secret")
                .build();
    }

    Connection connect(ConnectionConfig config) {
        connectThreads.add(Thread.currentThread());
        if (down) {
            throw new ConnectionException("connection refused: host=fake, port=0");
        }
        users.add(config.user());
        FakeConnection c = new FakeConnection(connects.incrementAndGet());
        connections.add(c);
        return c;
    }

    long open() {
        return connections.stream().filter(c -> !c.isClosed()).count();
    }

    /** Breaks every open connection, as a server restart would. */
    void restart() {
        connections.forEach(c -> c.broken = true);
    }

    ConnectionPoolBuilder pool() {
        return ConnectionPool.builder(() -> config("app"))
                .connector(this::connect)
                .listener(PoolListener.NONE);
    }
}
