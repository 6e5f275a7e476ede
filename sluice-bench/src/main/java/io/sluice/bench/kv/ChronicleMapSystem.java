package io.sluice.bench.kv;

import java.nio.file.Path;
import java.util.List;
import net.openhft.chronicle.map.ChronicleMap;

/** Chronicle Map persisted to a file; durability is left to the OS (no fsync). */
final class ChronicleMapSystem implements KvSystem {
    private ChronicleMap<byte[], byte[]> map;
    private KvData data;

    @Override
    public String name() {
        return "chronicle-map";
    }

    @Override
    public void open(Path dir, KvData data) throws Exception {
        this.data = data;
        int keys = data.keys().length;
        map = ChronicleMap.of(byte[].class, byte[].class)
                .name("seed")
                .entries(Math.max(1000, keys))
                .averageKeySize(33)
                .averageValueSize(1250)
                .createPersistedTo(dir.resolve("seed.cm").toFile());
    }

    @Override
    public void put(int key, int value) {
        map.put(data.keys()[key], data.values()[value]);
    }

    @Override
    public Reader reader() {
        return key -> { // a byte[] value cannot be read into a caller's array through ChronicleMap's API
            byte[] v = map.get(data.keys()[key]);
            return v == null ? -1 : v.length;
        };
    }

    @Override
    public void close() {
        map.close();
    }

    @Override
    public List<String> jvmFlags() {
        // Chronicle needs these on JDK 17+; they apply to its child JVM only.
        return List.of(
                "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
                "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED",
                "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
                "--add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED",
                "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
                "--add-opens=java.base/java.io=ALL-UNNAMED",
                "--add-opens=java.base/java.util=ALL-UNNAMED",
                "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow",
                "--enable-native-access=ALL-UNNAMED");
    }
}
