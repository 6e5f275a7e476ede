package io.sluice.pool.internal;

import io.sluice.pool.ConnectionLeakException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The pool's background virtual thread. Every period it closes idle connections past their
 * lifetime or idle timeout (keeping minIdle), validates idle connections unused for the keepalive
 * interval, reports connections held past the leak threshold, and tops the pool up to minIdle.
 * The period is the housekeeping setting, shortened to half the leak threshold when that is smaller.
 */
final class Housekeeper implements Runnable {
    private final PoolCore core;
    private final PoolSettings settings;
    private final long periodNanos;
    private volatile Thread thread;
    private volatile boolean stopped;

    Housekeeper(PoolCore core) {
        this.core = core;
        this.settings = core.settings;
        long leak = settings.leakThresholdNanos();
        this.periodNanos = leak > 0
                ? Math.min(settings.housekeepingNanos(), Math.max(1_000_000L, leak / 2))
                : settings.housekeepingNanos();
    }

    void start() {
        thread = Thread.ofVirtual().name(core.name + "-housekeeper").start(this);
    }

    void stop() {
        stopped = true;
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }

    @Override
    public void run() {
        while (!stopped) {
            try {
                Thread.sleep(periodNanos / 1_000_000L, (int) (periodNanos % 1_000_000L));
            } catch (InterruptedException e) {
                return;
            }
            try {
                runOnce(System.nanoTime());
            } catch (RuntimeException e) {
                // an unexpected failure must not end housekeeping for the pool's lifetime
                core.listener.onEvicted(core.name, "housekeeping failed", e);
            }
        }
    }

    void runOnce(long now) {
        List<PoolEntry> expired = new ArrayList<>();
        List<PoolEntry> idleTooLong = new ArrayList<>();
        List<PoolEntry> toCheck = new ArrayList<>();
        List<PoolEntry> putBack = new ArrayList<>();
        List<PoolEntry> leaked = new ArrayList<>();
        core.lock.lock();
        try {
            if (!core.isOpenLocked()) {
                return;
            }
            // least used first: the highest slots (borrowers take the lowest idle one)
            EntrySlots slots = core.slots;
            for (int i = slots.capacity() - 1; i >= 0; i--) {
                PoolEntry e = slots.get(i);
                // decide on a racy look, then again once claimed: a borrower may have used it meanwhile
                if (e == null || due(e, now) == null || !e.tryClaim(PoolEntry.CHECKING)) {
                    continue;
                }
                String why = due(e, now);
                if (why == null) {
                    putBack.add(e);
                } else if (why == KEEPALIVE) {
                    toCheck.add(e);
                } else {
                    core.removeLocked(e);
                    (why == EXPIRED ? expired : idleTooLong).add(e);
                }
            }
            if (settings.leakThresholdNanos() > 0) {
                for (int i = 0; i < slots.capacity(); i++) {
                    PoolEntry e = slots.get(i);
                    long at = e == null ? 0 : e.borrowedAt();
                    if (at != 0 && !e.leakReported && now - at > settings.leakThresholdNanos()) {
                        e.leakReported = true;
                        leaked.add(e);
                    }
                }
            }
            core.requestCreationsLocked();
            if (!expired.isEmpty() || !idleTooLong.isEmpty()) {
                core.countsChanged.signalAll();
            }
        } finally {
            core.lock.unlock();
        }
        putBack.forEach(core::giveBack);
        ConnectionFactory factory = core.factory();
        for (PoolEntry e : expired) {
            factory.closeQuietly(e);
            core.listener.onEvicted(core.name, EXPIRED, null);
        }
        for (PoolEntry e : idleTooLong) {
            factory.closeQuietly(e);
            core.listener.onEvicted(core.name, IDLE_TIMEOUT, null);
        }
        for (PoolEntry e : toCheck) {
            if (factory.validate(e)) {
                core.giveBack(e);
            } else {
                core.retire(e, "keepalive validation failed", null, true);
            }
        }
        for (PoolEntry e : leaked) {
            report(e, now);
        }
    }

    private static final String EXPIRED = "maxLifetime reached";
    private static final String IDLE_TIMEOUT = "idleTimeout reached";
    private static final String KEEPALIVE = "keepalive due";

    /** What housekeeping {@code e} needs, or null; called under the pool's lock. */
    private String due(PoolEntry e, long now) {
        if (settings.maxLifetimeNanos() > 0 && e.isExpired(now)) {
            return EXPIRED;
        }
        if (settings.idleTimeoutNanos() > 0
                && now - e.lastUsedAt > settings.idleTimeoutNanos()
                && core.slots.sizeLocked() > settings.minIdle()) {
            return IDLE_TIMEOUT;
        }
        if (settings.keepaliveNanos() > 0
                && now - Math.max(e.lastUsedAt, e.lastValidatedAt) > settings.keepaliveNanos()) {
            return KEEPALIVE;
        }
        return null;
    }

    private void report(PoolEntry e, long now) {
        StackTraceElement[] stack = e.borrowStack;
        long at = e.borrowedAt();
        if (stack == null || at == 0) {
            return; // returned meanwhile
        }
        long held = now - at;
        String message = "connection held longer than the leak detection threshold: pool=" + core.name
                + ", borrower=" + e.borrowerName() + ", heldFor=" + held / 1_000_000 + "ms, threshold="
                + settings.leakThresholdNanos() / 1_000_000 + "ms (the stack trace is where it was borrowed;"
                + " close it, or raise leakDetectionThreshold)";
        PoolEvents.Leak event = new PoolEvents.Leak();
        if (event.shouldCommit()) {
            event.pool = core.name;
            event.borrower = e.borrowerName();
            event.held = held;
            event.stack = Arrays.stream(stack).map(String::valueOf).collect(Collectors.joining("\n"));
            event.commit();
        }
        core.listener.onLeak(new ConnectionLeakException(message, stack));
        core.leaks.increment(); // last, so that whoever watches the count sees the event and the report done
    }
}
