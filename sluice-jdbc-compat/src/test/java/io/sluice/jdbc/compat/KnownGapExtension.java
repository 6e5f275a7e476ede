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

    /**
     * A known gap's clean-up may fail too, after the failure it expects (a framework closing a connection
     * whose transaction the failure aborted): that is part of the same expected failure.
     */
    @Override
    public void interceptAfterEachMethod(
            Invocation<Void> invocation, ReflectiveInvocationContext<Method> call, ExtensionContext context)
            throws Throwable {
        Optional<String> reason = reason(context);
        if (reason.isEmpty()) {
            invocation.proceed();
            return;
        }
        try {
            invocation.proceed();
        } catch (Throwable expected) {
            context.publishReportEntry(ENTRY + "-cleanup", firstLine(expected));
        }
    }

    private static Optional<String> reason(ExtensionContext context) {
        if (!(context.getRequiredTestInstance() instanceof CompatTest test)) {
            return Optional.empty();
        }
        return KnownGaps.reason(
                test.target,
                test.getClass().getSimpleName(),
                context.getRequiredTestMethod().getName());
    }

    @Override
    public void interceptTestMethod(
            Invocation<Void> invocation, ReflectiveInvocationContext<Method> call, ExtensionContext context)
            throws Throwable {
        Object instance = context.getRequiredTestInstance();
        Optional<String> reason = reason(context);
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
                + ((CompatTest) instance).target + ":" + instance.getClass().getSimpleName() + "."
                + call.getExecutable().getName());
    }

    static String firstLine(Throwable t) {
        Throwable root = t;
        StringBuilder chain = new StringBuilder(t.getClass().getSimpleName() + ": " + t.getMessage());
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
            chain.append(" <- ")
                    .append(root.getClass().getSimpleName())
                    .append(": ")
                    .append(root.getMessage());
        }
        String s = chain.toString().replace('\n', ' ').replace('|', '/');
        return s.length() > 400 ? s.substring(0, 400) + "..." : s;
    }
}
