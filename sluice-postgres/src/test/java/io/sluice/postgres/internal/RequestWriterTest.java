package io.sluice.postgres.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.ConnectionException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The write side's coalescing, against an output stream the test holds back: while one write call
 * is in progress, requests from other threads are appended and leave together in the next call.
 * (The real-server behaviour, results to the right caller, is in PgSessionBehaviourTest.)
 */
@org.junit.jupiter.api.Timeout(30)
class RequestWriterTest {
    /** Records each write call; a call blocks until the test releases it. */
    private static final class GatedStream extends OutputStream {
        final Semaphore gate = new Semaphore(0);
        final CountDownLatch firstWriteEntered = new CountDownLatch(1);
        final List<byte[]> writes = new ArrayList<>();
        volatile IOException failWith;

        @Override
        public void write(int b) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            firstWriteEntered.countDown();
            gate.acquireUninterruptibly();
            if (failWith != null) {
                throw failWith;
            }
            synchronized (writes) {
                writes.add(java.util.Arrays.copyOfRange(b, off, off + len));
            }
        }
    }

    private static final class FakeSession implements RequestWriter.Session {
        volatile boolean broken;

        @Override
        public void ensureUsable() {
            if (broken) {
                throw new ConnectionException("broken");
            }
        }

        @Override
        public boolean isBroken() {
            return broken;
        }

        @Override
        public RuntimeException writeFailed(IOException cause) {
            broken = true;
            return new ConnectionException("write failed: " + cause, cause);
        }
    }

    @Test
    void shouldSendRequestsAppendedDuringAWriteInOneFollowingWrite() throws Exception {
        GatedStream out = new GatedStream();
        RequestPipeline pipeline = new RequestPipeline();
        RequestWriter writer = new RequestWriter(new FakeSession(), pipeline, out);

        Thread first = Thread.ofVirtual().start(() -> writer.send(this, b -> b.writeByte('A')));
        assertThat(out.firstWriteEntered.await(10, TimeUnit.SECONDS)).isTrue();
        // The first writer is inside its write call: the others append and return without writing.
        List<RequestPipeline.Ticket> tickets = new ArrayList<>();
        for (char c : "BCD".toCharArray()) {
            tickets.add(writer.send(this, b -> b.writeByte(c)));
        }
        out.gate.release(2);
        first.join(10_000);

        assertThat(tickets).hasSize(3).allMatch(t -> !t.hasTurn()); // behind the first, which was never read
        assertThat(out.writes).hasSize(2);
        assertThat(new String(out.writes.get(0))).isEqualTo("A");
        assertThat(new String(out.writes.get(1))).isEqualTo("BCD");
    }

    @Test
    void shouldWriteAtOnceWhenNobodyElseIsWriting() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RequestWriter writer = new RequestWriter(new FakeSession(), new RequestPipeline(), out);

        writer.send(this, b -> b.writeByte('A'));
        assertThat(out.toString()).isEqualTo("A");
        writer.send(this, b -> b.writeByte('B'));
        assertThat(out.toString()).isEqualTo("AB");
    }

    @Test
    void shouldDropARequestWhoseEncodingFailsAndKeepTheOthers() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RequestWriter writer = new RequestWriter(new FakeSession(), new RequestPipeline(), out);

        assertThatThrownBy(() -> writer.send(this, b -> {
                    b.writeByte('X');
                    throw new IllegalArgumentException("cannot encode");
                }))
                .hasMessage("cannot encode");
        writer.send(this, b -> b.writeByte('B'));

        assertThat(out.toString()).isEqualTo("B");
    }

    @Test
    void shouldFailTheFlusherAndRefuseLaterRequestsWhenTheWriteFails() throws Exception {
        GatedStream out = new GatedStream();
        FakeSession session = new FakeSession();
        RequestWriter writer = new RequestWriter(session, new RequestPipeline(), out);
        out.failWith = new IOException("connection reset");
        out.gate.release(1);

        assertThatThrownBy(() -> writer.send(this, b -> b.writeByte('A')))
                .isInstanceOf(ConnectionException.class)
                .hasMessageContaining("connection reset");
        assertThatThrownBy(() -> writer.send(this, b -> b.writeByte('B'))).isInstanceOf(ConnectionException.class);
        assertThat(out.writes).isEmpty();
    }

    @Test
    void shouldHoldRequestsPipelinedBehindOthersUntilTheReaderWaits() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RequestWriter writer = new RequestWriter(new FakeSession(), new RequestPipeline(), out);
        writer.deferWhilePipelined();

        writer.send(this, b -> b.writeByte('A')); // nothing outstanding before it: sent at once
        assertThat(out.toString()).isEqualTo("A");
        writer.send(this, b -> b.writeByte('B')); // behind A's response: waits for the reader
        writer.send(this, b -> b.writeByte('C'));
        assertThat(out.toString()).isEqualTo("A");

        writer.beforeWait(); // the reader of A's response is about to block: B and C leave together
        assertThat(out.toString()).isEqualTo("ABC");
    }

    @Test
    void shouldSendAtOnceWhatIsPipelinedWhileTheReaderIsAlreadyWaiting() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RequestWriter writer = new RequestWriter(new FakeSession(), new RequestPipeline(), out);
        writer.deferWhilePipelined();
        writer.send(this, b -> b.writeByte('A'));

        writer.beforeWait();
        writer.beforeSleep(); // blocked for A's response: nobody would send B later
        writer.send(this, b -> b.writeByte('B'));
        assertThat(out.toString()).isEqualTo("AB");
        writer.afterWait();

        writer.send(this, b -> b.writeByte('C')); // the reader runs again: C may wait for it
        assertThat(out.toString()).isEqualTo("AB");
    }

    /**
     * While the server holds 4 requests or more, a spinning reader keeps later ones back, so that they
     * leave together once it runs low; before the reader sleeps they leave in any case.
     */
    @Test
    void shouldHoldRequestsBackWhileTheServerHasEnough() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RequestPipeline pipeline = new RequestPipeline();
        RequestWriter writer = new RequestWriter(new FakeSession(), pipeline, out);
        writer.deferWhilePipelined();
        writer.send(this, b -> b.writeByte('A'));
        for (char c : "BCD".toCharArray()) {
            writer.send(this, b -> b.writeByte(c));
        }
        assertThat(writer.beforeWait()).as("others queued behind A").isTrue(); // 1 at the server: B, C, D leave
        assertThat(out.toString()).isEqualTo("ABCD");

        writer.send(this, b -> b.writeByte('E'));
        writer.send(this, b -> b.writeByte('F'));
        writer.beforeWait();
        writer.whileSpinning(); // A, B, C, D at the server: E and F wait
        assertThat(out.toString()).isEqualTo("ABCD");

        pipeline.finishTurn(); // A's response consumed: 3 left at the server
        writer.whileSpinning();
        assertThat(out.toString()).isEqualTo("ABCDEF");

        writer.send(this, b -> b.writeByte('G'));
        writer.whileSpinning(); // B to F at the server: G waits
        assertThat(out.toString()).isEqualTo("ABCDEF");
        writer.beforeSleep(); // but not past the reader's sleep
        assertThat(out.toString()).isEqualTo("ABCDEFG");
        writer.afterWait();
    }
}
