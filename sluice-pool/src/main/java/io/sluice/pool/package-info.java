/**
 * A connection pool for Sluice connections, built for virtual threads.
 *
 * <p>Start with {@link io.sluice.pool.ConnectionPool#builder(java.util.function.Supplier)}: the
 * supplier is consulted for every new connection, so rotating passwords and tokens need no restart.
 * {@link io.sluice.pool.ConnectionPool#connection()} lends a connection whose {@code close()} gives it
 * back; {@link io.sluice.pool.ConnectionPool#withConnection(java.util.function.Function)} does both.
 *
 * <p>Borrowing an idle connection and giving it back are lock-free (one CAS, one volatile store).
 * Borrowers that find none queue in FIFO order and are handed returned connections directly; that
 * queue's lock is a {@link java.util.concurrent.locks.ReentrantLock} held only for list operations,
 * never around I/O, and there is no {@code ThreadLocal} state, so thousands of short-lived virtual threads cost
 * the pool no more than a few platform threads. New connections are opened on background virtual
 * threads. A wait that times out throws {@link io.sluice.PoolExhaustedException} stating the pool's
 * counts and the setting to change, with the last failure to connect as its cause.
 *
 * <p>Observability: {@link io.sluice.pool.ConnectionPool#stats()}, a {@link io.sluice.pool.PoolListener}
 * for leaks, rolled-back transactions and evictions, a {@link io.sluice.pool.PoolMetricsTracker} for borrow,
 * usage and creation timings (metrics and tracing), and JFR events named {@code io.sluice.pool.*}.
 */
package io.sluice.pool;
