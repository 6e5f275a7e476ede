package io.sluice.kv;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/** Random put/delete/get/batch/compact/reopen sequences against a HashMap model, on real files. */
class KvModelPropertyTest {

    enum Kind {
        PUT,
        DELETE,
        GET,
        BATCH,
        REOPEN,
        COMPACT,
        SNAPSHOT
    }

    record Op(Kind kind, int key, int size) {}

    @Provide
    Arbitrary<List<Op>> ops() {
        Arbitrary<Kind> kinds = Arbitraries.frequencyOf(
                Tuple.of(40, Arbitraries.just(Kind.PUT)),
                Tuple.of(12, Arbitraries.just(Kind.DELETE)),
                Tuple.of(30, Arbitraries.just(Kind.GET)),
                Tuple.of(6, Arbitraries.just(Kind.BATCH)),
                Tuple.of(3, Arbitraries.just(Kind.REOPEN)),
                Tuple.of(2, Arbitraries.just(Kind.COMPACT)),
                Tuple.of(2, Arbitraries.just(Kind.SNAPSHOT)));
        Arbitrary<Op> op = kinds.flatMap(k -> Arbitraries.integers()
                .between(0, 60)
                .flatMap(key -> Arbitraries.integers().between(0, 3000).map(size -> new Op(k, key, size))));
        return op.list().ofMinSize(1).ofMaxSize(300);
    }

    private static byte[] key(int k) {
        return ("key-" + k).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] value(int k, int size, int step) {
        byte[] v = new byte[size];
        Arrays.fill(v, (byte) (k * 31 + step));
        return v;
    }

    @Property(tries = 40)
    void shouldAgreeWithAHashMapWhenOperationsAreRandom(@ForAll("ops") List<Op> ops) throws IOException {
        Path dir = Files.createTempDirectory("kv-prop");
        KvOptions options = KvOptions.defaults()
                .withSegmentBytes(1 << 16)
                .withCheckpointBytes(1 << 16)
                .withDurability(Durability.NONE);
        Map<Integer, byte[]> model = new HashMap<>();
        KvStore kv = KvStore.open(dir, options);
        try {
            int step = 0;
            for (Op op : ops) {
                step++;
                switch (op.kind()) {
                    case PUT -> {
                        byte[] v = value(op.key(), op.size(), step);
                        kv.put(key(op.key()), v);
                        model.put(op.key(), v);
                    }
                    case DELETE -> {
                        kv.delete(key(op.key()));
                        model.remove(op.key());
                    }
                    case GET -> assertThat(kv.get(key(op.key()))).isEqualTo(model.get(op.key()));
                    case BATCH -> {
                        WriteBatch b = new WriteBatch();
                        byte[] v = value(op.key(), op.size() % 100, step);
                        b.put(key(op.key()), v).delete(key(op.key() + 1)).put(key(op.key() + 2), v);
                        kv.write(b, Durability.NONE);
                        model.put(op.key(), v);
                        model.remove(op.key() + 1);
                        model.put(op.key() + 2, v);
                    }
                    case REOPEN -> {
                        kv.close();
                        kv = KvStore.open(dir, options);
                    }
                    case COMPACT -> kv.compact();
                    case SNAPSHOT -> {
                        Map<String, byte[]> seen = new HashMap<>();
                        try (KvSnapshot s = kv.snapshot()) {
                            s.forEach((k, v) -> seen.put(new String(k, StandardCharsets.UTF_8), v));
                        }
                        assertThat(seen).hasSize(model.size());
                        model.forEach((k, v) -> assertThat(seen.get("key-" + k)).isEqualTo(v));
                    }
                }
            }
            assertThat(kv.stats().keys()).isEqualTo(model.size());
            for (int k = 0; k <= 62; k++) {
                assertThat(kv.get(key(k))).as("key %d", k).isEqualTo(model.get(k));
            }
        } finally {
            kv.close();
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
