package io.sluice.bench.pool;

import com.zaxxer.hikari.HikariDataSource;
import io.sluice.pool.ConnectionPool;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * HikariCP's own microbenchmarks (its {@code ConnectionBench} and {@code StatementBench}) run against
 * the real server instead of its stub driver, for both pools, with one shared pool of 10.
 * The {@code cycle} parameter picks one:
 * <ul>
 *   <li>{@code connectionCycle}: borrow a connection and give it back.</li>
 *   <li>{@code statementCycle}: borrow, run {@code SELECT 1} and read the value, give it back.
 *       (HikariCP's original creates and closes a JDBC {@code Statement}, which costs pgjdbc no
 *       round trip and has no Sluice counterpart; against a real server the statement is run.)</li>
 * </ul>
 *
 * <p>Why not JMH's own threads: with 1,000 JMH threads on 2 cores, each thread's throughput is
 * taken over its own short, late-starting window and the sum is meaningless (billions of ops/s).
 * Instead one JMH thread drives {@code vthreads} long-lived virtual threads: every invocation
 * unparks them all, each does its share of {@value #OPS} cycles, and the invocation ends when the
 * last one is done (it unparks the driver), so ops/s is the pool's real aggregate rate. No
 * spinning barrier ({@code Phaser} spins before it parks, which on 2 cores and 1,000 threads
 * measured the barrier more than the pools).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class PoolCycleBenchmark {
    static final int POOL_SIZE = 10;
    /** Cycles per invocation, split evenly over the virtual threads (divisible by 1, 6 and 1,000). */
    static final int OPS = 6_000;

    /** {@code hikaricp} (over pgjdbc) or {@code sluice-pool}. */
    @Param("hikaricp")
    public String system;

    /** {@code connectionCycle} or {@code statementCycle} (a parameter, so that a suite can pick cells). */
    @Param("connectionCycle")
    public String cycle;

    /** Concurrent virtual threads borrowing from the pool. */
    @Param("1")
    public int vthreads;

    private HikariDataSource hikari;
    private ConnectionPool sluice;
    private volatile int round;
    private final AtomicInteger remaining = new AtomicInteger();
    private volatile Thread driver;
    private volatile boolean stopped;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final List<Thread> workers = new ArrayList<>();

    @Setup(Level.Trial)
    public void open() {
        switch (system) {
            case "hikaricp" -> hikari = PoolEndpoint.hikari(POOL_SIZE);
            case "sluice-pool" -> sluice = PoolEndpoint.sluicePool(POOL_SIZE);
            default -> throw new IllegalArgumentException("unknown system: system=" + system);
        }
        boolean withStatement = switch (cycle) {
            case "connectionCycle" -> false;
            case "statementCycle" -> true;
            default -> throw new IllegalArgumentException("unknown cycle: cycle=" + cycle);
        };
        int share = OPS / vthreads;
        for (int i = 0; i < vthreads; i++) {
            workers.add(Thread.ofVirtual().name("cycle-" + i).start(() -> work(share, withStatement)));
        }
    }

    private void work(int share, boolean withStatement) {
        int seen = 0;
        while (true) {
            while (round == seen && !stopped) {
                LockSupport.park(this);
            }
            if (stopped) {
                return;
            }
            seen = round;
            try {
                for (int i = 0; i < share; i++) {
                    if (withStatement) {
                        statementOnce();
                    } else {
                        connectionOnce();
                    }
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
            if (remaining.decrementAndGet() == 0) {
                LockSupport.unpark(driver);
            }
        }
    }

    @TearDown(Level.Trial)
    public void close() throws InterruptedException {
        stopped = true;
        workers.forEach(LockSupport::unpark);
        for (Thread t : workers) {
            t.join();
        }
        if (hikari != null) {
            hikari.close();
        }
        if (sluice != null) {
            sluice.close();
        }
    }

    /** One cycle of {@value #OPS} operations over all the virtual threads. */
    @Benchmark
    @OperationsPerInvocation(OPS)
    public void cycle() {
        driver = Thread.currentThread();
        remaining.set(vthreads);
        round = round + 1; // only this thread writes it, and only when every worker is idle
        workers.forEach(LockSupport::unpark);
        while (remaining.get() != 0) {
            LockSupport.park(this);
        }
        Throwable t = failure.get();
        if (t != null) {
            throw new IllegalStateException("a cycle failed: system=" + system + ", vthreads=" + vthreads, t);
        }
    }

    private void connectionOnce() throws Exception {
        if (sluice != null) {
            sluice.connection().close();
        } else {
            hikari.getConnection().close();
        }
    }

    private void statementOnce() throws Exception {
        if (sluice != null) {
            try (io.sluice.Connection c = sluice.connection()) {
                c.query("SELECT 1", r -> r.getInt(0));
            }
            return;
        }
        try (Connection c = hikari.getConnection(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1")) {
            rs.next();
            rs.getInt(1);
        }
    }
}
