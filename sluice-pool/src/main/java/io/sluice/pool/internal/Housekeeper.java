package io.sluice.pool.internal;

import io.sluice.pool.ConnectionLeakException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
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
        this.periodNanos = leak > 0 ? Math.min(settings.housekeepingNanos(), Math.max(1_000_000L, leak / 2))
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
        List<PoolEntry> leaked = new ArrayList<>();
        core.lock.lock();
        try {
            if (!core.isOpenLocked()) {
                return;
            }
            // least recently used first: the idle stack's tail
            for (Iterator<PoolEntry> it = core.idle.descendingIterator(); it.hasNext(); ) {
                PoolEntry e = it.next();
                if (settings.maxLifetimeNanos() > 0 && e.isExpired(now)) {
                    expired.add(e);
                } else if (settings.idleTimeoutNanos() > 0 && now - e.lastUsedAt > settings.idleTimeoutNanos()
                        && core.all.size() - expired.size() - idleTooLong.size() > settings.minIdle()) {
                    idleTooLong.add(e);
                } else if (settings.keepaliveNanos() > 0
                        && now - Math.max(e.lastUsedAt, e.lastValidatedAt) > settings.keepaliveNanos()) {
                    toCheck.add(e);
                    core.active++;
                } else {
                    continue;
                }
                it.remove();
            }
            core.all.removeAll(expired);
            core.all.removeAll(idleTooLong);
            core.closed += expired.size() + idleTooLong.size();
            if (settings.leakThresholdNanos() > 0) {
                for (PoolEntry e : core.all) {
                    long at = e.borrowedAt;
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
        ConnectionFactory factory = core.factory();
        for (PoolEntry e : expired) {
            factory.closeQuietly(e);
            core.listener.onEvicted(core.name, "maxLifetime reached", null);
        }
        for (PoolEntry e : idleTooLong) {
            factory.closeQuietly(e);
            core.listener.onEvicted(core.name, "idleTimeout reached", null);
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

    private void report(PoolEntry e, long now) {
        StackTraceElement[] stack = e.borrowStack;
        long at = e.borrowedAt;
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
