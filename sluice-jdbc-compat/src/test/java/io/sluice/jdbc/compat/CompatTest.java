package io.sluice.jdbc.compat;

import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Base of every framework test: one instance per target (a {@code @ParameterizedClass} over
 * {@link Targets#all()}); cells listed in {@link KnownGaps} run as expected failures.
 */
@ExtendWith(KnownGapExtension.class)
public abstract class CompatTest {
    /** The driver and server this instance runs against. */
    protected final Target target;

    /** Binds the instance to its target. */
    protected CompatTest(Target target) {
        this.target = target;
    }

    /** True on PostgreSQL, false on MariaDB. */
    protected boolean postgresql() {
        return target.server() == Server.POSTGRESQL;
    }
}
