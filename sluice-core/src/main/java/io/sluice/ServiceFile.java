package io.sluice;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * libpq's connection service file: {@code [name]} sections of {@code keyword=value} lines, selected
 * by the URL key {@code service} or {@code PGSERVICE}. The file is the URL key {@code servicefile}
 * (as in libpq 18), else {@code PGSERVICEFILE}, else {@code ~/.pg_service.conf}; a service it does
 * not define is looked up in {@code pg_service.conf} of {@code PGSYSCONFDIR}, else of
 * {@code /etc/postgresql-common} (where Debian's libpq looks). Lines starting with {@code #} are
 * comments; spaces around keyword and value are dropped.
 *
 * @see <a href="https://www.postgresql.org/docs/current/libpq-pgservice.html">The Connection Service File</a>
 */
final class ServiceFile {
    private static final Path DEFAULT_SYSCONFDIR = Path.of("/etc/postgresql-common");

    private ServiceFile() {}

    /**
     * The settings of {@code service}, in file order.
     *
     * @param serviceFile the URL's {@code servicefile}, or null
     * @throws ConfigurationException if no file defines the service, or a line is malformed
     */
    static Map<String, String> settings(String service, String serviceFile, Map<String, String> env) {
        Path user = serviceFile != null
                ? Path.of(serviceFile)
                : env.get("PGSERVICEFILE") != null
                        ? Path.of(env.get("PGSERVICEFILE"))
                        : Path.of(System.getProperty("user.home"), ".pg_service.conf");
        String sysconf = env.get("PGSYSCONFDIR");
        Path system = (sysconf != null ? Path.of(sysconf) : DEFAULT_SYSCONFDIR).resolve("pg_service.conf");
        List<Path> files = List.of(user, system);
        for (Path file : files) {
            Map<String, String> found = read(file, service);
            if (found != null) {
                return found;
            }
        }
        throw new ConfigurationException("definition of service \"" + service + "\" not found: searched=" + files);
    }

    /** The service's settings in {@code file}, or null if the file is missing or does not define it. */
    private static Map<String, String> read(Path file, String service) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read service file " + file, e);
        }
        Map<String, String> settings = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("[")) {
                if (settings != null) {
                    break; // the next section: the service ends here
                }
                if (line.endsWith("]")
                        && line.substring(1, line.length() - 1).strip().equals(service)) {
                    settings = new LinkedHashMap<>();
                }
                continue;
            }
            if (settings == null) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new ConfigurationException(
                        "syntax error in service file " + file + ", line " + (i + 1) + ": expected keyword=value");
            }
            String key = line.substring(0, eq).strip();
            if (key.equals("service") || key.equals("servicefile")) {
                throw new ConfigurationException(
                        "nested service specifications not supported in service file " + file + ", line " + (i + 1));
            }
            settings.putIfAbsent(key, line.substring(eq + 1).strip());
        }
        return settings;
    }
}
