package io.sluice.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/** A {@link ResultSink} that keeps every cell in arrival order. Thread-safe. */
public final class CellCollector implements ResultSink {
    private final ReentrantLock lock = new ReentrantLock();
    private final List<Cell> cells = new ArrayList<>();

    @Override
    public void accept(Cell cell) {
        lock.lock();
        try {
            cells.add(cell);
        } finally {
            lock.unlock();
        }
    }

    /** A copy of the cells reported so far. */
    public List<Cell> cells() {
        lock.lock();
        try {
            return List.copyOf(cells);
        } finally {
            lock.unlock();
        }
    }
}
