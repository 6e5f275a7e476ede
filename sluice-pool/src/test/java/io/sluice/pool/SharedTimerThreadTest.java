package io.sluice.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.QueryTimeoutException;
import io.sluice.Sluice;
import io.sluice.spi.QueryTimeouts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Query timeouts of every connection of both drivers run on the one timer thread of sluice-core. */
class SharedTimerThreadTest {
    private static final ConnectionConfig MARIADB =
            ConnectionConfig.fromUrl("mariadb://root@127.0.0.1:3306/test?sslmode=disable");
    private static final ConnectionConfig POSTGRES =
            PostgresServer.trust(PostgresServer.SHARED_PORT, "postgres", "sltm_shared_timer");

    @Test
    void shouldTimeOutQueriesOfBothDriversOnOneTimerThread() throws InterruptedException, ExecutionException {
        int perDriver = 3;
        List<Future<?>> runs = new ArrayList<>();
        try (ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < perDriver; i++) {
                runs.add(callers.submit(() -> timesOut(POSTGRES, "SELECT pg_sleep(30)")));
                runs.add(callers.submit(() -> timesOut(MARIADB, "SELECT SLEEP(30)")));
            }
            for (Future<?> run : runs) {
                run.get();
            }
        }
        List<String> timerThreads = Thread.getAllStackTraces().keySet().stream()
                .map(Thread::getName)
                .filter(n -> n.equals(QueryTimeouts.THREAD_NAME) || n.contains("watchdog") || n.endsWith("-timeout"))
                .toList();
        assertThat(timerThreads).containsExactly(QueryTimeouts.THREAD_NAME);
    }

    private static void timesOut(ConnectionConfig config, String sleep) {
        try (Connection c = Sluice.connect(config)) {
            c.queryTimeout(Duration.ofMillis(200));
            assertThatThrownBy(() -> c.execute(sleep)).isInstanceOf(QueryTimeoutException.class);
            assertThat(c.query("SELECT 1", r -> r.getInt(0))).containsExactly(1); // still usable
            assertThat(c.isValid(Duration.ofSeconds(5))).isTrue();
        }
    }
}
