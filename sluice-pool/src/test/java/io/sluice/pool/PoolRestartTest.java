package io.sluice.pool;

import static io.sluice.pool.Eventually.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.ConnectionException;
import io.sluice.PoolExhaustedException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL restarted under load. Restarts only the private fault instance on 127.0.0.1:5433 that
 * {@code bin/setup.d/30-postgres-fault.sh} created (never the shared server on 5432).
 */
class PoolRestartTest {
    private static final String APP = "pool_restart";
    private static final Path DATA = Path.of("/var/lib/postgresql/sluice-fault");

    @Test
    void shouldRecoverByItselfWithoutLeakingSessionsWhenServerRestartsUnderLoad() throws Exception {
        assumeTrue(
                listening(PostgresServer.FAULT_PORT) && Files.isDirectory(DATA),
                "the fault instance on 127.0.0.1:5433 is not up: run bin/setup-services");
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong ok = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        AtomicLong upAt = new AtomicLong();
        AtomicLong firstOkAfterUp = new AtomicLong();
        Queue<SluiceException> errors = new ConcurrentLinkedQueue<>();
        ConnectionPool pool = ConnectionPool.builder(
                        () -> PostgresServer.trust(PostgresServer.FAULT_PORT, "postgres", APP))
                .listener(PoolListener.NONE)
                .minIdle(4)
                .maxSize(4)
                .connectionTimeout(Duration.ofSeconds(2))
                .validationTimeout(Duration.ofSeconds(2))
                .build();
        try {
            pool.awaitMinIdle(Duration.ofSeconds(20));
            List<Thread> load = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                load.add(Thread.ofVirtual().start(() -> {
                    while (!stop.get()) {
                        try {
                            pool.useConnection(c -> c.query("SELECT 1", r -> r.getInt(0)));
                            ok.incrementAndGet();
                            if (upAt.get() != 0) {
                                firstOkAfterUp.compareAndSet(0, System.nanoTime());
                            }
                        } catch (SluiceException e) {
                            failed.incrementAndGet();
                            if (errors.size() < 1000) {
                                errors.add(e);
                            }
                            pause();
                        }
                    }
                }));
            }
            waitUntil(() -> ok.get() > 200, "load running before the restart");
            long restartStart = System.nanoTime();
            restartFaultServer();
            upAt.set(System.nanoTime());
            waitUntil(() -> firstOkAfterUp.get() != 0, "a borrower succeeds after the restart");
            long okAfter = ok.get();
            waitUntil(() -> ok.get() > okAfter + 200, "load running after the restart");
            stop.set(true);
            for (Thread t : load) {
                t.join();
            }
            System.out.printf(
                    "pool restart test: restart took %d ms; first success %d ms after the server was up; "
                            + "%d queries ok, %d failed during the restart; stats=%s%n",
                    (upAt.get() - restartStart) / 1_000_000,
                    (firstOkAfterUp.get() - upAt.get()) / 1_000_000,
                    ok.get(),
                    failed.get(),
                    pool.stats());
            assertThat(failed.get()).as("borrowers saw the restart").isPositive();
            assertThat(errors).allSatisfy(e -> assertThat(e)
                    .isInstanceOfAny(ServerException.class, ConnectionException.class, PoolExhaustedException.class)
                    .hasMessageContaining(":"));
            assertThat(pool.stats().active()).isZero();
            assertThat(pool.stats().total()).isLessThanOrEqualTo(4);
            long total = pool.stats().total();
            waitUntil(
                    () -> PostgresServer.backends(PostgresServer.FAULT_PORT, APP)
                            == pool.stats().total(),
                    "server-side sessions match the pool's count (" + total + ")");
        } finally {
            stop.set(true);
            pool.close(Duration.ofSeconds(10));
        }
        waitUntil(() -> PostgresServer.backends(PostgresServer.FAULT_PORT, APP) == 0, "no session left after close");
    }

    private static void restartFaultServer() throws IOException, InterruptedException {
        Path bin;
        try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
            bin = versions.map(v -> v.resolve("bin"))
                    .filter(b -> Files.isExecutable(b.resolve("pg_ctl")))
                    .max(Path::compareTo)
                    .orElseThrow(() -> new AssertionError("pg_ctl not found under /usr/lib/postgresql"));
        }
        Process p = new ProcessBuilder(
                        "runuser",
                        "-u",
                        "postgres",
                        "--",
                        bin.resolve("pg_ctl").toString(),
                        "-D",
                        DATA.toString(),
                        "-l",
                        DATA.resolve("server.log").toString(),
                        "-m",
                        "fast",
                        "-w",
                        "-t",
                        "60",
                        "restart")
                .directory(Path.of("/tmp").toFile())
                .redirectErrorStream(true)
                .start();
        String output = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(90, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("pg_ctl restart: " + output).isZero();
    }

    private static boolean listening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void pause() {
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
