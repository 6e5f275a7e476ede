package io.sluice.json;

/** The layout of a result written as JSON. */
public enum JsonShape {
    /** {@code [{"id":1,"name":"a"},...]}: column names as keys. */
    OBJECTS,
    /** {@code [[1,"a"],...]}: rows as arrays, columns in result order. */
    ARRAYS,
    /** One object per line, each line ended by {@code \n}; no enclosing array. */
    NDJSON
}
