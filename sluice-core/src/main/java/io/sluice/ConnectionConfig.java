package io.sluice;

import io.sluice.types.TypeCodec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything needed to open a connection. Immutable; build one with {@link #builder(String)} or
 * parse a URL with {@link #fromUrl(String)}.
 *
 * <p>{@link #toString()} never shows the password.
 */
public final class ConnectionConfig {
    /** Default size of the per-connection statement cache. */
    public static final int DEFAULT_STATEMENT_CACHE_SIZE = 256;
    /** Default limit for establishing a connection, TLS and authentication included. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** Default time a timed-out query's server has to stop after the cancel request, before the connection is closed. */
    public static final Duration DEFAULT_CANCEL_GRACE = Duration.ofSeconds(5);
    /** Default largest server message (PostgreSQL) or logical packet (MySQL) a connection accepts: 1 GiB. */
    public static final int DEFAULT_MAX_MESSAGE_SIZE = 1 << 30;

    private final String scheme;
    private final List<ServerAddress> addresses;
    private final String database;
    private final String user;
    private final String password;
    private final SslMode sslMode;
    private final Path sslRootCert;
    private final Path sslCert;
    private final Path sslKey;
    private final String sslPassword;
    private final Duration connectTimeout;
    private final Duration queryTimeout;
    private final Duration cancelGrace;
    private final Duration socketTimeout;
    private final int maxMessageSize;
    private final int statementCacheSize;
    private final String applicationName;
    private final ServerEventListener eventListener;
    private final QueryListener queryListener;
    private final Map<String, String> properties;
    private final List<TypeCodec<?>> typeCodecs;

    private ConnectionConfig(Builder b) {
        this.scheme = b.scheme;
        this.addresses = b.addresses != null ? b.addresses : List.of(new ServerAddress(b.host, b.port));
        this.database = b.database;
        this.user = b.user;
        this.password = b.password;
        this.sslMode = b.sslMode;
        this.sslRootCert = b.sslRootCert;
        this.sslCert = b.sslCert;
        this.sslKey = b.sslKey;
        this.sslPassword = b.sslPassword;
        this.connectTimeout = b.connectTimeout;
        this.queryTimeout = b.queryTimeout;
        this.cancelGrace = b.cancelGrace;
        this.socketTimeout = b.socketTimeout;
        this.maxMessageSize = b.maxMessageSize;
        this.statementCacheSize = b.statementCacheSize;
        this.applicationName = b.applicationName;
        this.eventListener = b.eventListener;
        this.queryListener = b.queryListener;
        this.properties = Collections.unmodifiableMap(new LinkedHashMap<>(b.properties));
        this.typeCodecs = List.copyOf(b.typeCodecs);
    }

    /**
     * Parses {@code scheme://user:password@host:port/database?key=value&...}, reading PostgreSQL's
     * libpq environment variables (PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD, PGPASSFILE,
     * PGSSLMODE, PGSSLROOTCERT, PGSSLCERT, PGSSLKEY, PGCHANNELBINDING, PGOPTIONS, PGAPPNAME,
     * PGCONNECT_TIMEOUT) and libpq's connection service file ({@code service}, PGSERVICE) for
     * whatever a {@code postgresql://} URL leaves out.
     * See {@link ConnectionUrl} for the recognised query keys.
     */
    public static ConnectionConfig fromUrl(String url) {
        return ConnectionUrl.parse(url, System.getenv());
    }

    /** A builder for the driver serving {@code scheme} ({@code postgresql}, {@code mysql}, {@code mariadb}). */
    public static Builder builder(String scheme) {
        return new Builder(scheme);
    }

    /** A builder preset with this configuration's values. */
    public Builder toBuilder() {
        Builder b = new Builder(scheme);
        b.host = host();
        b.port = port();
        b.addresses = addresses.size() > 1 ? addresses : null;
        b.database = database;
        b.user = user;
        b.password = password;
        b.sslMode = sslMode;
        b.sslRootCert = sslRootCert;
        b.sslCert = sslCert;
        b.sslKey = sslKey;
        b.sslPassword = sslPassword;
        b.connectTimeout = connectTimeout;
        b.queryTimeout = queryTimeout;
        b.cancelGrace = cancelGrace;
        b.socketTimeout = socketTimeout;
        b.maxMessageSize = maxMessageSize;
        b.statementCacheSize = statementCacheSize;
        b.applicationName = applicationName;
        b.eventListener = eventListener;
        b.queryListener = queryListener;
        b.properties.putAll(properties);
        b.typeCodecs.addAll(typeCodecs);
        return b;
    }

    public String scheme() {
        return scheme;
    }

    /** The host of the first {@linkplain #addresses() address}. */
    public String host() {
        return addresses.getFirst().host();
    }

    /** The port of the first {@linkplain #addresses() address}, or 0 for the driver's default (5432, 3306). */
    public int port() {
        return addresses.getFirst().port();
    }

    /**
     * The servers to try, in order (one unless a list was given, e.g. {@code postgresql://h1:5432,h2:5432/db}):
     * a driver connects to the first that answers and, for PostgreSQL, that matches
     * {@code target_session_attrs}; {@code load_balance_hosts=random} shuffles them per connection.
     */
    public List<ServerAddress> addresses() {
        return addresses;
    }

    public String database() {
        return database;
    }

    public String user() {
        return user;
    }

    /** The password, or null. */
    public String password() {
        return password;
    }

    public SslMode sslMode() {
        return sslMode;
    }

    /** PEM file of CA certificates trusted for verify-ca and verify-full; null means the JDK's default trust store. */
    public Path sslRootCert() {
        return sslRootCert;
    }

    /**
     * The client certificate presented when the server asks for one (PostgreSQL's {@code cert}
     * authentication, MariaDB's {@code REQUIRE X509}): a PEM file of the certificate and any
     * intermediates, with its key in {@link #sslKey()}; or a PKCS#12 file ({@code .p12}, {@code .pfx})
     * holding both. Null: no client certificate.
     */
    public Path sslCert() {
        return sslCert;
    }

    /**
     * The client certificate's private key: PEM PKCS#8 ({@code BEGIN PRIVATE KEY}, or
     * {@code BEGIN ENCRYPTED PRIVATE KEY} with {@link #sslPassword()}). Unused for a PKCS#12 {@link #sslCert()}.
     */
    public Path sslKey() {
        return sslKey;
    }

    /** The password of an encrypted {@link #sslKey()} or of a PKCS#12 {@link #sslCert()}; null when none. */
    public String sslPassword() {
        return sslPassword;
    }

    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** Default timeout of every query; {@link Duration#ZERO} means none. */
    public Duration queryTimeout() {
        return queryTimeout;
    }

    /**
     * How long the server of a query that ran past its timeout has, after the driver's cancel request, to end
     * the query. Past it the driver stops waiting: it closes the connection, marks it broken and throws
     * {@link QueryTimeoutException}, so a call with a timeout returns within timeout + grace even when the server
     * or the network has stalled.
     */
    public Duration cancelGrace() {
        return cancelGrace;
    }

    /**
     * Longest silence tolerated while the driver waits for bytes the server owes it (pgjdbc's
     * {@code socketTimeout}); past it the connection is closed and marked broken. {@link Duration#ZERO}: no limit
     * beyond the query timeout and its {@linkplain #cancelGrace() grace}. A call waiting for a notification is not
     * subject to it.
     */
    public Duration socketTimeout() {
        return socketTimeout;
    }

    /**
     * The largest message (PostgreSQL) or logical packet (MySQL) the connection accepts from the server, in bytes;
     * a larger one is a {@link ProtocolException} and breaks the connection. Buffers grow as bytes arrive, never to a
     * declared length up front, so this bounds memory per connection, not what is allocated per message.
     */
    public int maxMessageSize() {
        return maxMessageSize;
    }

    /** How many prepared statements each connection keeps (LRU); 0 disables automatic preparation. */
    public int statementCacheSize() {
        return statementCacheSize;
    }

    public String applicationName() {
        return applicationName;
    }

    public ServerEventListener eventListener() {
        return eventListener;
    }

    /** The listener told of every query, statement and batch; {@link QueryListener#NONE} by default. */
    public QueryListener queryListener() {
        return queryListener;
    }

    /** Driver-specific settings not covered above (each driver documents its own keys). */
    public Map<String, String> properties() {
        return properties;
    }

    /**
     * The codecs for database types of the application's own, in registration order (empty by
     * default); see {@link TypeCodec}. Drivers that do not support them ignore them.
     */
    public List<TypeCodec<?>> typeCodecs() {
        return typeCodecs;
    }

    /** A driver-specific setting, or {@code defaultValue}. */
    public String property(String key, String defaultValue) {
        return properties.getOrDefault(key, defaultValue);
    }

    @Override
    public String toString() {
        StringBuilder hosts = new StringBuilder();
        for (ServerAddress a : addresses) {
            hosts.append(hosts.isEmpty() ? "" : ",").append(a);
        }
        return scheme + "://" + (user == null ? "" : user + (password == null ? "" : ":***") + "@")
                + hosts + "/" + (database == null ? "" : database)
                + "?sslmode=" + sslMode.urlName();
    }

    /** Builds a {@link ConnectionConfig}. Not thread-safe. */
    public static final class Builder {
        private final String scheme;
        private String host = "localhost";
        private int port;
        private List<ServerAddress> addresses; // null: the one server host:port
        private String database;
        private String user;
        private String password;
        private SslMode sslMode = SslMode.PREFER;
        private Path sslRootCert;
        private Path sslCert;
        private Path sslKey;
        private String sslPassword;
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        private Duration queryTimeout = Duration.ZERO;
        private Duration cancelGrace = DEFAULT_CANCEL_GRACE;
        private Duration socketTimeout = Duration.ZERO;
        private int maxMessageSize = DEFAULT_MAX_MESSAGE_SIZE;
        private int statementCacheSize = DEFAULT_STATEMENT_CACHE_SIZE;
        private String applicationName = "sluice";
        private ServerEventListener eventListener = ServerEventListener.NONE;
        private QueryListener queryListener = QueryListener.NONE;
        private final Map<String, String> properties = new LinkedHashMap<>();
        private final List<TypeCodec<?>> typeCodecs = new ArrayList<>();

        private Builder(String scheme) {
            this.scheme = Objects.requireNonNull(scheme, "scheme");
        }

        /** Connect to this one host (replacing any {@link #addresses(List)} list). */
        public Builder host(String host) {
            this.host = Objects.requireNonNull(host, "host");
            this.addresses = null;
            return this;
        }

        /** Connect on this port, 0 for the driver's default (replacing any {@link #addresses(List)} list). */
        public Builder port(int port) {
            this.port = ConfigChecks.port(port);
            this.addresses = null;
            return this;
        }

        /** The servers to try in order (see {@link ConnectionConfig#addresses()}); at least one. */
        public Builder addresses(List<ServerAddress> addresses) {
            this.addresses = ConfigChecks.addresses(addresses);
            this.host = addresses.getFirst().host();
            this.port = addresses.getFirst().port();
            return this;
        }

        public Builder database(String database) {
            this.database = database;
            return this;
        }

        public Builder user(String user) {
            this.user = user;
            return this;
        }

        public Builder password(String password) {
            this.password = password;
            return this;
        }

        public Builder sslMode(SslMode sslMode) {
            this.sslMode = Objects.requireNonNull(sslMode, "sslMode");
            return this;
        }

        public Builder sslRootCert(Path sslRootCert) {
            this.sslRootCert = sslRootCert;
            return this;
        }

        /** See {@link ConnectionConfig#sslCert()}. */
        public Builder sslCert(Path sslCert) {
            this.sslCert = sslCert;
            return this;
        }

        /** See {@link ConnectionConfig#sslKey()}. */
        public Builder sslKey(Path sslKey) {
            this.sslKey = sslKey;
            return this;
        }

        /** See {@link ConnectionConfig#sslPassword()}. */
        public Builder sslPassword(String sslPassword) {
            this.sslPassword = sslPassword;
            return this;
        }

        public Builder connectTimeout(Duration connectTimeout) {
            this.connectTimeout = ConfigChecks.nonNegative(connectTimeout, "connectTimeout");
            return this;
        }

        public Builder queryTimeout(Duration queryTimeout) {
            this.queryTimeout = ConfigChecks.nonNegative(queryTimeout, "queryTimeout");
            return this;
        }

        /** See {@link ConnectionConfig#cancelGrace()}; must be positive. */
        public Builder cancelGrace(Duration cancelGrace) {
            this.cancelGrace = ConfigChecks.positive(cancelGrace, "cancelGrace");
            return this;
        }

        /** See {@link ConnectionConfig#socketTimeout()}; zero for none. */
        public Builder socketTimeout(Duration socketTimeout) {
            this.socketTimeout = ConfigChecks.nonNegative(socketTimeout, "socketTimeout");
            return this;
        }

        /** See {@link ConnectionConfig#maxMessageSize()}; at least 64 KiB. */
        public Builder maxMessageSize(int maxMessageSize) {
            this.maxMessageSize = ConfigChecks.maxMessageSize(maxMessageSize);
            return this;
        }

        public Builder statementCacheSize(int statementCacheSize) {
            this.statementCacheSize = ConfigChecks.statementCacheSize(statementCacheSize);
            return this;
        }

        public Builder applicationName(String applicationName) {
            this.applicationName = applicationName;
            return this;
        }

        public Builder eventListener(ServerEventListener eventListener) {
            this.eventListener = Objects.requireNonNull(eventListener, "eventListener");
            return this;
        }

        /** See {@link QueryListener}; combine several with {@link QueryListener#of}. */
        public Builder queryListener(QueryListener queryListener) {
            this.queryListener = Objects.requireNonNull(queryListener, "queryListener");
            return this;
        }

        public Builder property(String key, String value) {
            properties.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /**
         * Adds a codec for a database type (see {@link TypeCodec}); a later codec for the same type
         * name replaces an earlier one.
         */
        public Builder typeCodec(TypeCodec<?> codec) {
            Objects.requireNonNull(codec, "codec");
            typeCodecs.removeIf(c -> c.typeName().equals(codec.typeName()));
            typeCodecs.add(codec);
            return this;
        }

        public ConnectionConfig build() {
            return new ConnectionConfig(this);
        }
    }
}
