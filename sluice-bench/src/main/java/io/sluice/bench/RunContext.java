package io.sluice.bench;

import java.nio.file.Path;
import java.util.Set;

/**
 * What a suite needs to know about the run.
 *
 * @param mode      smoke, quick or full
 * @param services  reachable services ({@code postgres}, {@code mariadb})
 * @param stateDir  {@code .sluice/} of the checkout (TLS material, scratch space)
 * @param workDir   a scratch directory for this suite's files (KV stores), emptied before the run
 * @param inProcess JMH cells run in the bench JVM at quick timing whatever the mode ({@code --in-process})
 */
public record RunContext(Mode mode, Set<String> services, Path stateDir, Path workDir, boolean inProcess) {

    public RunContext(Mode mode, Set<String> services, Path stateDir, Path workDir) {
        this(mode, services, stateDir, workDir, false);
    }
}
