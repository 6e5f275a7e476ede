package io.sluice.pool.internal;

import io.sluice.pool.PoolClosedException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Graceful close of a {@link PoolCore}: first refuse new borrowers and fail the waiting ones, close
 * idle connections, stop the background threads; then wait (on the pool's condition, not by
 * polling) until every lent connection is back and no creation is in flight, up to the grace
 * period; finally close whatever is still lent under its borrower. A second close returns at once.
 */
final class PoolCloser {
    private final PoolCore core;

    PoolCloser(PoolCore core) {
        this.core = core;
    }

    boolean close(long graceNanos) {
        List<PoolEntry> idle = new ArrayList<>();
        List<Waiter> woken = new ArrayList<>();
        core.lock.lock();
        try {
            if (core.state == PoolCore.State.CLOSED) {
                return core.slots.sizeLocked() == 0 && core.forcedOutstanding == 0;
            }
            if (core.state == PoolCore.State.OPEN) {
                // state first, then the idle entries: a return racing with this either sees CLOSING
                // (and closes its entry itself) or has made it idle before the scan below claims it
                core.state = PoolCore.State.CLOSING;
                EntrySlots slots = core.slots;
                for (int i = 0; i < slots.capacity(); i++) {
                    PoolEntry e = slots.get(i);
                    if (e != null && e.tryClaim(PoolEntry.REMOVED) && core.removeLocked(e)) {
                        idle.add(e);
                    }
                }
                PoolClosedException failure = core.closedException();
                for (Waiter w; (w = core.pollWaiterLocked()) != null; ) {
                    w.failure = failure;
                    woken.add(w);
                }
                core.stateChanged.signalAll();
            }
        } finally {
            core.lock.unlock();
        }
        woken.forEach(w -> LockSupport.unpark(w.thread));
        core.stopBackgroundThreads();
        idle.forEach(core.factory()::closeQuietly);
        List<PoolEntry> forced;
        core.lock.lock();
        try {
            long remaining = graceNanos;
            while ((core.slots.sizeLocked() > 0 || core.pending > 0) && remaining > 0) {
                remaining = core.countsChanged.awaitNanos(remaining);
            }
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt(); // stop waiting; close what is left now
        } finally {
            forced = new ArrayList<>();
            for (int i = 0; i < core.slots.capacity(); i++) {
                PoolEntry e = core.slots.get(i);
                if (e != null && core.removeLocked(e)) { // still lent: closed under its borrower
                    e.forcedClosed = true;
                    core.forcedOutstanding++;
                    forced.add(e);
                }
            }
            core.state = PoolCore.State.CLOSED;
            core.lock.unlock();
        }
        forced.forEach(core.factory()::closeQuietly);
        return forced.isEmpty();
    }
}
