package io.sluice.pool;

import java.util.function.BooleanSupplier;

/** Waits for background work (creation, housekeeping) to happen; generous limits, never a speed check. */
final class Eventually {
    private Eventually() {}

    static void waitUntil(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("still not true after 20 s: " + what);
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for: " + what, e);
            }
        }
    }
}
