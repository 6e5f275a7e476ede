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
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * HikariCP's own microbenchmarks (its {@code ConnectionBench} and {@code StatementBench}) run against
 * the real server instead of its stub driver, for both pools, with one shared pool of 10:
 * <ul>
 *   <li>{@link #connectionCycle}: borrow a connection and give it back.</li>
 *   <li>{@link #statementCycle}: borrow, run {@code SELECT 1} and read the value, give it back.
 *       (HikariCP's original creates and closes a JDBC {@code Statement}, which costs pgjdbc no
 *       round trip and has no Sluice counterpart; against a real server the statement is run.)</li>
 *   <li>{@link #statementPerTask}: the statement cycle as a server runs it, one new virtual thread
 *       per request (see below).</li>
 * </ul>
 *
 * <p>Why not JMH's own threads: with 1,000 JMH threads on 2 cores, each thread's throughput is
 * taken over its own short, late-starting window and the sum is meaningless (billions of ops/s).
 * Instead one JMH thread drives {@code vthreads} long-lived virtual threads, as HikariCP's
 * benchmarks drive long-lived threads that loop: every invocation unparks them all, each does its
 * share of the invocation's cycles, and the invocation ends when the last one is done (it unparks
 * the driver), so ops/s is the pool's real aggregate rate. No spinning barrier ({@code Phaser}
 * spins before it parks, which on 2 cores and 1,000 threads measured the barrier more than the
 * pools).
 *
 * <p>Cycles per invocation: waking a parked virtual thread and parking it again costs as much CPU
 * as several connection cycles of either pool (an empty cycle measures it, the same for both pools). With 6 connection cycles per
 * wake-up, that fixed cost was ~30 % of sluice-pool's CPU per cycle and pulled the ratio toward 1
 * for reasons unrelated to the pools, so the connection cycle gives each thread
 * {@value #CONNECTION_SHARE_AT_1000} cycles per wake-up at 1,000 threads ({@value #CONNECTION_OPS}
 * per invocation; the harness is then under 1 %). A statement cycle waits for a round trip (parks
 * and is unparked by the driver's I/O anyway), so it keeps {@value #STATEMENT_OPS} per invocation
 * and an invocation stays short. On 2 carriers a connection cycle never parks (a virtual thread is
 * not preempted while it holds a connection), so at most two connections are lent at once whatever
 * {@code vthreads} is; the statement cycles are where 1,000 threads queue for 10 connections.
 *
 * <p>Long-lived threads let HikariCP's ThreadLocal list hand each thread the connection it used
 * last; a server's thread-per-request virtual threads never reuse theirs (the complaint).
 * {@link #statementPerTask} renders that: {@code vthreads} requests are in flight, each on a new
 * virtual thread that borrows once, runs the statement and ends, and each finished request starts
 * the next on a new thread until the invocation's {@value #STATEMENT_OPS} are done. Starting a
 * virtual thread costs about 1 us, against tens of microseconds for the statement, so the cell
 * measures the pools and the driver, not thread creation. (A connection cycle per new thread would
 * measure thread creation mostly, so there is no such cell.)
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class PoolCycleBenchmark {
    static final int POOL_SIZE = 10;
    /** Connection cycles per invocation, split evenly over the virtual threads (divisible by 1, 6 and 1,000). */
    static final int CONNECTION_OPS = 600_000;
    /** Each thread's connection cycles per wake-up at 1,000 virtual threads. */
    static final int CONNECTION_SHARE_AT_1000 = CONNECTION_OPS / 1000;
    /** Statement cycles per invocation (divisible by 1, 6 and 1,000). */
    static final int STATEMENT_OPS = 6_000;

    /** {@code hikaricp} (over pgjdbc) or {@code sluice-pool}. */
    @Param("hikaricp")
    public String system;

    /** Concurrent virtual threads borrowing from the pool (requests in flight for {@link #statementPerTask}). */
    @Param("1")
    public int vthreads;

    HikariDataSource hikari;
    ConnectionPool sluice;
    private volatile int round;
    private final AtomicInteger remaining = new AtomicInteger();
    private volatile Thread driver;
    private volatile boolean stopped;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final List<Thread> workers = new ArrayList<>();

    @Setup(Level.Trial)
    public void open(BenchmarkParams params) {
        start(params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1));
    }

    /** Opens the pool and starts the workers for the benchmark method {@code method} (also {@link PoolInterleaved}). */
    void start(String method) {
        switch (system) {
            case "hikaricp" -> hikari = PoolEndpoint.hikari(POOL_SIZE);
            case "sluice-pool" -> sluice = PoolEndpoint.sluicePool(POOL_SIZE);
            default -> throw new IllegalArgumentException("unknown system: system=" + system);
        }
        Runnable worker =
                switch (method) {
                    case "connectionCycle" -> () -> work(CONNECTION_OPS / vthreads, false);
                    case "statementCycle" -> () -> work(STATEMENT_OPS / vthreads, true);
                    case "statementPerTask" -> null; // a new thread per request, started by the benchmark
                    default -> throw new IllegalArgumentException("unknown benchmark: method=" + method);
                };
        for (int i = 0; worker != null && i < vthreads; i++) {
            workers.add(Thread.ofVirtual().name("cycle-" + i).start(worker));
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
                runShare(share, withStatement);
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
            finished();
        }
    }

    /**
     * One wake-up's cycles. A method of its own, called anew every round, so that each of the
     * virtual threads runs its share in the compiled code as soon as there is some: inlined into
     * {@link #work}, whose frame a virtual thread never leaves, the loop stayed in the interpreter or
     * C1 for each thread until that thread's own on-stack replacement, and the connection cycle
     * climbed for ~3 s (2 M to 31 M ops/s for sluice-pool) before it measured the pool.
     */
    private void runShare(int share, boolean withStatement) throws Exception {
        for (int i = 0; i < share; i++) {
            if (withStatement) {
                statementOnce();
            } else {
                connectionOnce();
            }
        }
    }

    /** A worker's (or a request chain's) share is done; the last one wakes the driver. */
    private void finished() {
        if (remaining.decrementAndGet() == 0) {
            LockSupport.unpark(driver);
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

    /** {@value #CONNECTION_OPS} connection cycles over all the virtual threads. */
    @Benchmark
    @OperationsPerInvocation(CONNECTION_OPS)
    public void connectionCycle() {
        runRound();
    }

    /** {@value #STATEMENT_OPS} statement cycles over all the virtual threads. */
    @Benchmark
    @OperationsPerInvocation(STATEMENT_OPS)
    public void statementCycle() {
        runRound();
    }

    /**
     * {@value #STATEMENT_OPS} statement cycles, each on a new virtual thread, {@code vthreads} at a
     * time: {@code vthreads} chains of requests, each request starting the next one's thread as it ends.
     */
    @Benchmark
    @OperationsPerInvocation(STATEMENT_OPS)
    public void statementPerTask() {
        AtomicInteger toStart = new AtomicInteger(STATEMENT_OPS - vthreads);
        awaitRound(() -> {
            for (int i = 0; i < vthreads; i++) {
                Thread.ofVirtual().start(() -> request(toStart));
            }
        });
    }

    private void request(AtomicInteger toStart) {
        try {
            statementOnce();
        } catch (Throwable t) {
            failure.compareAndSet(null, t);
        }
        if (toStart.getAndDecrement() > 0) {
            Thread.ofVirtual().start(() -> request(toStart));
        } else {
            finished();
        }
    }

    private void runRound() {
        awaitRound(() -> {
            round = round + 1; // only this thread writes it, and only when every worker is idle
            workers.forEach(LockSupport::unpark);
        });
    }

    /** Starts a round of {@code vthreads} shares with {@code start} and waits until every share is done. */
    private void awaitRound(Runnable start) {
        driver = Thread.currentThread();
        remaining.set(vthreads);
        start.run();
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
        try (Connection c = hikari.getConnection();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT 1")) {
            rs.next();
            rs.getInt(1);
        }
    }
}
