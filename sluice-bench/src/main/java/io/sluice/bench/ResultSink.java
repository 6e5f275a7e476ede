package io.sluice.bench;

/** Where a suite reports its cells. Thread-safe. */
@FunctionalInterface
public interface ResultSink {
    void accept(Cell cell);
}
