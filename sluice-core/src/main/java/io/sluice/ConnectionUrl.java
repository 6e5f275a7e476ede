package io.sluice;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Parses connection URLs: {@code scheme://[user[:password]@]host[:port][/database][?key=value&...]}.
 * User, password and database are percent-decoded.
 *
 * <p>The authority and the {@code host} and {@code port} keys may list several servers, as in libpq
 * ({@code h1:5432,h2:5433}, or {@code ?host=h1,h2&port=5432,5433}; one port for all or one per host):
 * see {@link ConnectionConfig#addresses()}.
 *
 * <p>Recognised keys: {@code user}, {@code password} and {@code dbname} (override the user info and the
 * path, as in libpq; JDBC URLs carry user and password this way too), {@code host} and {@code port}
 * (override the authority, as in libpq; a host
 * starting with {@code /} is a PostgreSQL Unix-socket directory, which may also be written
 * percent-encoded as the URL's host), {@code sslmode}, {@code sslrootcert}, {@code sslcert},
 * {@code sslkey}, {@code sslpassword}, {@code connect_timeout}
 * (seconds), {@code query_timeout} (milliseconds), {@code cancel_grace} (milliseconds), {@code socket_timeout}
 * (seconds), {@code max_message_size} (bytes), {@code statement_cache_size}, {@code application_name};
 * any other key becomes a driver {@linkplain ConnectionConfig#properties() property} (e.g. PostgreSQL's
 * {@code passfile}, {@code options}, {@code channel_binding}, {@code target_session_attrs}). For
 * {@code postgresql://} and {@code postgres://} URLs, libpq's environment variables fill what the URL
 * leaves out (PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD, PGPASSFILE, PGSSLMODE, PGSSLROOTCERT,
 * PGSSLCERT, PGSSLKEY, PGCHANNELBINDING, PGOPTIONS, PGAPPNAME, PGCONNECT_TIMEOUT), and the database
 * defaults to the user name, as in libpq. A {@code service} (or PGSERVICE) takes its settings from
 * libpq's connection service file ({@link ServiceFile}): they outrank the environment and yield to
 * the URL, as in libpq.
 *
 * <p>Every malformed URL or value is a {@link ConfigurationException}.
 */
final class ConnectionUrl {
    /** libpq's keywords that a service file may set, and the environment variables they stand in for. */
    private static final Map<String, String> LIBPQ_ENVIRONMENT = Map.ofEntries(
            Map.entry("host", "PGHOST"),
            Map.entry("port", "PGPORT"),
            Map.entry("dbname", "PGDATABASE"),
            Map.entry("user", "PGUSER"),
            Map.entry("password", "PGPASSWORD"),
            Map.entry("passfile", "PGPASSFILE"),
            Map.entry("sslmode", "PGSSLMODE"),
            Map.entry("sslrootcert", "PGSSLROOTCERT"),
            Map.entry("sslcert", "PGSSLCERT"),
            Map.entry("sslkey", "PGSSLKEY"),
            Map.entry("channel_binding", "PGCHANNELBINDING"),
            Map.entry("options", "PGOPTIONS"),
            Map.entry("application_name", "PGAPPNAME"),
            Map.entry("connect_timeout", "PGCONNECT_TIMEOUT"));

    private ConnectionUrl() {}

    static ConnectionConfig parse(String url, Map<String, String> env) {
        int schemeEnd = url.indexOf("://");
        if (schemeEnd <= 0) {
            throw new ConfigurationException("connection URL has no scheme: expected scheme://host/database");
        }
        String scheme = url.substring(0, schemeEnd).toLowerCase(Locale.ROOT);
        boolean postgres = scheme.equals("postgresql") || scheme.equals("postgres");
        if (!postgres) {
            env = Map.of();
        }
        ConnectionConfig.Builder b = ConnectionConfig.builder(postgres ? "postgresql" : scheme);
        String rest = url.substring(schemeEnd + 3);
        String query = null;
        int q = rest.indexOf('?');
        if (q >= 0) {
            query = rest.substring(q + 1);
            rest = rest.substring(0, q);
        }
        Map<String, String> serviceSettings = Map.of();
        if (postgres) {
            String service = queryValue(query, "service");
            service = service != null ? service : env.get("PGSERVICE");
            if (service != null && !service.isEmpty()) {
                env = new HashMap<>(env);
                serviceSettings = new LinkedHashMap<>();
                for (Map.Entry<String, String> e : ServiceFile.settings(service, queryValue(query, "servicefile"), env)
                        .entrySet()) {
                    String variable = LIBPQ_ENVIRONMENT.get(e.getKey());
                    if (variable != null) {
                        env.put(variable, e.getValue()); // the service outranks the environment, as in libpq
                    } else {
                        serviceSettings.put(e.getKey(), e.getValue());
                    }
                }
            }
        }
        String path = null;
        int slash = rest.indexOf('/');
        if (slash >= 0) {
            path = rest.substring(slash + 1);
            rest = rest.substring(0, slash);
        }
        String user = env.get("PGUSER");
        String password = env.get("PGPASSWORD");
        int at = rest.lastIndexOf('@');
        if (at >= 0) {
            String userInfo = rest.substring(0, at);
            rest = rest.substring(at + 1);
            int colon = userInfo.indexOf(':');
            if (colon >= 0) {
                user = decode(userInfo.substring(0, colon));
                password = decode(userInfo.substring(colon + 1));
            } else {
                user = decode(userInfo);
            }
        }
        // As in libpq and JDBC URLs, ?user=app&password=... may stand in for (and override) the user info.
        String queryUser = queryValue(query, "user");
        user = queryUser != null ? queryUser : user;
        String queryPassword = queryValue(query, "password");
        password = queryPassword != null ? queryPassword : password;
        // Host and port may be lists (libpq): "h1:5432,h2:5433" in the authority, or ?host=h1,h2&port=5432,5433.
        String hosts = env.getOrDefault("PGHOST", "localhost");
        String ports = env.get("PGPORT");
        List<ServerAddress> authority = rest.isEmpty() ? null : authorityAddresses(rest, ports);
        String queryDatabase = queryValue(query, "dbname");
        String database = queryDatabase != null
                ? queryDatabase
                : path != null && !path.isEmpty() ? decode(path) : env.get("PGDATABASE");
        if (database == null && postgres) {
            database = user;
        }
        b.database(database).user(user).password(password);
        if (env.get("PGSSLMODE") != null) {
            b.sslMode(SslMode.parse(env.get("PGSSLMODE")));
        }
        if (env.get("PGSSLROOTCERT") != null) {
            b.sslRootCert(path("PGSSLROOTCERT", env.get("PGSSLROOTCERT")));
        }
        if (env.get("PGSSLCERT") != null) {
            b.sslCert(path("PGSSLCERT", env.get("PGSSLCERT")));
        }
        if (env.get("PGSSLKEY") != null) {
            b.sslKey(path("PGSSLKEY", env.get("PGSSLKEY")));
        }
        if (env.get("PGCHANNELBINDING") != null && postgres) {
            b.property("channel_binding", env.get("PGCHANNELBINDING"));
        }
        if (env.get("PGOPTIONS") != null && postgres) {
            b.property("options", env.get("PGOPTIONS"));
        }
        if (env.get("PGPASSFILE") != null && postgres) {
            b.property("passfile", env.get("PGPASSFILE"));
        }
        if (env.get("PGAPPNAME") != null) {
            b.applicationName(env.get("PGAPPNAME"));
        }
        if (env.get("PGCONNECT_TIMEOUT") != null) {
            b.connectTimeout(Duration.ofSeconds(parseInt("PGCONNECT_TIMEOUT", env.get("PGCONNECT_TIMEOUT"))));
        }
        serviceSettings.forEach((key, value) -> apply(b, key, value));
        String queryHosts = null;
        String queryPorts = null;
        if (query != null && !query.isEmpty()) {
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                String key = decode(eq < 0 ? pair : pair.substring(0, eq));
                String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
                switch (key) {
                    case "host" -> queryHosts = value; // libpq: ?host=/var/run/postgresql for a Unix-domain socket
                    case "port" -> queryPorts = value;
                    case "service", "servicefile", "user", "password", "dbname" -> {} // read above
                    default -> apply(b, key, value);
                }
            }
        }
        b.addresses(addresses(authority, queryHosts, queryPorts, hosts, ports));
        return b.build();
    }

    /** The value of {@code key} in a URL's query, percent-decoded; null if absent. */
    private static String queryValue(String query, String key) {
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            if (decode(eq < 0 ? pair : pair.substring(0, eq)).equals(key)) {
                return eq < 0 ? "" : decode(pair.substring(eq + 1));
            }
        }
        return null;
    }

    private static void apply(ConnectionConfig.Builder b, String key, String value) {
        switch (key) {
            case "sslmode" -> b.sslMode(SslMode.parse(value));
            case "sslrootcert" -> b.sslRootCert(path(key, value));
            case "sslcert" -> b.sslCert(path(key, value));
            case "sslkey" -> b.sslKey(path(key, value));
            case "sslpassword" -> b.sslPassword(value);
            case "connect_timeout" -> b.connectTimeout(Duration.ofSeconds(parseInt(key, value)));
            case "query_timeout" -> b.queryTimeout(Duration.ofMillis(parseInt(key, value)));
            case "cancel_grace" -> b.cancelGrace(Duration.ofMillis(parseInt(key, value)));
            case "socket_timeout" -> b.socketTimeout(Duration.ofSeconds(parseInt(key, value)));
            case "max_message_size" -> b.maxMessageSize(parseInt(key, value));
            case "statement_cache_size" -> b.statementCacheSize(parseInt(key, value));
            case "application_name" -> b.applicationName(value);
            default -> b.property(key, value);
        }
    }

    /**
     * The authority's servers: {@code host[:port]} items separated by commas, IPv6 literals in
     * brackets, hosts percent-decoded (a Unix-socket directory is written %2Fvar%2Frun%2Fpostgresql);
     * an item without a port takes {@code defaultPorts} (PGPORT) or 0.
     */
    private static List<ServerAddress> authorityAddresses(String authority, String defaultPorts) {
        List<ServerAddress> out = new ArrayList<>();
        for (String item : authority.split(",")) {
            String host;
            String port = null;
            if (item.startsWith("[")) {
                int close = item.indexOf(']');
                if (close < 0) {
                    throw new ConfigurationException("connection URL has an unclosed IPv6 literal: " + item);
                }
                host = item.substring(1, close);
                port = close + 1 < item.length() ? item.substring(close + 2) : null;
            } else {
                int colon = item.lastIndexOf(':');
                host = colon >= 0 ? item.substring(0, colon) : item;
                port = colon >= 0 ? item.substring(colon + 1) : null;
            }
            int p = port != null && !port.isEmpty()
                    ? parseInt("port", port)
                    : defaultPorts != null && !defaultPorts.isEmpty() && defaultPorts.indexOf(',') < 0
                            ? parseInt("PGPORT", defaultPorts)
                            : 0;
            out.add(new ServerAddress(decode(host), p));
        }
        return out;
    }

    /**
     * The servers: the authority's unless {@code host=} or {@code port=} override part of it, and
     * libpq's PGHOST/PGPORT ({@code envHosts}, {@code envPorts}) when the URL names no host.
     */
    private static List<ServerAddress> addresses(
            List<ServerAddress> authority, String queryHosts, String queryPorts, String envHosts, String envPorts) {
        if (authority == null) {
            return pair(queryHosts != null ? queryHosts : envHosts, queryPorts != null ? queryPorts : envPorts);
        }
        if (queryHosts == null && queryPorts == null) {
            return authority;
        }
        String h = queryHosts != null
                ? queryHosts
                : String.join(",", authority.stream().map(ServerAddress::host).toList());
        return pair(h, queryPorts != null ? queryPorts : joinPorts(authority));
    }

    private static String joinPorts(List<ServerAddress> addresses) {
        return String.join(
                ",", addresses.stream().map(a -> Integer.toString(a.port())).toList());
    }

    /** Pairs a host list with a port list as libpq does: one port for all, or one per host. */
    private static List<ServerAddress> pair(String hosts, String ports) {
        String[] h = hosts.split(",");
        String[] p = ports == null || ports.isEmpty() ? new String[0] : ports.split(",");
        if (p.length > 1 && p.length != h.length) {
            throw new ConfigurationException("connection URL lists " + h.length + " hosts but " + p.length
                    + " ports: host=" + hosts + ", port=" + ports + " (give one port for all, or one per host)");
        }
        List<ServerAddress> out = new ArrayList<>();
        for (int i = 0; i < h.length; i++) {
            String port = p.length == 0 ? "" : p[p.length == 1 ? 0 : i].trim();
            out.add(new ServerAddress(h[i].trim(), port.isEmpty() ? 0 : parseInt("port", port)));
        }
        return out;
    }

    private static Path path(String key, String value) {
        try {
            return Path.of(value);
        } catch (java.nio.file.InvalidPathException e) {
            throw new ConfigurationException("connection URL setting is not a file path: " + key + "=" + value, e);
        }
    }

    private static int parseInt(String key, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new ConfigurationException("connection URL setting is not a number: " + key + "=" + value, e);
        }
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            // The text is not shown: it may be a password.
            throw new ConfigurationException(
                    "connection URL has a malformed percent-escape (expected %XX with two hex digits)");
        }
    }
}
