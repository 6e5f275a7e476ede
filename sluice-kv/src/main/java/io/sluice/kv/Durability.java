package io.sluice.kv;

/**
 * How durable a write must be, chosen per write or per batch. Every write lands in the shared OS page
 * cache through the memory-mapped log before the call returns, so every mode survives a crash of the
 * process (SIGKILL); the modes differ in when the data is forced to the disk (survives an OS crash).
 */
public enum Durability {
    /**
     * No fsync requested: the data reaches the disk when writes pause for 100 ms after a burst of at
     * least 4 MiB of log (the maintenance thread then forces the log and the index, at most once a
     * second), when the OS writes it back
     * (Linux: within {@code vm.dirty_expire_centisecs}, 30 s by default), or when a later durable write,
     * {@link KvStore#checkpoint()} or {@link KvStore#close()} forces the log. The checkpoints taken
     * every {@code checkpointBytes} while writes go on force nothing.
     */
    NONE,
    /** Same as {@link #NONE} for this log (the mapping is the OS buffer); kept for API clarity. */
    OS_BUFFERED,
    /**
     * Returns at once; the group-commit thread fsyncs within {@link KvOptions#groupCommitDelayMicros()}
     * together with every other pending write. {@link KvStore#awaitDurable(long)} waits for it.
     */
    GROUP_COMMIT,
    /** Returns after the write (and everything before it) has been fsynced. */
    SYNC
}
