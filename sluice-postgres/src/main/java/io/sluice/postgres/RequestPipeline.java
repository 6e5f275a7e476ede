package io.sluice.postgres;

import java.util.HashMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Orders requests on one connection so that many threads can pipeline them: a caller writes its
 * whole request under the write lock and takes a ticket, releases the lock at once (the next caller
 * may write while this one still waits), then reads its own response when the read turn reaches
 * its ticket, that is once every earlier response has been consumed. No extra thread; no
 * {@code synchronized}; every wait is on a {@link Condition}.
 *
 * <pre>
 *   writers:  [A writes]  [B writes]  [C writes]            (write lock, one at a time)
 *   tickets:     0           1           2
 *   readers:        [A reads 0] [B reads 1] [C reads 2]     (read turn = ticket order)
 * </pre>
 *
 * A stream that leaves a portal open between calls takes the connection exclusively: other writers
 * wait until it ends, because their Sync would close the stream's portal.
 */
final class RequestPipeline {
    private final ReentrantLock writeLock = new ReentrantLock();
    private final Condition writable = writeLock.newCondition();
    private final ReentrantLock readLock = new ReentrantLock();
    // One condition per waiting ticket, so that passing the turn wakes exactly the next reader
    // instead of every waiter (64 callers on a connection would otherwise wake 63 threads per response).
    private final HashMap<Long, Condition> waiting = new HashMap<>(); // guarded by readLock
    private Object exclusiveOwner; // guarded by writeLock
    private long nextTicket;       // guarded by writeLock
    private long serving;          // guarded by readLock
    private volatile boolean failed;

    /** Takes the write lock, waiting while a stream other than {@code owner} holds the connection. */
    void lockWrite(Object owner) {
        writeLock.lock();
        while (exclusiveOwner != null && exclusiveOwner != owner && !failed) {
            writable.awaitUninterruptibly();
        }
    }

    /** Takes the write lock without waiting for a stream's reservation (the flusher's re-entry). */
    void lockWriteRaw() {
        writeLock.lock();
    }

    /** A condition on the write lock, for the writer's flush hand-off. */
    Condition newWriteCondition() {
        return writeLock.newCondition();
    }

    /** Takes the write lock if it is free at once (closing does not wait for a busy writer). */
    boolean tryLockWrite() {
        return writeLock.tryLock();
    }

    void unlockWrite() {
        writeLock.unlock();
    }

    /** The ticket of the request just written; call with the write lock held, after the write succeeded. */
    long issueTicket() {
        return nextTicket++;
    }

    /** Reserves the connection for {@code owner}; call with the write lock held. */
    void takeExclusive(Object owner) {
        exclusiveOwner = owner;
    }

    /** Ends {@code owner}'s reservation and wakes waiting writers. */
    void releaseExclusive(Object owner) {
        writeLock.lock();
        try {
            if (exclusiveOwner == owner) {
                exclusiveOwner = null;
                writable.signalAll();
            }
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Waits until every earlier response is consumed. An interrupt does not abandon the wait (the
     * response must still be read to keep the connection in step); it is reported instead.
     *
     * @return true if the thread was interrupted while waiting (the flag is then clear)
     */
    boolean awaitTurn(long ticket) {
        boolean interrupted = false;
        readLock.lock();
        try {
            if (serving == ticket || failed) {
                return false; // fast path: nobody ahead, no condition needed
            }
            Condition myTurn = readLock.newCondition();
            waiting.put(ticket, myTurn);
            try {
                while (serving != ticket && !failed) {
                    try {
                        myTurn.await();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            } finally {
                waiting.remove(ticket);
            }
        } finally {
            readLock.unlock();
        }
        return interrupted;
    }

    /** Passes the read turn to the next ticket. */
    void finishTurn() {
        readLock.lock();
        try {
            serving++;
            if (!waiting.isEmpty()) { // nobody waits on an unshared connection: no Long boxed for the lookup
                Condition next = waiting.get(serving);
                if (next != null) {
                    next.signal();
                }
            }
        } finally {
            readLock.unlock();
        }
    }

    /** Wakes every waiter after the connection broke; they then see {@link #failed()}. */
    void fail() {
        failed = true;
        readLock.lock();
        try {
            waiting.values().forEach(Condition::signal);
        } finally {
            readLock.unlock();
        }
        // Callers close the socket before this, so a writer blocked in a socket write has already been
        // woken with an error and releases the lock: taking it here cannot wait for long.
        writeLock.lock();
        try {
            writable.signalAll();
        } finally {
            writeLock.unlock();
        }
    }

    boolean failed() {
        return failed;
    }
}
