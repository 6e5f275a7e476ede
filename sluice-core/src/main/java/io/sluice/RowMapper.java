package io.sluice;

/** Turns a row into a value. The row is valid only during the call: copy what you keep. */
@FunctionalInterface
public interface RowMapper<T> {
    T map(Row row);
}
