package io.sluice.kv;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault-injection suite, KV damage part: for each kind of file of a store (index header, index buckets,
 * overflow buckets, checkpoint, segment header, segment records, segment tail; in cleanly closed and in
 * crash images) and each kind of damage (zeroed page, flipped bytes, truncation, deleted file,
 * half-written header), seeded and repeatable trials damage one file of a store whose contents are
 * known, open it and classify the outcome:
 * <ul>
 *   <li>intact: opened, every key correct;</li>
 *   <li>rebuilt: opened after rebuilding the index from the log, every key correct;</li>
 *   <li>refused: open, a get or a snapshot threw {@link KvCorruptionException}; every key it did return
 *       was correct;</li>
 *   <li>silent-loss: a key with a value read as absent, with no error;</li>
 *   <li>wrong: a key read with another value, or a deleted key read with one;</li>
 *   <li>other: any other exception.</li>
 * </ul>
 * A store that opened must also take a write, close, and open again with every key still correct.
 * Asserts no silent loss, no wrong value and no other exception, and prints one line per category.
 * Trials per category: {@code -Dsluice.fault.trials=N} (default 6, a few seconds in all), seed
 * {@code -Dsluice.fault.seed=S}; {@code bin/kv-damage-test N} runs the long version.
 */
@Tag("fault")
class KvDamageSuiteTest {
    @TempDir
    Path root;

    enum Outcome {
        INTACT,
        REBUILT,
        REFUSED,
        SILENT_LOSS,
        WRONG,
        OTHER
    }

    /** Damages one file of the trial's directory; returns what it did, or null when the image has no such file. */
    interface Damage {
        String apply(Path dir, Random r) throws IOException;
    }

    record Category(String name, boolean crashImage, Damage damage) {}

    private static final long INDEX_HEADER = 4096;

    static List<Category> categories() {
        List<Category> list = new ArrayList<>();
        for (boolean crash : new boolean[] {false, true}) {
            String p = crash ? "crash/" : "clean/";
            list.add(new Category(
                    p + "index-header/zeroed-page", crash, (d, r) -> zero(d.resolve("index.main"), 0, 4096)));
            list.add(new Category(
                    p + "index-header/flipped-bytes", crash, (d, r) -> flip(d.resolve("index.main"), 0, 72, r)));
            list.add(new Category(p + "index-header/half-written", crash, (d, r) -> {
                long keep = r.nextInt(72);
                return zero(d.resolve("index.main"), keep, 4096 - keep);
            }));
            list.add(new Category(
                    p + "index-header/truncation",
                    crash,
                    (d, r) -> truncate(d.resolve("index.main"), r.nextInt((int) INDEX_HEADER))));
            list.add(new Category(p + "index-buckets/zeroed-page", crash, (d, r) -> {
                long pages = (usedMainBytes(d) + 4095) / 4096;
                return zero(d.resolve("index.main"), INDEX_HEADER + 4096 * (long) r.nextInt((int) pages), 4096);
            }));
            list.add(new Category(
                    p + "index-buckets/flipped-bytes",
                    crash,
                    (d, r) -> flip(d.resolve("index.main"), INDEX_HEADER, INDEX_HEADER + usedMainBytes(d), r)));
            list.add(new Category(p + "index-buckets/truncation", crash, (d, r) -> {
                Path f = d.resolve("index.main");
                return truncate(f, INDEX_HEADER + (long) (r.nextDouble() * (KvFaultImages.size(f) - INDEX_HEADER)));
            }));
            list.add(new Category(
                    p + "index/deleted-file",
                    crash,
                    (d, r) -> delete(d.resolve(r.nextBoolean() ? "index.main" : "index.overflow"))));
            list.add(new Category(p + "index-overflow/zeroed-page", crash, (d, r) -> {
                long used = usedOverflowBytes(d);
                return zero(d.resolve("index.overflow"), 4096 * (long) r.nextInt((int) ((used + 4095) / 4096)), 4096);
            }));
            list.add(new Category(
                    p + "index-overflow/flipped-bytes",
                    crash,
                    (d, r) -> flip(d.resolve("index.overflow"), 0, usedOverflowBytes(d), r)));
            list.add(new Category(p + "index-overflow/truncation", crash, (d, r) -> {
                Path f = d.resolve("index.overflow");
                return truncate(f, (long) (r.nextDouble() * KvFaultImages.size(f)));
            }));
            list.add(new Category(
                    p + "checkpoint/flipped-bytes", crash, (d, r) -> flip(d.resolve("CHECKPOINT"), 0, 44, r)));
            list.add(new Category(
                    p + "checkpoint/truncation", crash, (d, r) -> truncate(d.resolve("CHECKPOINT"), r.nextInt(44))));
            list.add(new Category(p + "checkpoint/deleted-file", crash, (d, r) -> delete(d.resolve("CHECKPOINT"))));
            list.add(new Category(p + "segment-header/flipped-bytes", crash, (d, r) -> {
                Path s = segment(d, r, false);
                return s == null ? null : flip(s, 0, 64, r);
            }));
            list.add(new Category(p + "segment-header/half-written", crash, (d, r) -> {
                Path s = segment(d, r, false);
                long keep = r.nextInt(64);
                return s == null ? null : zero(s, keep, 64 - keep);
            }));
            list.add(new Category(p + "segment-records/zeroed-page", crash, (d, r) -> {
                Path s = segment(d, r, true);
                if (s == null) {
                    return null;
                }
                long end = KvFaultImages.recordsEnd(s);
                return zero(s, 4096 * (long) r.nextInt((int) ((end + 4095) / 4096)), 4096);
            }));
            list.add(new Category(p + "segment-records/flipped-bytes", crash, (d, r) -> {
                Path s = segment(d, r, true);
                return s == null ? null : flip(s, 64, KvFaultImages.recordsEnd(s), r);
            }));
            list.add(new Category(p + "segment-records/truncation", crash, (d, r) -> {
                Path s = segment(d, r, true);
                return s == null
                        ? null
                        : truncate(s, 64 + (long) (r.nextDouble() * (KvFaultImages.recordsEnd(s) - 64)));
            }));
            list.add(new Category(p + "segment-tail/truncation", crash, (d, r) -> {
                Path s = segment(d, r, true);
                return s == null ? null : truncate(s, KvFaultImages.recordsEnd(s) - 1 - r.nextInt(64));
            }));
            list.add(new Category(p + "segment/deleted-file", crash, (d, r) -> {
                Path s = segment(d, r, r.nextBoolean());
                return s == null ? null : delete(s);
            }));
        }
        return list;
    }

    @Test
    void shouldNeverLoseOrCorruptAnAcknowledgedWriteWhenAFileIsDamaged() throws IOException {
        int trials = Integer.getInteger("sluice.fault.trials", 6);
        long seed = Long.getLong("sluice.fault.seed", 42);
        int imagesPerKind = Math.clamp(trials / 4, 2, 25);
        Map<Boolean, List<KvFaultImages.Image>> images = new LinkedHashMap<>();
        for (boolean crash : new boolean[] {false, true}) {
            List<KvFaultImages.Image> list = new ArrayList<>();
            for (int i = 0; i < imagesPerKind; i++) {
                Path dir = root.resolve("kvfault-image-" + (crash ? "crash-" : "clean-") + i);
                list.add(KvFaultImages.build(dir, seed * 1_000_003L + i * 2L + (crash ? 1 : 0), crash));
            }
            images.put(crash, list);
        }
        Map<Outcome, Integer> total = new EnumMap<>(Outcome.class);
        List<String> failures = new ArrayList<>();
        int trialNo = 0;
        for (Category c : categories()) {
            Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
            int run = 0;
            for (int t = 0; t < trials; t++) {
                long trialSeed = seed * 31 + c.name().hashCode() * 1_000_003L + t;
                Random r = new Random(trialSeed);
                List<KvFaultImages.Image> pool = images.get(c.crashImage());
                KvFaultImages.Image image = pool.get(r.nextInt(pool.size()));
                Path dir = root.resolve("kvfault-trial-" + trialNo++);
                KvFaultImages.copyTree(image.dir(), dir);
                String what = c.damage().apply(dir, r);
                if (what == null) {
                    KvFaultImages.deleteTree(dir);
                    continue;
                }
                run++;
                Verdict v = KvDamageVerifier.check(dir, image.model());
                counts.merge(v.outcome(), 1, Integer::sum);
                total.merge(v.outcome(), 1, Integer::sum);
                if (v.outcome() == Outcome.SILENT_LOSS
                        || v.outcome() == Outcome.WRONG
                        || v.outcome() == Outcome.OTHER) {
                    failures.add(c.name() + " seed=" + trialSeed + " damage=" + what + ": " + v.detail());
                }
                KvFaultImages.deleteTree(dir);
            }
            System.out.println("kv-damage: " + c.name() + " trials=" + run + line(counts));
        }
        System.out.println("kv-damage: all trials="
                + total.values().stream().mapToInt(Integer::intValue).sum() + line(total));
        failures.stream().limit(20).forEach(f -> System.out.println("kv-damage: FAILED " + f));
        assertThat(failures).isEmpty();
        assertThat(total.getOrDefault(Outcome.REBUILT, 0)).isPositive();
        assertThat(total.getOrDefault(Outcome.REFUSED, 0)).isPositive();
    }

    private static String line(Map<Outcome, Integer> counts) {
        StringBuilder b = new StringBuilder();
        for (Outcome o : Outcome.values()) {
            b.append(' ')
                    .append(o.name().toLowerCase().replace('_', '-'))
                    .append('=')
                    .append(counts.getOrDefault(o, 0));
        }
        return b.toString();
    }

    /** The outcome of one trial, and for a failure what was seen. */
    record Verdict(Outcome outcome, String detail) {}

    // ---------------------------------------------------------------- damage helpers

    private static String zero(Path f, long offset, long length) throws IOException {
        if (!Files.exists(f)) {
            return null;
        }
        KvFaultImages.zero(f, offset, length);
        return "zero " + f.getFileName() + "[" + offset + ", +" + length + ")";
    }

    private static String flip(Path f, long from, long to, Random r) throws IOException {
        if (!Files.exists(f) || to <= from) {
            return null;
        }
        KvFaultImages.flip(f, from, to, r);
        return "flip " + f.getFileName() + " in [" + from + ", " + to + ")";
    }

    private static String truncate(Path f, long size) throws IOException {
        if (!Files.exists(f) || size >= KvFaultImages.size(f)) {
            return null;
        }
        KvFaultImages.truncate(f, size);
        return "truncate " + f.getFileName() + " to " + size;
    }

    private static String delete(Path f) throws IOException {
        return Files.deleteIfExists(f) ? "delete " + f.getFileName() : null;
    }

    /** Bytes of index.main's primary buckets in use: (initial + splits) * 64. */
    private static long usedMainBytes(Path dir) throws IOException {
        long initial = KvFaultImages.readLong(dir.resolve("index.main"), 8) >>> 32;
        long splits = KvFaultImages.readLong(dir.resolve("index.main"), 16);
        return (initial + splits) * 64;
    }

    /** Bytes of index.overflow in use: (overflowUsed + 1) * 64. */
    private static long usedOverflowBytes(Path dir) throws IOException {
        return (KvFaultImages.readLong(dir.resolve("index.main"), 24) + 1) * 64;
    }

    /** A random segment file; with {@code withRecords}, one holding records (null when there is none). */
    private static Path segment(Path dir, Random r, boolean withRecords) throws IOException {
        List<Path> candidates = new ArrayList<>();
        for (Path p : KvFaultImages.list(dir)) {
            if (p.getFileName().toString().endsWith(".seg") && (!withRecords || hasRecords(p))) {
                candidates.add(p);
            }
        }
        return candidates.isEmpty() ? null : candidates.get(r.nextInt(candidates.size()));
    }

    private static boolean hasRecords(Path segment) throws IOException {
        return KvFaultImages.size(segment) > 64
                && KvFaultImages.readLong(segment, 64 + 4) != 0; // first record's length
    }
}
