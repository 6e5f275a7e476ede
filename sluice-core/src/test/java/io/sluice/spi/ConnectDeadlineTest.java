package io.sluice.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link ConnectDeadline}: the bound on a whole connect that both drivers share. */
class ConnectDeadlineTest {

    /** A watched resource that counts its closes and signals the first one. */
    private static final class Watched implements AutoCloseable {
        final AtomicInteger closes = new AtomicInteger();
        final CountDownLatch closed = new CountDownLatch(1);

        @Override
        public void close() {
            closes.incrementAndGet();
            closed.countDown();
        }

        boolean awaitClosed() throws InterruptedException {
            return closed.await(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void shouldNeverExpireWhenTheTimeoutIsZero() throws InterruptedException {
        ConnectDeadline deadline = ConnectDeadline.start(Duration.ZERO);
        Watched socket = new Watched();
        deadline.watch(socket);
        assertThat(deadline.nanos()).as("no bound").isZero();
        Thread.sleep(50);
        assertThat(deadline.expired()).isFalse();
        assertThat(deadline.finish()).isTrue();
        assertThat(socket.closes).hasValue(0);
    }

    @Test
    void shouldCloseEveryWatchedResourceOnceWhenTheTimeIsUp() throws InterruptedException {
        long before = System.nanoTime();
        ConnectDeadline deadline = ConnectDeadline.start(Duration.ofMillis(200));
        assertThat(deadline.nanos() - before)
                .isGreaterThanOrEqualTo(Duration.ofMillis(200).toNanos());
        Watched socket = new Watched();
        Watched tls = new Watched();
        deadline.watch(socket);
        deadline.watch(tls);
        assertThat(socket.awaitClosed()).isTrue();
        assertThat(tls.awaitClosed()).isTrue();
        assertThat(deadline.expired()).isTrue();
        assertThat(deadline.finish())
                .as("finish after expiry: the connection must not be used")
                .isFalse();
        assertThat(deadline.finish()).isFalse();
        Thread.sleep(50);
        assertThat(socket.closes).hasValue(1);
        assertThat(tls.closes).hasValue(1);
    }

    @Test
    void shouldCloseAtOnceWhatIsWatchedAfterExpiry() throws InterruptedException {
        ConnectDeadline deadline = ConnectDeadline.start(Duration.ofMillis(10));
        Watched first = new Watched();
        deadline.watch(first);
        assertThat(first.awaitClosed()).isTrue();
        Watched late = new Watched(); // a TLS socket layered on after the timer fired
        deadline.watch(late);
        assertThat(late.closes).as("closed by watch itself").hasValue(1);
        assertThat(first.closes).hasValue(1);
    }

    @Test
    void shouldNeverCloseWhenFinishedInTime() throws InterruptedException {
        ConnectDeadline deadline = ConnectDeadline.start(Duration.ofMillis(50));
        Watched socket = new Watched();
        deadline.watch(socket);
        assertThat(deadline.finish()).isTrue();
        assertThat(deadline.finish()).as("finishing twice is harmless").isTrue();
        Thread.sleep(150);
        assertThat(deadline.expired()).isFalse();
        assertThat(socket.closes).hasValue(0);
    }

    @Test
    void shouldCloseWatchedResourcesWhenAbandoned() {
        ConnectDeadline deadline = ConnectDeadline.start(Duration.ofSeconds(30));
        Watched socket = new Watched();
        deadline.watch(socket);
        deadline.abandon();
        assertThat(socket.closes).hasValue(1);
        assertThat(deadline.expired()).isFalse();
    }

    @Test
    void shouldIgnoreAFailingCloseAndCloseTheRest() throws InterruptedException {
        ConnectDeadline deadline = ConnectDeadline.start(Duration.ofMillis(10));
        deadline.watch(() -> {
            throw new IllegalStateException("close failed");
        });
        Watched next = new Watched();
        deadline.watch(next);
        assertThat(next.awaitClosed()).isTrue();
        assertThat(deadline.expired()).isTrue();
    }
}
