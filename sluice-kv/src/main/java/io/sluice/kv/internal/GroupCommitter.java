package io.sluice.kv.internal;

import io.sluice.kv.KvException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The group-commit thread: waits for a durability request, gathers further writes for a short delay,
 * then fsyncs every segment written since the last sync once and wakes all waiters whose sequence is
 * covered. One fsync thus serves every writer that arrived during the previous one.
 */
final class GroupCommitter implements Runnable {
    private final StoreEngine engine;
    private final long delayNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition requested = lock.newCondition();
    private final Condition synced = lock.newCondition();
    private long requestedSeq;
    private boolean urgent;
    private volatile long durableSeq;
    private volatile boolean stopped;
    private volatile KvException failure;
    private final Thread thread;
    /** Pause after a failed fsync before the next attempt. */
    private static final long RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    GroupCommitter(StoreEngine engine, long delayMicros, long durableSeq) {
        this.engine = engine;
        this.delayNanos = TimeUnit.MICROSECONDS.toNanos(delayMicros);
        this.durableSeq = durableSeq;
        this.thread = Thread.ofPlatform().daemon().name("sluice-kv-commit").unstarted(this);
    }

    void start() {
        thread.start();
    }

    long durableSeq() {
        return durableSeq;
    }

    /** Marks everything up to {@code seq} durable (a checkpoint forced it). */
    void advance(long seq) {
        lock.lock();
        try {
            if (seq > durableSeq) {
                durableSeq = seq;
                synced.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Asks for {@code seq} to be fsynced; {@code now} skips the gathering delay. */
    void request(long seq, boolean now) {
        if (seq <= durableSeq) {
            return;
        }
        lock.lock();
        try {
            if (seq > requestedSeq) {
                requestedSeq = seq;
            }
            urgent |= now;
            requested.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Blocks until {@code seq} is durable or {@code timeoutNanos} pass; returns whether it is. */
    boolean await(long seq, long timeoutNanos) {
        if (seq <= durableSeq) {
            return true;
        }
        request(seq, false);
        long deadline = System.nanoTime() + timeoutNanos;
        lock.lock();
        try {
            while (durableSeq < seq) {
                if (failure != null) {
                    throw failure;
                }
                if (stopped) {
                    throw new KvException("store closed before the write became durable: sequence=" + seq);
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                synced.awaitNanos(left);
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KvException("interrupted while waiting for durability: sequence=" + seq, e);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void run() {
        while (true) {
            // Only the JVM interrupts this thread (when a segment it forces is unmapped by compaction);
            // a flag left set would make the gathering park return at once, an fsync per write.
            Thread.interrupted();
            boolean now;
            lock.lock();
            try {
                while (requestedSeq <= durableSeq && !stopped) {
                    requested.awaitUninterruptibly();
                }
                if (stopped) {
                    return;
                }
                now = urgent;
                urgent = false;
            } finally {
                lock.unlock();
            }
            if (!now && delayNanos > 0) {
                LockSupport.parkNanos(delayNanos);
            }
            try {
                KvEvents.GroupCommit event = new KvEvents.GroupCommit();
                event.begin();
                Checkpointer.SyncPoint point = engine.checkpointer.syncLog();
                event.sequence = point.sequence();
                event.segments = point.segments().size();
                event.commit();
            } catch (KvException e) {
                // The waiters of this round learn of it; the thread lives on and tries again (a disk that
                // was full may have room again), so later writes can still become durable.
                lock.lock();
                try {
                    failure = e;
                    synced.signalAll();
                } finally {
                    lock.unlock();
                }
                LockSupport.parkNanos(RETRY_NANOS);
                continue;
            }
            if (failure != null) {
                lock.lock();
                try {
                    failure = null;
                } finally {
                    lock.unlock();
                }
            }
        }
    }

    void stop() {
        lock.lock();
        try {
            stopped = true;
            requested.signalAll();
            synced.signalAll();
        } finally {
            lock.unlock();
        }
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
