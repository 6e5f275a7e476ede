package io.sluice.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class QueryTimeoutsTest {
    private static final Duration LONG = Duration.ofSeconds(30);

    @Test
    void shouldReturnTheSharedTokenWhenNoTimeoutIsSet() {
        Runnable fail = () -> {
            throw new AssertionError("must not run");
        };
        assertThat(QueryTimeouts.arm(Duration.ZERO, fail, LONG, fail)).isSameAs(TimeoutToken.NONE);
        assertThat(QueryTimeouts.arm(null, fail, LONG, fail)).isSameAs(TimeoutToken.NONE);
        assertThat(TimeoutToken.NONE.disarm()).isTrue();
        assertThat(TimeoutToken.NONE.fired()).isFalse();
        assertThat(TimeoutToken.NONE.awaitCancel(Duration.ZERO)).isTrue();
    }

    @Test
    void shouldAcceptALimitTooLongForNanoseconds() {
        TimeoutToken token =
                QueryTimeouts.arm(Duration.ofDays(365L * 1000), () -> {}, Duration.ofDays(365L * 1000), () -> {});
        assertThat(token.disarm()).isTrue();
    }

    @Test
    void shouldNeverFireWhenDisarmedBeforeTheDeadline() throws InterruptedException {
        AtomicInteger ran = new AtomicInteger();
        TimeoutToken early = QueryTimeouts.arm(Duration.ofMillis(20), ran::incrementAndGet, LONG, ran::incrementAndGet);
        assertThat(early.disarm()).isTrue();
        // The timer thread runs tasks in deadline order: once a later token has fired, the early one
        // would have fired before it, had it not been disarmed.
        CountDownLatch later = new CountDownLatch(1);
        TimeoutToken probe = QueryTimeouts.arm(Duration.ofMillis(60), later::countDown, LONG, null);
        assertThat(later.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(probe.fired()).isTrue();
        assertThat(ran).hasValue(0);
        assertThat(early.fired()).isFalse();
        assertThat(early.disarm()).isTrue(); // idempotent
    }

    @Test
    void shouldNotDisarmIntoSuccessWhenFired() throws InterruptedException {
        CountDownLatch cancelled = new CountDownLatch(1);
        AtomicInteger graceRuns = new AtomicInteger();
        TimeoutToken token =
                QueryTimeouts.arm(Duration.ofMillis(1), cancelled::countDown, LONG, graceRuns::incrementAndGet);
        assertThat(cancelled.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(token.fired()).isTrue();
        assertThat(token.disarm()).isFalse();
        assertThat(token.disarm()).isFalse();
        assertThat(token.fired()).isTrue();
        assertThat(token.awaitCancel(Duration.ofSeconds(10))).isTrue();
        assertThat(graceRuns).hasValue(0); // the response came within the grace
    }

    @Test
    void shouldRunTheGraceActionWhenTheResponseNeverComes() throws InterruptedException {
        CountDownLatch broken = new CountDownLatch(1);
        TimeoutToken token = QueryTimeouts.arm(Duration.ofMillis(1), () -> {}, Duration.ofMillis(1), broken::countDown);
        assertThat(broken.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(token.disarm()).isFalse();
        assertThat(token.fired()).isTrue();
    }

    @Test
    void shouldWaitForTheCancelActionAfterAFire() throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TimeoutToken token = QueryTimeouts.arm(
                Duration.ofMillis(1),
                () -> {
                    started.countDown();
                    awaitQuietly(release);
                },
                LONG,
                null);
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(token.disarm()).isFalse();
        assertThat(token.awaitCancel(Duration.ofMillis(20))).isFalse(); // still running
        release.countDown();
        assertThat(token.awaitCancel(Duration.ofSeconds(10))).isTrue();
    }

    /** Exactly one side wins each token: a disarm that returned true means its action never runs. */
    @Test
    void shouldRunTheActionExactlyWhenDisarmLosesTheRace() throws InterruptedException {
        int threads = 8;
        int perThread = 500;
        AtomicInteger actions = new AtomicInteger();
        AtomicInteger lostDisarms = new AtomicInteger();
        AtomicInteger violations = new AtomicInteger();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            workers.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < perThread; i++) {
                    Duration limit =
                            Duration.ofNanos(ThreadLocalRandom.current().nextLong(1, 200_000));
                    TimeoutToken token = QueryTimeouts.arm(limit, actions::incrementAndGet, LONG, null);
                    if (ThreadLocalRandom.current().nextBoolean()) {
                        Thread.onSpinWait();
                    }
                    if (!token.disarm()) {
                        lostDisarms.incrementAndGet();
                        if (!token.awaitCancel(Duration.ofSeconds(10))) {
                            violations.incrementAndGet();
                        }
                    } else if (token.fired()) {
                        violations.incrementAndGet();
                    }
                }
            }));
        }
        for (Thread w : workers) {
            w.join();
        }
        assertThat(violations).hasValue(0);
        assertThat(actions.get()).isEqualTo(lostDisarms.get());
    }

    @Test
    void shouldShareOneTimerThreadAcrossConnections() throws InterruptedException {
        int connections = 50;
        CountDownLatch fired = new CountDownLatch(connections);
        List<Thread> callers = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            callers.add(Thread.ofVirtual().start(() -> {
                QueryTimeouts.arm(Duration.ofMillis(1), fired::countDown, LONG, null);
                QueryTimeouts.arm(LONG, () -> {}, LONG, null).disarm();
            }));
        }
        for (Thread c : callers) {
            c.join();
        }
        assertThat(fired.await(10, TimeUnit.SECONDS)).isTrue();
        long timerThreads = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals(QueryTimeouts.THREAD_NAME))
                .peek(t -> assertThat(t.isDaemon()).isTrue())
                .count();
        assertThat(timerThreads).isEqualTo(1);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
