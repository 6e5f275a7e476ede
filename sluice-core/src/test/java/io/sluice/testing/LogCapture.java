package io.sluice.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Captures what Sluice logs through {@link System.Logger} under one logger name while open, at every level
 * (the JDK's default backend for {@code System.Logger} is java.util.logging: DEBUG is FINE). Closing restores
 * the logger's level.
 */
public final class LogCapture implements AutoCloseable {
    private final Logger logger;
    private final Level previous;
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            records.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    private LogCapture(String name) {
        this.logger = Logger.getLogger(name);
        this.previous = logger.getLevel();
        logger.setLevel(Level.ALL);
        handler.setLevel(Level.ALL);
        logger.addHandler(handler);
    }

    /** Starts capturing logger {@code name}. */
    public static LogCapture of(String name) {
        return new LogCapture(name);
    }

    /** Every captured message with its parameters filled in, prefixed by its level: {@code FINE connection opened: ...}. */
    public List<String> lines() {
        return records.stream().map(r -> r.getLevel() + " " + format(r)).toList();
    }

    private static String format(LogRecord r) {
        String message = r.getMessage();
        Object[] params = r.getParameters();
        if (params != null && params.length > 0) {
            message = java.text.MessageFormat.format(message, params);
        }
        return r.getThrown() == null ? message : message + " " + r.getThrown();
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
        logger.setLevel(previous);
    }
}
