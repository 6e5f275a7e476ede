package io.sluice.kv.internal;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Asks Linux to back a segment's mapping with 2 MiB pages ({@code madvise(MADV_HUGEPAGE)}), through
 * the FFM linker. Only when the JVM lets this module call native code ({@code --enable-native-access},
 * see {@link Module#isNativeAccessEnabled()}); otherwise, and on other systems, it does nothing and
 * the kernel chooses page sizes itself. Never required for correctness: it changes how the page cache
 * maps the file, not what the file holds.
 */
final class MappingAdvice {
    private static final int MADV_HUGEPAGE = 14;
    private static final MethodHandle MADVISE = madvise();

    private MappingAdvice() {}

    /** Advises huge pages for {@code map}; a refusal (old kernel, no THP) is ignored. */
    static void hugePages(MemorySegment map) {
        if (MADVISE == null || map.byteSize() < 2L << 20) {
            return;
        }
        try {
            int ignored = (int) MADVISE.invokeExact(map, map.byteSize(), MADV_HUGEPAGE);
        } catch (Throwable t) {
            // advice only
        }
    }

    private static MethodHandle madvise() {
        if (!System.getProperty("os.name", "").equals("Linux")
                || !MappingAdvice.class.getModule().isNativeAccessEnabled()) {
            return null;
        }
        try {
            Linker linker = Linker.nativeLinker();
            return linker.defaultLookup()
                    .find("madvise")
                    .map(f -> linker.downcallHandle(
                            f,
                            FunctionDescriptor.of(
                                    ValueLayout.JAVA_INT,
                                    ValueLayout.ADDRESS,
                                    ValueLayout.JAVA_LONG,
                                    ValueLayout.JAVA_INT)))
                    .orElse(null);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
