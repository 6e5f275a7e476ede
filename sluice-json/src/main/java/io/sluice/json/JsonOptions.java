package io.sluice.json;

import java.util.Objects;

/**
 * How {@link JsonResults} writes a result.
 *
 * @param shape     objects, arrays or NDJSON; default {@link JsonShape#OBJECTS}
 * @param nonFinite NaN and infinities; default {@link NonFinite#STRING}
 * @param fetchSize rows buffered at a time while streaming; default 1000
 */
public record JsonOptions(JsonShape shape, NonFinite nonFinite, int fetchSize) {
    /** Objects, NaN as strings, 1000 rows at a time. */
    public static final JsonOptions DEFAULT = new JsonOptions(JsonShape.OBJECTS, NonFinite.STRING, 1000);

    public JsonOptions {
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(nonFinite, "nonFinite");
        if (fetchSize <= 0) {
            throw new IllegalArgumentException("fetchSize must be > 0: fetchSize=" + fetchSize);
        }
    }

    public JsonOptions withShape(JsonShape shape) {
        return new JsonOptions(shape, nonFinite, fetchSize);
    }

    public JsonOptions withNonFinite(NonFinite nonFinite) {
        return new JsonOptions(shape, nonFinite, fetchSize);
    }

    public JsonOptions withFetchSize(int fetchSize) {
        return new JsonOptions(shape, nonFinite, fetchSize);
    }
}
