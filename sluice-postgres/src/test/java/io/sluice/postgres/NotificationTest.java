package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.Notification;
import io.sluice.QueryCancelledException;
import io.sluice.ServerEventListener;
import io.sluice.SslMode;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** LISTEN/NOTIFY against the real server: waiting, timing out, queueing, interrupts, TLS, termination. */
@Timeout(60)
class NotificationTest {
    private final List<Notification> heard = new CopyOnWriteArrayList<>();
    private Connection listener;
    private Connection notifier;

    @BeforeEach
    void open() {
        listener = new PgDriver()
                .connect(PgTestConfig.trust()
                        .eventListener(new ServerEventListener() {
                            @Override
                            public void onNotification(Notification n) {
                                heard.add(n);
                            }
                        })
                        .build());
        notifier = PgTestConfig.connect();
    }

    @AfterEach
    void close() {
        listener.close();
        notifier.close();
    }

    private int notifierPid() {
        return notifier.query("SELECT pg_backend_pid()", r -> r.getInt(0)).get(0);
    }

    @Test
    void shouldWaitForANotificationFromAnotherSession() throws Exception {
        listener.execute("LISTEN sluice_orders");
        Thread sender = Thread.ofVirtual().start(() -> {
            sleep(200);
            notifier.execute("SELECT pg_notify('sluice_orders', 'order 42 ✓ «shipped»')");
        });

        long start = System.nanoTime();
        List<Notification> got = listener.awaitNotifications(Duration.ofSeconds(20));
        sender.join();

        assertThat(got).containsExactly(new Notification("sluice_orders", "order 42 ✓ «shipped»", notifierPid()));
        assertThat(heard).isEqualTo(got);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        assertThat(listener.query("SELECT 1", r -> r.getInt(0))).containsExactly(1);
    }

    @Test
    void shouldReturnNothingWhenTheTimeRunsOutAndStayUsable() {
        listener.execute("LISTEN sluice_quiet");
        long start = System.nanoTime();

        assertThat(listener.awaitNotifications(Duration.ofMillis(300))).isEmpty();

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(290));
        assertThat(listener.query("SELECT 2", r -> r.getInt(0))).containsExactly(2);
        assertThat(listener.awaitNotifications(Duration.ZERO)).isEmpty();
    }

    @Test
    void shouldKeepNotificationsThatArriveDuringOtherQueriesInOrder() {
        listener.execute("LISTEN sluice_a");
        listener.execute("LISTEN sluice_b");
        notifier.execute("NOTIFY sluice_a, 'first'");
        notifier.execute("NOTIFY sluice_b");
        notifier.execute("NOTIFY sluice_a, 'third'");
        // Delivered when the listener next reads; pg_sleep lets all three reach its socket first.
        listener.query("SELECT pg_sleep(0.2)", r -> 0);

        int pid = notifierPid();
        assertThat(listener.awaitNotifications(Duration.ZERO))
                .containsExactly(
                        new Notification("sluice_a", "first", pid),
                        new Notification("sluice_b", "", pid),
                        new Notification("sluice_a", "third", pid));
        assertThat(listener.awaitNotifications(Duration.ZERO)).isEmpty();
    }

    @Test
    void shouldReturnAlreadyQueuedNotificationsWithoutWaiting() {
        listener.execute("LISTEN sluice_q");
        notifier.execute("NOTIFY sluice_q, 'x'");
        listener.query("SELECT pg_sleep(0.2)", r -> 0);

        long start = System.nanoTime();
        assertThat(listener.awaitNotifications(Duration.ofSeconds(30)))
                .extracting(Notification::payload)
                .containsExactly("x");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void shouldForgetListensAndQueuedNotificationsOnReset() {
        listener.execute("LISTEN sluice_reset");
        notifier.execute("NOTIFY sluice_reset, 'before'");
        listener.query("SELECT pg_sleep(0.2)", r -> 0);

        listener.reset();
        notifier.execute("NOTIFY sluice_reset, 'after'");

        assertThat(listener.awaitNotifications(Duration.ofMillis(300))).isEmpty();
    }

    @Test
    void shouldStopWaitingWhenInterruptedAndKeepTheConnection() throws Exception {
        listener.execute("LISTEN sluice_never");
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicReference<Boolean> flag = new AtomicReference<>();
        CountDownLatch started = new CountDownLatch(1);
        Thread waiter = Thread.ofVirtual().start(() -> {
            started.countDown();
            try {
                listener.awaitNotifications(Duration.ofSeconds(30));
            } catch (Throwable t) {
                failure.set(t);
                flag.set(Thread.currentThread().isInterrupted());
            }
        });
        started.await();
        Thread.sleep(300);
        waiter.interrupt();
        assertThat(waiter.join(Duration.ofSeconds(10))).isTrue();

        assertThat(failure.get()).isInstanceOf(QueryCancelledException.class).hasMessageContaining("interrupted");
        assertThat(flag.get()).isTrue();
        assertThat(listener.isBroken()).isFalse();
        notifier.execute("NOTIFY sluice_never, 'after all'");
        assertThat(listener.awaitNotifications(Duration.ofSeconds(20)))
                .extracting(Notification::payload)
                .containsExactly("after all");
    }

    @Test
    void shouldLetOtherThreadsQueriesRunAfterTheWait() throws Exception {
        listener.execute("LISTEN sluice_busy");
        Thread waiter = Thread.ofVirtual().start(() -> listener.awaitNotifications(Duration.ofMillis(500)));
        Thread.sleep(100);
        // Queued behind the wait on the same connection, answered once it ends.
        assertThat(listener.query("SELECT 3", r -> r.getInt(0))).containsExactly(3);
        waiter.join();
    }

    @Test
    void shouldWaitOverTls() throws Exception {
        ConnectionConfig tls = PgTestConfig.role("sluice_tls", "sluice-tls-pw")
                .sslMode(SslMode.VERIFY_FULL)
                .sslRootCert(PgTestConfig.caCert())
                .build();
        try (Connection c = new PgDriver().connect(tls)) {
            c.execute("LISTEN sluice_tls_channel");
            assertThat(c.awaitNotifications(Duration.ofMillis(200))).isEmpty();
            Thread sender = Thread.ofVirtual().start(() -> {
                sleep(200);
                notifier.execute("NOTIFY sluice_tls_channel, 'over tls'");
            });
            assertThat(c.awaitNotifications(Duration.ofSeconds(20)))
                    .extracting(Notification::payload)
                    .containsExactly("over tls");
            sender.join();
            assertThat(c.query("SELECT 4", r -> r.getInt(0))).containsExactly(4);
        }
    }

    @Test
    void shouldFailClearlyWhenTheSessionIsTerminatedWhileWaiting() throws Exception {
        listener.execute("LISTEN sluice_doomed");
        int pid = listener.query("SELECT pg_backend_pid()", r -> r.getInt(0)).get(0);
        Thread killer = Thread.ofVirtual().start(() -> {
            sleep(200);
            notifier.execute("SELECT pg_terminate_backend($1)", pid);
        });

        assertThatThrownBy(() -> listener.awaitNotifications(Duration.ofSeconds(20)))
                .isInstanceOf(ConnectionException.class)
                .hasMessageContaining("waiting for notifications");
        killer.join();
        assertThat(listener.isBroken()).isTrue();
    }

    private static void sleep(long millis) {
        try {
            TimeUnit.MILLISECONDS.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
