package io.sluice.bench.pg;

/**
 * Where the PostgreSQL benchmarks connect: the set-up's server ({@code 127.0.0.1:5432}, database
 * {@code test}, user {@code postgres}, trust) or the replay server. TLS is off for every system so
 * that they all pay the same for the wire.
 *
 * @param host            server host
 * @param port            server port
 * @param applicationName reported at startup; the replay server tells workloads apart by it
 */
public record PgEndpoint(String host, int port, String applicationName) {
    /** System property naming the port (the replay suite points the forks at its server with it). */
    public static final String PORT_PROPERTY = "sluice.bench.pg.port";

    public static final String DATABASE = "test";
    /** The set-up's PostgreSQL port. */
    public static final int SERVER_PORT = 5432;

    public static final String USER = "postgres";

    /** The set-up's server, or the port in {@link #PORT_PROPERTY}. */
    public static PgEndpoint fromProperties(String applicationName) {
        return new PgEndpoint("127.0.0.1", Integer.getInteger(PORT_PROPERTY, SERVER_PORT), applicationName);
    }

    /** The set-up's server itself, whatever {@link #PORT_PROPERTY} says (table set-up, pgbench). */
    public static PgEndpoint server(String applicationName) {
        return new PgEndpoint("127.0.0.1", SERVER_PORT, applicationName);
    }

    /** For pgjdbc. */
    public String jdbcUrl() {
        return "jdbc:postgresql://" + host + ":" + port + "/" + DATABASE + "?user=" + USER
                + "&sslmode=disable&ApplicationName=" + applicationName;
    }

    /** For Sluice. */
    public String sluiceUrl() {
        return "postgresql://" + USER + "@" + host + ":" + port + "/" + DATABASE + "?sslmode=disable&application_name="
                + applicationName;
    }
}
