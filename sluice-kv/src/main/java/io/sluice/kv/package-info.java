/**
 * Sluice KV: an embedded, crash-safe key-value store for Java 25, pure JDK (FFM API, no Unsafe, no JNI).
 *
 * <h2>Design</h2>
 * <ul>
 *   <li>Index: persistent linear hashing in {@code index.main}/{@code index.overflow}, memory-mapped;
 *       one 64-bit slot per key (19 hash bits | segment id | offset) published with release stores, read
 *       lock-free with acquire loads. Grows one bucket split at a time. Checked at open (checksums after a
 *       clean close, slot by slot against the log after a crash) and rebuilt from the segments when it
 *       fails; created atomically (temporary files, renamed).</li>
 *   <li>Log: append-only segment files ({@code NNNNN.seg}, 64 MiB sparse mappings), one CRC32C per
 *       record; atomic batches are consecutive records framed by a remaining-count.</li>
 *   <li>One writer at a time (a lock): log order = recovery order; one fsync covers all earlier writes.
 *       The maintenance thread creates the next segment ahead of time and a pre-fault thread faults in
 *       the pages ahead of the append position (every 5 ms, apart from checkpoints and compaction), so the
 *       writer neither waits for a file creation nor takes page faults; fsyncs cover only the written
 *       range, so they leave those pages writable.</li>
 *   <li>Page size: with native access, segments whose pages are never forced piecemeal (compaction
 *       output; the log when the store's durability is NONE or OS_BUFFERED) are mapped with 2 MiB pages
 *       ({@code madvise(MADV_HUGEPAGE)} through the FFM linker): fewer faults for the appender, fewer TLB
 *       misses for readers. A forced huge page is written back whole, so a log forced per write keeps
 *       4 KiB pages ({@link io.sluice.kv.KvOptions#hugePages()}).</li>
 *   <li>Durability per write: NONE/OS_BUFFERED (page cache; survives a process crash), GROUP_COMMIT
 *       (fsync within about 1 ms, {@code awaitDurable}), SYNC.</li>
 *   <li>Checkpoints every 64 MiB of log bound the redo tail replayed after a process crash; they force
 *       nothing (the page cache survives a process crash). Once writes pause for 100 ms after at least
 *       4 MiB of log, the log and the index are forced. After an OS crash (other kernel boot id) the
 *       index is rebuilt from the segments, and the log ends at its first record that is not whole.</li>
 *   <li>Faults: a damaged record is reported ({@link io.sluice.kv.KvCorruptionException}), never read
 *       as absent or as another value; a full disk is a {@link io.sluice.kv.KvException} before anything
 *       is stored (the appender stores only into pages with disk space behind them). README.md tabulates
 *       each kind of damage and its outcome.</li>
 *   <li>Background compaction checks every record in a heap stage, writes the survivors to new
 *       segments through the file and installs them with a CAS on the index slot; keeps log bytes
 *       within {@code maxDiskRatio} (1.3) of live bytes.</li>
 * </ul>
 *
 * <h2>Benchmark</h2>
 * {@code bin/bench --suite kv-seed} (quick: 100,000 keys) and {@code bin/bench --full --suite kv-seed}
 * (1,000,000 keys of 30-36 bytes, values 500-2000 bytes), each store in its own JVM: see
 * {@code io.sluice.bench.kv}. Crash test: {@code bin/kv-crash-test 1000}; damage suite:
 * {@code bin/kv-damage-test 100}.
 */
package io.sluice.kv;
