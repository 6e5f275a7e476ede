package io.sluice.jdbc.compat;

import java.lang.reflect.Method;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.AssertionFailedError;

/**
 * Runs a cell listed in {@link KnownGaps} as an expected failure: it passes when the test fails (and
 * publishes the reason and the error, which the matrix shows), and fails when the test passes, so a fixed
 * gap cannot stay listed. Nothing is skipped.
 */
public final class KnownGapExtension implements InvocationInterceptor {
    /** Report entry key under which the reason and the error of an expected failure are published. */
    static final String ENTRY = "known-gap";

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
            ExtensionContext context) throws Throwable {
        Object instance = context.getRequiredTestInstance();
        if (!(instance instanceof CompatTest test)) {
            invocation.proceed();
            return;
        }
        Optional<String> reason = KnownGaps.reason(test.target, instance.getClass().getSimpleName(),
                call.getExecutable().getName());
        if (reason.isEmpty()) {
            invocation.proceed();
            return;
        }
        try {
            invocation.proceed();
        } catch (Throwable expected) {
            context.publishReportEntry(ENTRY, reason.get() + " | " + firstLine(expected));
            return;
        }
        throw new AssertionFailedError("listed in known-gaps.properties but passes now: remove the entry for "
                + test.target + ":" + instance.getClass().getSimpleName() + "." + call.getExecutable().getName());
    }

    static String firstLine(Throwable t) {
        Throwable root = t;
        StringBuilder chain = new StringBuilder(t.getClass().getSimpleName() + ": " + t.getMessage());
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
            chain.append(" <- ").append(root.getClass().getSimpleName()).append(": ").append(root.getMessage());
        }
        String s = chain.toString().replace('\n', ' ').replace('|', '/');
        return s.length() > 400 ? s.substring(0, 400) + "..." : s;
    }
}
