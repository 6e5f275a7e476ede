package io.sluice.postgres.internal.transport;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Blocking streams over a non-blocking {@link SocketChannel}, waiting in a {@link Selector} (one for
 * reading, one for writing, since a pipelined writer and the current reader work at the same time).
 *
 * <p>Why not the socket's own streams: a thread interrupted while blocked in {@code Socket} I/O has
 * its socket closed (virtual threads) or is not woken at all (platform threads). Here an interrupt
 * only wakes the selector: a read then throws {@link ReadInterruptedException} with the channel
 * intact, so the connection can cancel the query, read the rest of the response and stay usable.
 * Writes finish regardless (a half-written message would desynchronise the protocol) and keep the
 * interrupt flag for the caller.
 */
public final class SelectingChannelStreams implements AutoCloseable {
    /** A read was woken by {@link Thread#interrupt()}; the channel is open, no data was lost, the flag is cleared. */
    public static final class ReadInterruptedException extends InterruptedIOException {
        private static final long serialVersionUID = 1L;

        ReadInterruptedException() {
            super("read interrupted");
        }
    }

    /** Each selector has one key: the action form of select leaves no selected-key set to clear (or allocate). */
    private static final Consumer<SelectionKey> IGNORE_KEY = key -> {};
    /** Readers of this process now waiting for a server, spinning or asleep. */
    private static final AtomicInteger WAITING = new AtomicInteger();

    private final SocketChannel channel;
    /** How long a reader spins before it sleeps; 0 = never. */
    private final long spinNanos;
    /** Waits left to sleep through without spinning, after spins that found nothing (backoff; reader only). */
    private int spinSkip;

    private int spinMisses;
    private final Selector readSelector;
    private final Selector writeSelector;
    private final InputStream in = new ChannelInput();
    private final OutputStream out = new ChannelOutput();
    private volatile int readTimeoutMillis; // 0 = wait forever
    private volatile ReadWaitListener readWaitListener;

    /** Told when a read is about to wait for the server and when the wait is over. */
    public interface ReadWaitListener {
        /**
         * The reader is about to wait for the server (spin, then sleep): the last read came up short,
         * so the socket is probably empty.
         *
         * @return true if other callers' requests are queued behind the response being read, so that
         *     this wait holds them up too
         */
        boolean beforeWait();

        /** The reader spins: a read found nothing and the next comes soon. */
        void whileSpinning();

        /** The reader is about to sleep in the selector: nothing more is sent by it until it wakes. */
        void beforeSleep();

        void afterWait();
    }

    /**
     * Streams whose reader spins on the socket for up to {@code spinMicros} before it sleeps in the
     * selector (see {@link #spin}): waking a thread that sleeps can take longer than a local server
     * takes to answer a point select ({@code pg-point} suite); the connection's default is in
     * {@code StartupSettings.DEFAULT_SPIN_MICROS}.
     */
    public SelectingChannelStreams(SocketChannel channel, int spinMicros) throws IOException {
        if (spinMicros < 0) {
            throw new IllegalArgumentException("spinMicros must be >= 0: spinMicros=" + spinMicros);
        }
        this.spinNanos = spinMicros * 1000L;
        this.channel = channel;
        channel.configureBlocking(false);
        this.readSelector = Selector.open();
        this.writeSelector = Selector.open();
        channel.register(readSelector, SelectionKey.OP_READ);
        channel.register(writeSelector, SelectionKey.OP_WRITE);
    }

    /** Limits each read's wait (connect timeout at start-up, then socket_timeout); 0 waits forever. */
    public void readTimeout(int millis) {
        this.readTimeoutMillis = millis;
    }

    /** Sets the listener for reads that wait (the session sends its deferred requests then). */
    public void readWaitListener(ReadWaitListener listener) {
        this.readWaitListener = listener;
    }

    public int readTimeout() {
        return readTimeoutMillis;
    }

    public SocketChannel channel() {
        return channel;
    }

    public InputStream input() {
        return in;
    }

    public OutputStream output() {
        return out;
    }

    /** Closes the channel and both selectors, waking a reader or writer blocked in them at once. Idempotent. */
    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        try {
            readSelector.close();
            writeSelector.close();
        } catch (IOException ignored) {
            // nothing left to release
        }
    }

    /**
     * ByteBuffers over the caller's arrays, rewrapped only when an array changes: the read and send
     * buffers live as long as the connection, so a round trip wraps nothing. Two per direction, since
     * the session's writer alternates between two send buffers (one filled while the other is sent).
     * One window per direction (one reader and one writer at a time).
     */
    private static final class Window {
        private byte[] array;
        private ByteBuffer buffer;
        private byte[] otherArray;
        private ByteBuffer otherBuffer;

        ByteBuffer over(byte[] b, int off, int len) {
            if (b != array) {
                byte[] a = array;
                ByteBuffer bb = buffer;
                if (b == otherArray) {
                    array = otherArray;
                    buffer = otherBuffer;
                } else {
                    array = b;
                    buffer = ByteBuffer.wrap(b);
                }
                otherArray = a;
                otherBuffer = bb;
            }
            buffer.limit(off + len).position(off);
            return buffer;
        }
    }

    /**
     * Spins with non-blocking reads for at most {@code spinNanos}, and returns what the last read
     * returned (0 when nothing came). Only the process's only waiting reader spins: while others wait
     * too, the cores are better left to them and to the server (spinning beside 7 other readers cost
     * 8-thread point selects a sixth of their throughput). A virtual thread spins with
     * {@link Thread#yield()} between its reads, so that its carrier runs any other virtual thread that
     * is ready meanwhile (sleeping costs it more than a platform thread: the JDK's poller wakes it,
     * then its carrier is woken; figures in the package overview). A virtual thread whose wait holds
     * up other callers' pipelined requests ({@code pipelined}) spins even while other readers wait:
     * its yields run those callers, and each sleep would cost a wake through the poller and an idle
     * carrier. After a spin that found nothing, the next 2^k - 1 waits sleep at once (k consecutive
     * misses, up to 10), so a slow or remote server is not spun for.
     */
    private int spin(ByteBuffer target, ReadWaitListener listener, boolean pipelined) throws IOException {
        if (spinNanos == 0) {
            return 0;
        }
        if (spinSkip > 0) {
            spinSkip--;
            return 0;
        }
        boolean yielding = Thread.currentThread().isVirtual();
        boolean regardless = yielding && pipelined; // spins even beside other waiting readers
        if (!regardless && WAITING.get() > 1) {
            return 0;
        }
        long until = System.nanoTime() + spinNanos;
        int n;
        do {
            if (yielding) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
            n = channel.read(target);
            if (n == 0 && listener != null) {
                listener.whileSpinning();
            }
        } while (n == 0 && System.nanoTime() < until && (regardless || WAITING.get() == 1));
        if (n == 0) {
            spinMisses = Math.min(spinMisses + 1, 10);
            spinSkip = (1 << spinMisses) - 1;
        } else {
            spinMisses = 0;
        }
        return n;
    }

    private final class ChannelInput extends InputStream {
        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        /**
         * True when the previous read returned less than it asked for, so the socket is probably empty:
         * the next read then waits in the selector first instead of trying a read that would return 0
         * (a request-response round trip costs write, wait, read rather than write, read, wait, read).
         */
        private boolean drained;

        private final Window window = new Window();

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            ByteBuffer target = window.over(b, off, len);
            boolean waitFirst = drained;
            while (true) {
                if (!waitFirst) {
                    int n = channel.read(target);
                    if (n != 0) {
                        drained = n < len;
                        return n;
                    }
                }
                int timeout = readTimeoutMillis;
                ReadWaitListener listener = readWaitListener;
                waitFirst = false;
                int ready;
                boolean pipelined = listener != null && listener.beforeWait();
                WAITING.incrementAndGet();
                try {
                    int n = spin(target, listener, pipelined);
                    if (n != 0) {
                        drained = n < len;
                        return n;
                    }
                    if (listener != null) {
                        listener.beforeSleep();
                    }
                    ready = readSelector.select(IGNORE_KEY, timeout);
                } catch (
                        ClosedSelectorException
                                e) { // closed by another thread (the session broke): an I/O failure here
                    throw new AsynchronousCloseException();
                } finally {
                    WAITING.decrementAndGet();
                    if (listener != null) {
                        listener.afterWait();
                    }
                }
                if (!channel.isOpen()) {
                    throw new AsynchronousCloseException(); // closed under the reader (the session broke)
                }
                if (Thread.interrupted()) {
                    throw new ReadInterruptedException();
                }
                if (ready == 0 && timeout > 0) {
                    throw new SocketTimeoutException("read timed out: timeout=" + timeout + "ms");
                }
            }
        }
    }

    private final class ChannelOutput extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        private final Window window = new Window();

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            ByteBuffer source = window.over(b, off, len);
            boolean interrupted = false;
            while (source.hasRemaining()) {
                if (channel.write(source) == 0) {
                    try {
                        writeSelector.select(IGNORE_KEY, 0);
                    } catch (ClosedSelectorException e) {
                        throw new AsynchronousCloseException();
                    }
                    interrupted |= Thread.interrupted(); // else select would return at once, forever
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
