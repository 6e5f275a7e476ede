package io.sluice.bench;

import java.util.List;

/**
 * The suites of one area. {@link Main} loads {@code io.sluice.bench.<area>.Suites} for each area in
 * {@link Main#AREAS} that exists on the class path.
 */
public interface SuiteProvider {
    List<Suite> suites();
}
