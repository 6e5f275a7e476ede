package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.address;
import static io.sluice.kv.internal.IndexDescriptor.addressOf;
import static io.sluice.kv.internal.IndexDescriptor.offsetOf;
import static io.sluice.kv.internal.IndexDescriptor.segmentOf;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * Applies the valid records recovery reads from the log to the index: {@link #replay} after a process
 * crash, {@link #rebuild} when the index is rebuilt from every segment. Both note each record in its
 * segment's sequence range and look its key up first; they differ in which record of a key wins.
 */
abstract class RecordApplier {
    final StoreEngine e;
    /** Highest sequence seen: the writer's next sequence starts above it. */
    long maxSequence;
    /** Records applied (KvStats.recoveredRecords). */
    long records;

    private RecordApplier(StoreEngine engine) {
        this.e = engine;
    }

    /** Redo after a process crash: the index is at least as new as the checkpoint; replay in log order. */
    static RecordApplier replay(StoreEngine e) {
        return new Replay(e);
    }

    /** Full rebuild: any segment order; the highest sequence per key wins, tombstones remembered. */
    static RecordApplier rebuild(StoreEngine e) {
        return new Rebuild(e);
    }

    /** Applies the whole record at {@code rec} of {@code s}. */
    final void apply(LogSegment s, long rec) {
        MemorySegment map = s.map();
        long seq = RecordDescriptor.sequence(map, rec);
        s.appended(seq, RecordDescriptor.type(map, rec));
        maxSequence = Math.max(maxSequence, seq);
        records++;
        int kl = RecordDescriptor.keyLength(map, rec);
        long ko = RecordDescriptor.keyOffset(rec);
        long current = e.index.lookup(KeyHash.hash(map, ko, kl), e.logKeys, map, ko, kl);
        apply(s, rec, seq, ko, kl, current);
    }

    /** Applies the record of sequence {@code seq} whose key is at {@code ko}; {@code current} is its key's slot, or 0. */
    abstract void apply(LogSegment s, long rec, long seq, long ko, int kl, long current);

    private static final class Replay extends RecordApplier {
        Replay(StoreEngine e) {
            super(e);
        }

        @Override
        void apply(LogSegment s, long rec, long seq, long ko, int kl, long current) {
            MemorySegment map = s.map();
            // The index survived the process crash in the page cache, so it may already hold later writes
            // of this key: replay never moves a key back to an older write. (Were the log to end early, at
            // damage, moving keys back would bring old values back; the check of every slot against the
            // log's end after replay then refuses the store instead.)
            if (current != 0) {
                LogSegment cs = e.segments.get(segmentOf(addressOf(current)));
                if (cs != null && RecordDescriptor.sequence(cs.map(), offsetOf(addressOf(current))) > seq) {
                    return;
                }
            }
            if (RecordDescriptor.type(map, rec) == RecordDescriptor.TYPE_PUT) {
                LogWriter.applyPut(e, map, ko, kl, address(s.id(), rec));
            } else {
                LogWriter.applyDelete(e, map, ko, kl);
            }
        }
    }

    private static final class Rebuild extends RecordApplier {
        private final Map<ByteBuffer, Long> tombstones = new HashMap<>();

        Rebuild(StoreEngine e) {
            super(e);
        }

        @Override
        void apply(LogSegment s, long rec, long seq, long ko, int kl, long existing) {
            MemorySegment map = s.map();
            long existingSeq = existing == 0
                    ? -1
                    : RecordDescriptor.sequence(
                            e.segments.get(segmentOf(addressOf(existing))).map(), offsetOf(addressOf(existing)));
            if (existingSeq >= seq) {
                return;
            }
            ByteBuffer key = ByteBuffer.wrap(map.asSlice(ko, kl).toArray(ValueLayout.JAVA_BYTE));
            if (RecordDescriptor.type(map, rec) == RecordDescriptor.TYPE_PUT) {
                Long dead = tombstones.get(key);
                if (dead == null || dead < seq) {
                    LogWriter.applyPut(e, map, ko, kl, address(s.id(), rec));
                }
            } else {
                tombstones.merge(key, seq, Math::max);
                if (existing != 0) {
                    LogWriter.applyDelete(e, map, ko, kl);
                }
            }
        }
    }
}
