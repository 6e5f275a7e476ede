package io.sluice.postgres.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Orders requests on one connection so that many threads can pipeline them: a caller writes its
 * whole request under the write lock and takes a ticket, releases the lock at once (the next caller
 * may write while this one still waits), then reads its own response when the read turn reaches
 * its ticket, that is once every earlier response has been consumed. No extra thread; no
 * {@code synchronized}.
 *
 * <pre>
 *   writers:  [A writes]  [B writes]  [C writes]            (write lock, one at a time)
 *   tickets:     A     -&gt;    B     -&gt;    C                 (linked in issue order)
 *   readers:        [A reads] [B reads] [C reads]           (read turn = ticket order)
 * </pre>
 *
 * The tickets form a queue linked in issue order under the write lock. The read turn passes by
 * marking the next ticket and unparking its holder: one volatile write and one unpark per response,
 * nothing allocated but the ticket, no lock on the read side.
 *
 * A stream that leaves a portal open between calls takes the connection exclusively: other writers
 * wait until it ends, because their Sync would close the stream's portal.
 */
final class RequestPipeline {
    /** A request's place in the read order. */
    static final class Ticket {
        private volatile boolean turn; // set once every earlier response is consumed
        private volatile boolean done; // set once this response is consumed
        private volatile Thread waiter; // the thread parked for the turn, if any
        private volatile Ticket next; // linked under the write lock

        /** False while requests issued before this one still await their responses. */
        boolean hasTurn() {
            return turn;
        }
    }

    private final ReentrantLock writeLock = new ReentrantLock();
    private final Condition writable = writeLock.newCondition();
    private Object exclusiveOwner; // guarded by writeLock
    private Ticket last; // the latest ticket issued; guarded by writeLock
    private volatile Ticket serving; // the ticket whose response is read now (or next)
    private volatile boolean failed;
    private volatile long issued; // tickets issued; written under the write lock
    private volatile long consumed; // tickets whose turn is finished; written by the reader in turn

    /** Requests whose responses are not consumed yet, whether sent or still in the write buffer. */
    long outstanding() {
        return issued - consumed;
    }

    private static final VarHandle SERVING;

    static {
        try {
            SERVING = MethodHandles.lookup().findVarHandle(RequestPipeline.class, "serving", Ticket.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    RequestPipeline() {
        Ticket start = new Ticket(); // a consumed ticket standing before the first real one
        start.turn = true;
        start.done = true;
        last = start;
        serving = start;
    }

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

    /** A ticket for the request just written; call with the write lock held, after the write succeeded. */
    Ticket issueTicket() {
        issued++;
        Ticket t = new Ticket();
        Ticket previous = last;
        last = t;
        previous.next = t; // written before previous.done is read; finishTurn does the opposite
        if (previous.done) {
            passTurn(previous); // the previous response was consumed before this ticket was linked
        }
        return t;
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
    boolean awaitTurn(Ticket ticket) {
        if (ticket.turn || failed) {
            return false; // fast path: nobody ahead
        }
        boolean interrupted = false;
        ticket.waiter = Thread.currentThread(); // written before turn is read; passTurn does the opposite
        while (!ticket.turn && !failed) {
            LockSupport.park(this);
            interrupted |= Thread.interrupted();
        }
        ticket.waiter = null;
        return interrupted;
    }

    /** True if a request was issued after the one whose response is read now (or next). */
    boolean othersQueued() {
        return serving.next != null;
    }

    /** Passes the read turn from the current ticket to the next, if that one is issued yet. */
    void finishTurn() {
        consumed++;
        Ticket current = serving;
        current.done = true; // a ticket linked from now on sees this and takes the turn itself
        passTurn(current);
    }

    /**
     * Hands the turn from the consumed {@code current} to its successor. Both the reader finishing a
     * turn and the writer linking a ticket behind a consumed one may call this for the same pair;
     * the compare-and-set on {@link #serving} lets exactly one of them do it.
     */
    private void passTurn(Ticket current) {
        Ticket next = current.next;
        if (next == null || !SERVING.compareAndSet(this, current, next)) {
            return;
        }
        next.turn = true;
        Thread t = next.waiter;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** Wakes every waiter after the connection broke; they then see {@link #failed()}. */
    void fail() {
        failed = true;
        // Callers close the socket before this, so a writer blocked in a socket write has already been
        // woken with an error and releases the lock: taking it here cannot wait for long.
        writeLock.lock();
        try {
            for (Ticket t = serving; t != null; t = t.next) {
                Thread waiter = t.waiter;
                if (waiter != null) {
                    LockSupport.unpark(waiter);
                }
            }
            writable.signalAll();
        } finally {
            writeLock.unlock();
        }
    }

    boolean failed() {
        return failed;
    }
}
