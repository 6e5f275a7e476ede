package io.sluice.kv;

import java.nio.file.Path;

/**
 * A file of the store failed a checksum or structural check. Carries the file and the byte offset, so
 * an operator can inspect it; the store never returns data from a record that failed its check.
 */
public class KvCorruptionException extends KvException {
    private final transient Path file;
    private final long offset;

    public KvCorruptionException(String what, Path file, long offset) {
        super(what + ": file=" + file + ", offset=" + offset);
        this.file = file;
        this.offset = offset;
    }

    /** The file that failed its check. */
    public Path file() {
        return file;
    }

    /** Byte offset inside {@link #file()} of the bad record or header. */
    public long offset() {
        return offset;
    }
}
