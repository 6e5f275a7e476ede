package io.sluice.postgres.internal.auth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * libpq's password file, read as libpq reads it: the URL key {@code passfile}, else
 * {@code PGPASSFILE}, else {@code ~/.pgpass} ({@code %APPDATA%\postgresql\pgpass.conf} on Windows).
 * Each line is {@code hostname:port:database:username:password}; any of the first four may be
 * {@code *}; {@code \:} and {@code \\} escape a colon and a backslash; lines starting with {@code #}
 * are comments; the first line that matches wins. Where the file system has POSIX permissions, a
 * file that group or others may access is ignored, as libpq does (it must be {@code 0600} or less).
 *
 * <p>It is read only when the server asks for a password and none was given (URL or
 * {@code PGPASSWORD}), once per connection attempt, for the server being tried: a Unix-domain socket
 * in a default socket directory ({@code /tmp}, {@code /var/run/postgresql}, {@code /run/postgresql})
 * is looked up as {@code localhost}, another socket directory by its path.
 *
 * @see <a href="https://www.postgresql.org/docs/current/libpq-pgpass.html">The Password File</a>
 */
public final class PgPassFile {
    private static final Set<String> DEFAULT_SOCKET_DIRECTORIES =
            Set.of("/tmp", "/var/run/postgresql", "/run/postgresql");
    private static final Set<PosixFilePermission> GROUP_OR_OTHERS = Set.of(
            PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE,
            PosixFilePermission.OTHERS_EXECUTE);

    /**
     * What a lookup found.
     *
     * @param password the matching entry's password, or null
     * @param reason   why there is none, for the error the caller raises (null when found)
     */
    public record Lookup(String password, String reason) {}

    private final Path file;

    PgPassFile(Path file) {
        this.file = file;
    }

    /** The file the connection's properties ({@code passfile}, set from PGPASSFILE too) or the platform name. */
    public static PgPassFile of(Map<String, String> properties) {
        String configured = properties.get("passfile");
        if (configured != null && !configured.isBlank()) {
            return new PgPassFile(Path.of(configured));
        }
        String appData = System.getenv("APPDATA");
        if (System.getProperty("os.name", "").startsWith("Windows") && appData != null) {
            return new PgPassFile(Path.of(appData, "postgresql", "pgpass.conf"));
        }
        return new PgPassFile(Path.of(System.getProperty("user.home"), ".pgpass"));
    }

    public Path file() {
        return file;
    }

    /** The password for this server, database and user, or why there is none. Never throws. */
    public Lookup lookup(String host, int port, String database, String user) {
        if (!Files.exists(file)) {
            return new Lookup(null, "no password file at " + file);
        }
        if (!Files.isRegularFile(file)) {
            return new Lookup(null, "password file " + file + " ignored: not a regular file");
        }
        try {
            PosixFileAttributeView posix =
                    Files.getFileAttributeView(file, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
            if (posix != null && posix.readAttributes().permissions().stream().anyMatch(GROUP_OR_OTHERS::contains)) {
                return new Lookup(
                        null,
                        "password file " + file + " ignored: group or others may access it "
                                + "(chmod 0600, as libpq requires)");
            }
            String entryHost = lookupHost(host);
            String password = find(
                    Files.readAllLines(file, StandardCharsets.UTF_8),
                    entryHost,
                    Integer.toString(port),
                    database,
                    user);
            return password != null
                    ? new Lookup(password, null)
                    : new Lookup(
                            null,
                            "no entry of password file " + file + " matches host=" + entryHost + ", port=" + port
                                    + ", database=" + database + ", user=" + user);
        } catch (IOException | RuntimeException e) {
            return new Lookup(null, "password file " + file + " unreadable: " + e);
        }
    }

    /** libpq looks up a Unix-domain socket in the default directory as localhost. */
    static String lookupHost(String host) {
        return DEFAULT_SOCKET_DIRECTORIES.contains(host) ? "localhost" : host;
    }

    /** The password of the first line matching all four values, unescaped; null if none matches. */
    static String find(List<String> lines, String host, String port, String database, String user) {
        for (String line : lines) {
            if (line.isEmpty() || line.charAt(0) == '#') {
                continue;
            }
            int at = 0;
            for (String value : new String[] {host, port, database, user}) {
                at = matchField(line, at, value);
                if (at < 0) {
                    break;
                }
            }
            if (at >= 0) {
                return unescape(line.substring(at));
            }
        }
        return null;
    }

    /**
     * Matches the field starting at {@code at} against {@code value}: {@code *} or the value with
     * escapes removed. Returns where the next field starts, or -1 if the field does not match (or
     * the line ends before its colon).
     */
    private static int matchField(String line, int at, String value) {
        if (line.startsWith("*:", at)) {
            return at + 2;
        }
        int v = 0;
        for (int i = at; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == ':') {
                return v == value.length() ? i + 1 : -1;
            }
            if (c == '\\' && i + 1 < line.length()) {
                c = line.charAt(++i);
            }
            if (v == value.length() || value.charAt(v++) != c) {
                return -1;
            }
        }
        return -1;
    }

    private static String unescape(String field) {
        StringBuilder s = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && i + 1 < field.length()) {
                c = field.charAt(++i);
            }
            s.append(c);
        }
        return s.toString();
    }
}
