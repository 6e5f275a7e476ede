package io.sluice.bench;

import java.util.Map;

/**
 * One measured cell, written as one line of {@code bench-results/<suite>.jsonl}.
 *
 * @param suite  the suite's name
 * @param name   the case, e.g. {@code statement} or {@code read-only} (JSON field {@code case})
 * @param params the parameters that identify the cell, e.g. {@code rows}, {@code threads}
 * @param system stable lower-case system name: {@code sluice}, {@code pgjdbc}, {@code bdb-je}...
 * @param unit   e.g. {@code ops/s}, {@code ops/ms}, {@code us/op}, {@code B/op}, {@code ms}
 * @param score  the measured value
 * @param error  its error margin (JMH's 99.9% half-width), or NaN when unknown
 */
public record Cell(
        String suite, String name, Map<String, Object> params, String system, String unit, double score, double error) {

    /** True for units where a bigger number is better (throughput), false for costs (time, bytes). */
    public boolean higherIsBetter() {
        return unit.endsWith("/s") || unit.endsWith("/ms") || unit.endsWith("/us") || unit.startsWith("ops");
    }
}
