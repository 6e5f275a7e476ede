package io.sluice.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link KvOptions#hugePages()} against the real kernel: where the log gets 2 MiB pages, and that a
 * store whose writes are forced one by one does not (a forced huge page is written back whole). Needs
 * Linux, transparent huge pages not off, and native access (the module's surefire configuration gives it).
 */
class KvPageSizeTest {
    private static final int PUTS = 200;

    @TempDir
    Path dir;

    @Test
    void shouldMapTheLogWithHugePagesWhenItsWritesAreNotForced() throws IOException {
        assumeHugePages();
        KvOptions options = KvOptions.defaults().withDurability(Durability.NONE);
        try (KvStore kv = KvStore.open(dir, options)) {
            putAll(kv, Durability.NONE, 8 << 10); // 1.6 MB: the first 2 MiB page of the log
            assertThat(pmdMappedKib("00001.seg")).isGreaterThanOrEqualTo(2048);
            assertValues(kv, 8 << 10);
        }
        try (KvStore kv = KvStore.open(dir, options)) {
            assertValues(kv, 8 << 10);
        }
    }

    private static void assertValues(KvStore kv, int valueBytes) {
        byte[] value = value(valueBytes);
        for (int i = 0; i < PUTS; i++) {
            assertThat(kv.get(("key-" + i).getBytes())).isEqualTo(value);
        }
    }

    private static byte[] value(int valueBytes) {
        byte[] value = new byte[valueBytes];
        new Random(7).nextBytes(value);
        return value;
    }

    @Test
    void shouldWriteAboutWhatItForcesWhenEveryWriteIsForced() throws IOException {
        assumeHugePages();
        for (Durability d : List.of(Durability.SYNC, Durability.GROUP_COMMIT)) {
            Path storeDir = dir.resolve(d.name());
            try (KvStore kv = KvStore.open(storeDir, KvOptions.defaults().withDurability(d))) {
                long before = processWriteBytes();
                putAll(kv, d, 1000);
                long perPut = (processWriteBytes() - before) / PUTS;
                // 4 KiB pages: a forced put writes its page or two (~8-16 KiB measured); a 2 MiB page would be 2 MiB.
                assertThat(perPut).as("bytes written per forced put, %s", d).isLessThan(256 << 10);
            }
        }
    }

    private static void putAll(KvStore kv, Durability d, int valueBytes) {
        byte[] value = value(valueBytes);
        for (int i = 0; i < PUTS; i++) {
            kv.awaitDurable(kv.put(("key-" + i).getBytes(), value, d)); // returns at once for NONE
        }
    }

    private void assumeHugePages() throws IOException {
        Path thp = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        assumeTrue(Files.isReadable(thp) && !Files.readString(thp).contains("[never]"), "transparent huge pages off");
        assumeTrue(KvPageSizeTest.class.getModule().isNativeAccessEnabled(), "no native access");
    }

    /** FilePmdMapped of this process's mappings of {@code file} (in the test's directory), in KiB. */
    private long pmdMappedKib(String file) throws IOException {
        long kib = 0;
        boolean inFile = false;
        for (String line : Files.readAllLines(Path.of("/proc/self/smaps"))) {
            if (Character.isDigit(line.charAt(0))
                    || (line.charAt(0) >= 'a' && line.charAt(0) <= 'f') && line.contains("-")) {
                inFile = line.endsWith(dir.resolve(file).toString());
            } else if (inFile && line.startsWith("FilePmdMapped:")) {
                kib += Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        return kib;
    }

    private static long processWriteBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
            if (line.startsWith("write_bytes:")) {
                return Long.parseLong(line.substring("write_bytes:".length()).trim());
            }
        }
        throw new IllegalStateException("no write_bytes in /proc/self/io");
    }
}
