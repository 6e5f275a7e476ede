package io.sluice.json;

/** How NaN and the infinities are written, since JSON numbers cannot hold them. */
public enum NonFinite {
    /** As the strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"} (PostgreSQL's {@code to_json} rule). */
    STRING,
    /** As {@code null}. */
    NULL
}
