package io.sluice.bench;

import java.util.List;

/**
 * What became of one suite in a run.
 *
 * @param suite   the suite
 * @param status  ran, skipped (a service is missing) or failed (it threw)
 * @param message why it was skipped or how it failed; empty when it ran
 * @param cells   every cell it reported, also the ones before a failure
 */
public record SuiteOutcome(Suite suite, Status status, String message, List<Cell> cells) {

    /** How a suite ended. */
    public enum Status {
        RAN,
        SKIPPED,
        FAILED
    }
}
