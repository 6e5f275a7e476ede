package io.sluice.bench.pg.replay;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A benchmark-only PostgreSQL stand-in on {@code 127.0.0.1} that answers with responses recorded from
 * a real server, so that a client benchmark measures the client's own cost.
 *
 * <p>Recording: each client connection is proxied to the real server. The client's messages are cut
 * into exchanges, each ending where the client waits for an answer (Sync, simple Query, or the startup
 * message); the server's answer to an exchange is everything up to and including ReadyForQuery. The
 * answer is stored under the exact bytes of the exchange, per session (sessions are told apart by
 * their startup message, which carries {@code application_name}), after statement names are made
 * canonical ({@link PgFrames#canonicalStatementName}); the real server sees the canonical names too.
 *
 * <p>Replay ({@link #replay()}): no server is involved; each exchange's bytes are looked up and the
 * recorded answer is written back byte for byte. An exchange never recorded gets a FATAL
 * ErrorResponse and the connection is closed; {@link #misses()} counts them. SSLRequest and
 * GSSENCRequest are always declined ({@code 'N'}); Flush is not supported (clients that use it need
 * another cut rule).
 */
public final class ReplayServer implements AutoCloseable {
    private static final ByteBuffer STARTUP = ByteBuffer.allocate(0);
    private static final int BUFFER = 64 * 1024;
    /** Longest spin for a lone connection's next request: longer than any client's pause between requests. */
    private static final long SPIN_NANOS = 10_000_000L;

    private final String upstreamHost;
    private final int upstreamPort;
    private final ServerSocket server;
    private final Map<ByteBuffer, Map<ByteBuffer, byte[]>> sessions = new ConcurrentHashMap<>();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final AtomicLong misses = new AtomicLong();
    private final AtomicReference<String> lastMiss = new AtomicReference<>("");
    private volatile boolean recording = true;

    private ReplayServer(String upstreamHost, int upstreamPort) throws IOException {
        this.upstreamHost = upstreamHost;
        this.upstreamPort = upstreamPort;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
    }

    /** Starts in recording mode on an ephemeral loopback port, proxying to {@code upstreamHost:upstreamPort}. */
    public static ReplayServer start(String upstreamHost, int upstreamPort) throws IOException {
        ReplayServer r = new ReplayServer(upstreamHost, upstreamPort);
        Thread acceptor = new Thread(r::acceptLoop, "replay-accept");
        acceptor.setDaemon(true);
        acceptor.start();
        return r;
    }

    /** The port clients connect to. */
    public int port() {
        return server.getLocalPort();
    }

    /** Stops recording: from now on every connection is answered from the recordings alone. */
    public void replay() {
        recording = false;
    }

    /** Recorded exchanges, over all sessions. */
    public int exchanges() {
        return sessions.values().stream().mapToInt(Map::size).sum();
    }

    /** Exchanges that had no recording during replay. */
    public long misses() {
        return misses.get();
    }

    /** A description of the last miss, empty if none. */
    public String lastMiss() {
        return lastMiss.get();
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket s : open) {
            s.close();
        }
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                s.setTcpNoDelay(true);
                open.add(s);
                Thread t = new Thread(() -> serve(s), "replay-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket client) {
        Socket upstream = null;
        try (client) {
            DataInputStream in = new DataInputStream(new BufferedInputStream(client.getInputStream(), BUFFER));
            OutputStream out = new BufferedOutputStream(client.getOutputStream(), BUFFER);
            byte[] startup = startup(in, out);
            if (startup == null) {
                return;
            }
            ByteBuffer sessionKey = ByteBuffer.wrap(startup);
            Map<ByteBuffer, byte[]> session;
            Upstream up = null;
            if (recording) {
                upstream = new Socket(upstreamHost, upstreamPort);
                upstream.setTcpNoDelay(true);
                upstream.setSoTimeout(30_000);
                up = new Upstream(upstream);
                session = sessions.computeIfAbsent(sessionKey, k -> new ConcurrentHashMap<>());
                session.put(STARTUP, up.exchange(startup));
            } else {
                session = sessions.get(sessionKey);
            }
            if (!answer(session, STARTUP, out, "startup")) {
                return;
            }
            ByteArrayOutputStream exchange = new ByteArrayOutputStream(256);
            Map<String, String> statementNames = new HashMap<>();
            byte[] message;
            while ((message = nextMessage(in)) != null) {
                message = PgFrames.canonicalStatementName(message, statementNames);
                byte type = message[0];
                if (type == PgFrames.TERMINATE) {
                    if (up != null) {
                        up.send(message);
                    }
                    return;
                }
                if (type == PgFrames.FLUSH) {
                    miss(out, "replay: Flush is not supported: client would wait for a partial answer");
                    return;
                }
                exchange.write(message);
                if (type == PgFrames.SYNC || type == PgFrames.QUERY) {
                    ByteBuffer key = ByteBuffer.wrap(exchange.toByteArray());
                    exchange.reset();
                    if (up != null) {
                        session.putIfAbsent(key, up.exchange(key.array()));
                    }
                    if (!answer(session, key, out, null)) {
                        return;
                    }
                    if (in.available() == 0) {
                        out.flush(); // coalesce answers to pipelined exchanges, flush when the client waits
                    }
                }
            }
        } catch (IOException e) {
            // The client or the server went away; the connection ends.
        } finally {
            open.remove(client);
            if (upstream != null) {
                try {
                    upstream.close();
                } catch (IOException ignored) {
                    // closing
                }
            }
        }
    }

    /**
     * The client's next message, or null at the end of the stream. While this is the only connection
     * served, the server waits for it spinning (up to {@link #SPIN_NANOS}) rather than asleep in the
     * read: a sleeping server thread took tens of microseconds to wake for each request, the same for
     * every client, which diluted the clients' own cost (the point of replaying) in their ratio.
     * With several connections each thread sleeps, so that they do not take the cores from the clients.
     */
    private byte[] nextMessage(DataInputStream in) throws IOException {
        if (open.size() == 1) {
            long until = System.nanoTime() + SPIN_NANOS;
            while (in.available() == 0 && System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }
        return PgFrames.readMessage(in);
    }

    private boolean answer(Map<ByteBuffer, byte[]> session, ByteBuffer key, OutputStream out, String what)
            throws IOException {
        byte[] recorded = session == null ? null : session.get(key);
        if (recorded == null) {
            String text = session == null
                    ? "replay: no recorded session for this startup message"
                    : "replay: no recorded answer: exchange=" + (what != null ? what : describe(key));
            miss(out, text);
            return false;
        }
        out.write(recorded);
        if (what != null) {
            out.flush();
        }
        return true;
    }

    private void miss(OutputStream out, String text) throws IOException {
        misses.incrementAndGet();
        lastMiss.set(text);
        out.write(PgFrames.fatal(text));
        out.flush();
    }

    /** The message types of an exchange and its first bytes as text, for a miss report. */
    private static String describe(ByteBuffer key) {
        StringBuilder types = new StringBuilder();
        byte[] b = key.array();
        int i = 0;
        while (i + 5 <= b.length) {
            types.append((char) b[i]);
            i += 1 + ByteBuffer.wrap(b).getInt(i + PgFrames.lengthOffset());
        }
        String text = new String(b, 0, Math.min(b.length, 200), java.nio.charset.StandardCharsets.ISO_8859_1)
                .replaceAll("[^\\x20-\\x7e]", ".");
        return types + ", bytes=" + b.length + ", text=" + text;
    }

    /** Declines encryption requests; returns the real startup message, or null if the client left or cancelled. */
    private static byte[] startup(DataInputStream in, OutputStream out) throws IOException {
        while (true) {
            byte[] m = PgFrames.readStartup(in);
            if (m == null) {
                return null;
            }
            int code = PgFrames.startupCode(m);
            if (code == PgFrames.SSL_REQUEST_CODE || code == PgFrames.GSSENC_REQUEST_CODE) {
                out.write('N');
                out.flush();
            } else if (code == PgFrames.CANCEL_REQUEST_CODE) {
                return null;
            } else {
                return m;
            }
        }
    }

    /** The proxied connection to the real server while recording. */
    private static final class Upstream {
        private final DataInputStream in;
        private final OutputStream out;

        Upstream(Socket s) throws IOException {
            this.in = new DataInputStream(new BufferedInputStream(s.getInputStream(), BUFFER));
            this.out = new BufferedOutputStream(s.getOutputStream(), BUFFER);
        }

        void send(byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
        }

        /** Sends {@code request} and returns every message up to and including ReadyForQuery. */
        byte[] exchange(byte[] request) throws IOException {
            send(request);
            ByteArrayOutputStream answer = new ByteArrayOutputStream(1024);
            byte[] m;
            while ((m = PgFrames.readMessage(in)) != null) {
                answer.write(m);
                if (m[0] == PgFrames.READY_FOR_QUERY) {
                    break;
                }
            }
            return answer.toByteArray();
        }
    }
}
