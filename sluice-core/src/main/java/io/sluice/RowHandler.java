package io.sluice;

/** Consumes rows one at a time. The row is valid only during the call: copy what you keep. */
@FunctionalInterface
public interface RowHandler {
    void handle(Row row);
}
