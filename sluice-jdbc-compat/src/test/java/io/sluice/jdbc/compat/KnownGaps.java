package io.sluice.jdbc.compat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.Properties;

/**
 * The documented exceptions of the matrix, read from {@code known-gaps.properties}: a key
 * {@code driver/server:TestClass.method} names one cell, its value the reason. A listed cell still runs and
 * must fail (see {@link KnownGapExtension}); the README lists every entry.
 */
final class KnownGaps {
    private static final Properties GAPS = load();

    private KnownGaps() {}

    /** The reason the cell fails, if it is a documented exception. */
    static Optional<String> reason(Target target, String testClass, String method) {
        return Optional.ofNullable(GAPS.getProperty(target + ":" + testClass + "." + method));
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = KnownGaps.class.getResourceAsStream("/known-gaps.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("known-gaps.properties unreadable", e);
        }
        return p;
    }
}
