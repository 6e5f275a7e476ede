package io.sluice.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A loopback TCP proxy in front of a real server that stalls, delays and cuts the sessions passing through it,
 * for fault tests: point a connection at {@code 127.0.0.1:}{@link #port()} and misbehave on demand.
 *
 * <ul>
 *   <li>{@link #stall()}: both directions stop forwarding; sockets stay open and silent (a hung network or server).
 *   <li>{@link #stallServerAfter(long)}: the server's next {@code n} bytes pass, then server-to-client stalls
 *       (a server that dies mid-result without closing).
 *   <li>{@link #delay(Duration)}: every chunk waits this long before it is forwarded.
 *   <li>{@link #cutAll()}: every open session is reset (RST) in both directions.
 * </ul>
 *
 * Applies to sessions already open and to new ones. Threads are daemons; {@link #close()} ends everything.
 */
public final class FaultProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private boolean stalled;
    private long serverBytesBeforeStall = -1; // -1: no limit armed
    private Duration delay = Duration.ZERO;
    private volatile boolean closed;

    private FaultProxy(InetSocketAddress target) throws IOException {
        this.target = target;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("fault-proxy-accept").start(this::acceptLoop);
    }

    /** A proxy forwarding to {@code host:port}, listening on an ephemeral loopback port. */
    public static FaultProxy start(String host, int port) {
        try {
            return new FaultProxy(new InetSocketAddress(host, port));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The loopback port to connect to instead of the server's. */
    public int port() {
        return listener.getLocalPort();
    }

    /** Stops forwarding in both directions until {@link #resume()}; bytes already read are held, not lost. */
    public void stall() {
        update(() -> stalled = true);
    }

    /** Lets the server's next {@code bytes} bytes through (over all sessions), then stalls server-to-client. */
    public void stallServerAfter(long bytes) {
        update(() -> serverBytesBeforeStall = bytes);
    }

    /** Forwards again, and clears {@link #stallServerAfter(long)}. */
    public void resume() {
        update(() -> {
            stalled = false;
            serverBytesBeforeStall = -1;
        });
    }

    /** Holds every chunk for {@code perChunk} before forwarding it; {@link Duration#ZERO} for none. */
    public void delay(Duration perChunk) {
        update(() -> delay = perChunk);
    }

    /** Resets every open session in both directions (RST, no FIN). New sessions still pass. */
    public void cutAll() {
        for (Socket s : sockets) {
            reset(s);
        }
        sockets.clear();
    }

    /** Sessions accepted so far and still open. */
    public int openSessions() {
        return (int) sockets.stream().filter(s -> !s.isClosed()).count();
    }

    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        update(() -> stalled = false);
        cutAll();
    }

    private void update(Runnable change) {
        lock.lock();
        try {
            change.run();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket();
                try {
                    server.connect(target, 5_000);
                } catch (IOException e) {
                    reset(client);
                    continue;
                }
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(server);
                Thread.ofPlatform().daemon().name("fault-proxy-up").start(() -> pump(client, server, false));
                Thread.ofPlatform().daemon().name("fault-proxy-down").start(() -> pump(server, client, true));
            } catch (IOException e) {
                if (!closed) {
                    continue;
                }
                return;
            }
        }
    }

    private void pump(Socket from, Socket to, boolean fromServer) {
        byte[] buf = new byte[16 * 1024];
        try (InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buf)) > 0) {
                int off = 0;
                while (off < n) {
                    int allowed = awaitAllowance(fromServer, n - off);
                    if (allowed < 0) {
                        return;
                    }
                    out.write(buf, off, allowed);
                    out.flush();
                    off += allowed;
                }
            }
        } catch (IOException | InterruptedException e) {
            // the session ends: reset both sides so the peer sees it at once
        } finally {
            reset(from);
            reset(to);
        }
    }

    /** Waits until forwarding is allowed; returns how many of {@code wanted} bytes may go now, -1 if closed. */
    private int awaitAllowance(boolean fromServer, int wanted) throws InterruptedException {
        Duration wait;
        int allowed;
        lock.lock();
        try {
            while (!closed && (stalled || (fromServer && serverBytesBeforeStall == 0))) {
                changed.await();
            }
            if (closed) {
                return -1;
            }
            allowed = wanted;
            if (fromServer && serverBytesBeforeStall > 0) {
                allowed = (int) Math.min(wanted, serverBytesBeforeStall);
                serverBytesBeforeStall -= allowed;
            }
            wait = delay;
        } finally {
            lock.unlock();
        }
        if (!wait.isZero()) {
            Thread.sleep(wait);
        }
        return allowed;
    }

    private static void reset(Socket s) {
        try {
            if (!s.isClosed()) {
                s.setSoLinger(true, 0);
                s.close();
            }
        } catch (IOException ignored) {
            // already gone
        }
    }
}
