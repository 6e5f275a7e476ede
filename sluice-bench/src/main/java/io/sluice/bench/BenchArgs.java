package io.sluice.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The command line of {@code sluice-bench}: {@code [--smoke|--quick|--full] [--in-process] [--suite a,b]
 * [--services postgres,mariadb] [--out DIR]}.
 *
 * @param mode     run size; {@link Mode#QUICK} unless told otherwise
 * @param suites   suite names or prefixes ({@code pg-}); empty means every suite
 * @param services reachable services; null means "not given" (then every service is assumed up)
 * @param out      where the JSONL files and the reports go
 * @param command  the exact command line, for the report header (system property
 *                 {@code sluice.bench.command}, else the jar's own arguments)
 * @param inProcess run JMH cells in the bench JVM at quick timing even in {@link Mode#FULL}: the full
 *                 grid at quick precision, in minutes instead of the better part of an hour
 */
public record BenchArgs(
        Mode mode, List<String> suites, Set<String> services, Path out, String command, boolean inProcess) {

    public BenchArgs(Mode mode, List<String> suites, Set<String> services, Path out, String command) {
        this(mode, suites, services, out, command, false);
    }

    /** Parses {@code args}; throws {@link IllegalArgumentException} with a usage hint for anything unknown. */
    public static BenchArgs parse(String... args) {
        Mode mode = Mode.QUICK;
        List<String> suites = new ArrayList<>();
        Set<String> services = null;
        Path out = Path.of("bench-results");
        boolean inProcess = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--smoke" -> mode = Mode.SMOKE;
                case "--quick" -> mode = Mode.QUICK;
                case "--full" -> mode = Mode.FULL;
                case "--in-process" -> inProcess = true;
                case "--suite", "--suites" -> suites.addAll(split(value(args, ++i, arg)));
                case "--services" -> services = new LinkedHashSet<>(split(value(args, ++i, arg)));
                case "--out" -> out = Path.of(value(args, ++i, arg));
                default ->
                    throw new IllegalArgumentException(
                            "unknown argument: arg=" + arg + ", usage="
                                    + "[--smoke|--quick|--full] [--in-process] [--suite NAME|PREFIX,...] [--services postgres,mariadb] [--out DIR]");
            }
        }
        // bin/bench passes the command its user typed; its own --services argument is not part of it.
        String command = System.getProperty(
                "sluice.bench.command", "sluice-bench" + (args.length == 0 ? "" : " " + String.join(" ", args)));
        return new BenchArgs(
                mode, List.copyOf(suites), services == null ? null : Set.copyOf(services), out, command, inProcess);
    }

    /** True when {@code suiteName} was asked for (every suite when no {@code --suite} was given). */
    public boolean selects(String suiteName) {
        return suites.isEmpty() || suites.stream().anyMatch(suiteName::startsWith);
    }

    /** True when {@code service} is reachable (or when no {@code --services} list was given). */
    public boolean hasService(String service) {
        return services == null || services.contains(service);
    }

    private static String value(String[] args, int i, String flag) {
        if (i >= args.length) {
            throw new IllegalArgumentException("missing value: flag=" + flag);
        }
        return args[i];
    }

    private static List<String> split(String csv) {
        List<String> parts = new ArrayList<>();
        for (String part : csv.split(",")) {
            String p = part.strip().toLowerCase(Locale.ROOT);
            if (!p.isEmpty()) {
                parts.add(p);
            }
        }
        return parts;
    }
}
