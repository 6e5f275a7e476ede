package io.sluice.kv;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Opens a damaged store and classifies what it returns against the known contents
 * ({@link KvDamageSuiteTest}): every key is read, the snapshot is iterated, and a store that opened
 * takes a write, closes and opens again with every key still correct.
 */
final class KvDamageVerifier {
    private KvDamageVerifier() {}

    static KvDamageSuiteTest.Verdict check(Path dir, Map<Integer, byte[]> model) {
        try {
            KvDamageSuiteTest.Verdict first = readAll(dir, model, true);
            if (first.outcome() != KvDamageSuiteTest.Outcome.INTACT
                    && first.outcome() != KvDamageSuiteTest.Outcome.REBUILT) {
                return first;
            }
            Map<Integer, byte[]> after = new HashMap<>(model);
            after.put(-1, "after".getBytes());
            KvDamageSuiteTest.Verdict second = readAll(dir, after, false);
            if (second.outcome() != KvDamageSuiteTest.Outcome.INTACT
                    && second.outcome() != KvDamageSuiteTest.Outcome.REBUILT) {
                return new KvDamageSuiteTest.Verdict(
                        second.outcome(), "after the repair, at the next open: " + second.detail());
            }
            return first;
        } catch (KvCorruptionException e) {
            return new KvDamageSuiteTest.Verdict(KvDamageSuiteTest.Outcome.REFUSED, e.getMessage());
        } catch (RuntimeException | Error e) {
            return new KvDamageSuiteTest.Verdict(KvDamageSuiteTest.Outcome.OTHER, e.toString());
        }
    }

    private static byte[] keyOf(int k) {
        return k < 0 ? "kvfault-after".getBytes() : KvFaultImages.key(k);
    }

    /** Opens, reads every key (and the snapshot); with {@code write}, puts the key -1 durably before closing. */
    private static KvDamageSuiteTest.Verdict readAll(Path dir, Map<Integer, byte[]> model, boolean write) {
        boolean reported = false;
        StringBuilder detail = new StringBuilder();
        int lost = 0;
        int wrong = 0;
        boolean rebuilt;
        try (KvStore kv = KvStore.open(dir, KvFaultImages.options())) {
            rebuilt = kv.stats().fullRebuild();
            for (int k = -1; k < KvFaultImages.KEYS; k++) {
                byte[] expected = model.get(k);
                byte[] actual;
                try {
                    actual = kv.get(keyOf(k));
                } catch (KvCorruptionException e) {
                    reported = true;
                    continue;
                }
                if (expected != null && actual == null) {
                    lost++;
                    detail.append(" lost key=").append(k);
                } else if (!KvFaultImages.sameBytes(expected, actual)) {
                    wrong++;
                    detail.append(" wrong key=").append(k).append(" value=").append(describe(actual));
                }
            }
            Map<String, byte[]> seen = new HashMap<>();
            try (KvSnapshot s = kv.snapshot()) {
                s.forEach((key, v) -> seen.put(new String(key), v));
                for (int k = -1; k < KvFaultImages.KEYS; k++) {
                    byte[] expected = model.get(k);
                    byte[] actual = seen.get(new String(keyOf(k)));
                    if (expected != null && actual == null) {
                        lost++;
                        detail.append(" snapshot-lost key=").append(k);
                    } else if (!KvFaultImages.sameBytes(expected, actual)) {
                        wrong++;
                        detail.append(" snapshot-wrong key=").append(k);
                    }
                }
            } catch (KvCorruptionException e) {
                reported = true;
            }
            if (write && !reported) {
                kv.put(keyOf(-1), "after".getBytes(), Durability.SYNC);
            }
        }
        if (lost > 0) {
            return new KvDamageSuiteTest.Verdict(
                    KvDamageSuiteTest.Outcome.SILENT_LOSS, "lost=" + lost + " wrong=" + wrong + detail);
        }
        if (wrong > 0) {
            return new KvDamageSuiteTest.Verdict(KvDamageSuiteTest.Outcome.WRONG, "wrong=" + wrong + detail);
        }
        if (reported) {
            return new KvDamageSuiteTest.Verdict(KvDamageSuiteTest.Outcome.REFUSED, "a read reported corruption");
        }
        return new KvDamageSuiteTest.Verdict(
                rebuilt ? KvDamageSuiteTest.Outcome.REBUILT : KvDamageSuiteTest.Outcome.INTACT, "");
    }

    private static String describe(byte[] v) {
        if (v == null) {
            return "absent";
        }
        if (v.length < 8) {
            return "short";
        }
        ByteBuffer b = ByteBuffer.wrap(v);
        return "key " + b.getInt() + " step " + b.getInt();
    }
}
