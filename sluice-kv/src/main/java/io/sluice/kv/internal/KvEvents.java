package io.sluice.kv.internal;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** JFR events of the store: enable {@code io.sluice.kv.*} in a recording to see them. */
final class KvEvents {
    private KvEvents() {}

    @Name("io.sluice.kv.Recovery")
    @Label("KV Recovery")
    @Category({"Sluice", "KV"})
    static final class Recovery extends Event {
        @Label("Directory")
        String directory;

        @Label("Records Replayed")
        long records;

        @Label("Full Rebuild")
        boolean fullRebuild;

        @Label("Damage Repaired")
        String damageRepaired;
    }

    @Name("io.sluice.kv.Checkpoint")
    @Label("KV Checkpoint")
    @Category({"Sluice", "KV"})
    static final class Checkpoint extends Event {
        @Label("Sequence")
        long sequence;

        @Label("Segment")
        int segment;

        @Label("Offset")
        long offset;

        @Label("Forced")
        boolean forced;
    }

    @Name("io.sluice.kv.Compaction")
    @Label("KV Compaction")
    @Category({"Sluice", "KV"})
    static final class Compaction extends Event {
        @Label("Segment")
        int segment;

        @Label("Bytes Moved")
        @DataAmount
        long bytesMoved;

        @Label("Records Moved")
        long recordsMoved;

        @Label("Bytes Reclaimed")
        @DataAmount
        long bytesReclaimed;
    }

    @Name("io.sluice.kv.GroupCommit")
    @Label("KV Group Commit")
    @Category({"Sluice", "KV"})
    static final class GroupCommit extends Event {
        @Label("Sequence")
        long sequence;

        @Label("Segments Synced")
        int segments;
    }
}
