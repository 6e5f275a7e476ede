package io.sluice.jdbc.compat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Writes the compatibility matrix (framework x feature x target: pass, FAIL, known gap) of the run to the
 * Markdown file named by the system property {@code compat.matrix}, with the error of every failure and of
 * every known gap. Registered through {@code META-INF/services}; writes nothing without the property.
 */
public final class MatrixListener implements TestExecutionListener {
    private static final Map<String, String> GAP_ERRORS = new ConcurrentHashMap<>();
    /** framework | feature -> target -> cell. */
    private static final Map<String, Map<String, String>> CELLS = new ConcurrentHashMap<>();

    private static final Set<String> COLUMNS = ConcurrentHashMap.newKeySet();
    private static final List<String> NOTES = java.util.Collections.synchronizedList(new ArrayList<>());

    private TestPlan plan;

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
    }

    @Override
    public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
        entry.getKeyValuePairs().forEach((k, v) -> {
            if (k.equals(KnownGapExtension.ENTRY)) {
                GAP_ERRORS.put(test.getUniqueId(), v);
            }
        });
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (!test.isTest() || plan == null) {
            return;
        }
        TestIdentifier invocation = plan.getParent(test).orElse(null);
        TestIdentifier testClass =
                invocation == null ? null : plan.getParent(invocation).orElse(null);
        if (testClass == null || !testClass.getDisplayName().endsWith("CompatTest")) {
            return;
        }
        String framework = testClass.getDisplayName().replace("CompatTest", "");
        String[] column = invocation.getDisplayName().split(" \\+ ", 2);
        String feature = test.getDisplayName().replace("()", "") + (column.length > 1 ? " (" + column[1] + ")" : "");
        String gap = GAP_ERRORS.get(test.getUniqueId());
        String cell;
        if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
            cell = gap == null ? "pass" : "known gap";
            if (gap != null) {
                NOTES.add("- known gap, " + framework + " " + feature + " on " + column[0] + ": " + gap);
            }
        } else {
            cell = "FAIL";
            NOTES.add("- FAIL, " + framework + " " + feature + " on " + column[0] + ": "
                    + result.getThrowable()
                            .map(KnownGapExtension::firstLine)
                            .orElse(result.getStatus().name()));
        }
        COLUMNS.add(column[0]);
        CELLS.computeIfAbsent(framework + " | " + feature, k -> new ConcurrentHashMap<>())
                .put(column[0], cell);
    }

    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        String file = System.getProperty("compat.matrix");
        if (file == null || CELLS.isEmpty()) {
            return;
        }
        List<String> columns = new ArrayList<>(new LinkedHashSet<>(COLUMNS));
        columns.sort(null);
        StringBuilder md = new StringBuilder("| framework | feature |");
        columns.forEach(c -> md.append(' ').append(c).append(" |"));
        md.append("\n|---|---|").append("---|".repeat(columns.size())).append('\n');
        new TreeMap<>(CELLS).forEach((row, cells) -> {
            md.append("| ").append(row).append(" |");
            columns.forEach(
                    c -> md.append(' ').append(cells.getOrDefault(c, "-")).append(" |"));
            md.append('\n');
        });
        if (!NOTES.isEmpty()) {
            md.append('\n');
            synchronized (NOTES) {
                NOTES.stream().sorted().forEach(n -> md.append(n).append('\n'));
            }
        }
        try {
            Path path = Path.of(file);
            Files.createDirectories(path.getParent());
            Files.writeString(path, md);
        } catch (IOException e) {
            throw new UncheckedIOException("matrix not written: file=" + file, e);
        }
    }
}
