package io.sluice.bench;

/** How big and long a run is. */
public enum Mode {
    /** One tiny iteration of everything, so that CI proves each benchmark still runs (seconds per suite). */
    SMOKE,
    /** The main job's default: all suites together in under about 5 minutes per area. */
    QUICK,
    /** The documented full-size workloads. */
    FULL
}
