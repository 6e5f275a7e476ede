package io.sluice.bench.report;

import io.sluice.bench.BenchArgs;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The facts every published figure must name: CPU, cores, JDK, OS, the peers' versions, the mode,
 * the date and the exact command.
 */
public record RunInfo(Map<String, String> facts) {

    /** Maven coordinates (groupId/artifactId) of the peers whose versions the report names. */
    private static final String[][] PEERS = {
        {"org.postgresql", "postgresql", "pgjdbc"},
        {"io.vertx", "vertx-pg-client", "vertx-pg-client"},
        {"com.zaxxer", "HikariCP", "HikariCP"},
        {"org.mariadb.jdbc", "mariadb-java-client", "mariadb-connector-j"},
        {"com.mysql", "mysql-connector-j", "mysql-connector-j"},
        {"com.sleepycat", "je", "bdb-je"},
        {"com.sna-projects.krati", "krati", "krati"},
        {"net.openhft", "chronicle-map", "chronicle-map"},
        {"org.lmdbjava", "lmdbjava", "lmdbjava"},
        {"org.rocksdb", "rocksdbjni", "rocksdb"},
        {"org.mapdb", "mapdb", "mapdb"},
        {"org.openjdk.jmh", "jmh-core", "JMH"},
    };

    /** Collects the facts of this machine and run. */
    public static RunInfo collect(BenchArgs args) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("command", args.command());
        f.put("mode", args.mode().name().toLowerCase(java.util.Locale.ROOT));
        f.put("date", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        f.put("commit", System.getProperty("sluice.bench.commit", "unknown"));
        f.put("cpu", cpuModel());
        f.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        f.put(
                "jdk",
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + " ("
                        + System.getProperty("java.vm.vendor") + ")");
        f.put(
                "os",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"));
        f.put("services", args.services() == null ? "(not given: all assumed up)" : String.join(",", args.services()));
        StringBuilder peers = new StringBuilder();
        for (String[] p : PEERS) {
            String v = mavenVersion(p[0], p[1]);
            if (v == null && p[2].equals("pgjdbc")) {
                v = staticField("org.postgresql.util.DriverInfo", "DRIVER_VERSION");
            }
            if (v != null) {
                peers.append(peers.isEmpty() ? "" : ", ")
                        .append(p[2])
                        .append(' ')
                        .append(v);
            }
        }
        f.put("peers", peers.toString());
        if (args.hasService("postgres")) {
            f.put(
                    "postgresql",
                    serverVersion(
                            "jdbc:postgresql://127.0.0.1:5432/test?user=postgres&sslmode=disable" + "&connectTimeout=3",
                            "SELECT version()"));
        }
        if (args.hasService("mariadb")) {
            f.put(
                    "mariadb",
                    serverVersion(
                            "jdbc:mariadb://127.0.0.1:3306/test?user=root&connectTimeout=3000", "SELECT version()"));
        }
        return new RunInfo(f);
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux: fall through to the architecture.
        }
        return System.getProperty("os.arch");
    }

    private static String serverVersion(String url, String sql) {
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : "unknown";
        } catch (SQLException | RuntimeException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    private static String staticField(String className, String field) {
        try {
            return String.valueOf(Class.forName(className).getField(field).get(null));
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }

    /** The version in a jar's {@code META-INF/maven/.../pom.properties}, or null when it is not on the class path. */
    static String mavenVersion(String groupId, String artifactId) {
        String resource = "META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
        try (InputStream in = RunInfo.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                return null;
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            return null;
        }
    }
}
