package io.sluice.bench.http;

/**
 * The queries behind the HTTP benchmark's endpoints, the same text for every stack.
 *
 * <ul>
 *   <li>{@code /rows}: 500 generated rows of mixed types, different on every request (the PG2 seed's
 *       {@code row_to_json}-style random data); {@code $1} is a random offset chosen per request.
 *   <li>{@code /ldbc}: 500 consecutive rows of the 16-column {@code http_ldbc} table from a random
 *       starting key.
 * </ul>
 */
public final class HttpWorkload {
    /** Rows per response. */
    public static final int ROWS = 500;
    /** Rows in {@code http_ldbc}; start keys are drawn from {@code [0, TABLE_ROWS - ROWS)}. */
    public static final int TABLE_ROWS = 10_000;

    /** The generated-rows query; {@code $1} is an int. */
    public static final String ROWS_SQL = io.sluice.example.http.HttpService.ROWS_SQL;

    /** The 16-column table query; {@code $1} is the exclusive start key. */
    public static final String LDBC_SQL = "SELECT * FROM http_ldbc WHERE id > $1 ORDER BY id LIMIT 500";

    /** DDL for {@code http_ldbc}: the ldbc workload's 16 columns of mixed types. */
    public static final String LDBC_DDL = """
            CREATE TABLE IF NOT EXISTS http_ldbc (
              id bigint PRIMARY KEY, c_small smallint NOT NULL, c_int integer NOT NULL, c_real real NOT NULL,
              c_double double precision NOT NULL, c_numeric numeric(10,2) NOT NULL, c_varchar varchar(64) NOT NULL,
              c_text text NOT NULL, c_date date NOT NULL, c_time time NOT NULL, c_ts timestamp NOT NULL,
              c_tstz timestamptz NOT NULL, c_bool boolean NOT NULL, c_int2 integer NOT NULL,
              c_varchar2 varchar(32) NOT NULL, c_bigint2 bigint NOT NULL)""";

    /** Fills {@code http_ldbc} with {@link #TABLE_ROWS} deterministic rows unless already full. */
    public static final String LDBC_FILL = """
            INSERT INTO http_ldbc
            SELECT g, (g % 32000)::smallint, g * 7, g / 3.0, g / 7.0, round((g * 1.37)::numeric, 2),
                   'varchar-' || g, repeat('text ', 1 + g % 8) || g, date '2020-01-01' + g % 2000,
                   time '00:00' + (g % 86400) * interval '1 second', timestamp '2020-01-01' + g * interval '1 hour',
                   timestamptz '2020-01-01 00:00+00' + g * interval '1 minute', g % 2 = 0, g % 1000,
                   'v2-' || (g % 97), g::bigint * 1000003
            FROM generate_series(1, 10000) AS g
            ON CONFLICT (id) DO NOTHING""";

    private HttpWorkload() {}

    /** The SQL for an endpoint path. */
    public static String sqlFor(String path) {
        return switch (path) {
            case "/rows" -> ROWS_SQL;
            case "/ldbc" -> LDBC_SQL;
            default ->
                throw new IllegalArgumentException("unknown endpoint: path=" + path + ", expected /rows or /ldbc");
        };
    }

    /** A random parameter for the endpoint. */
    public static int randomParameter(String path) {
        java.util.concurrent.ThreadLocalRandom r = java.util.concurrent.ThreadLocalRandom.current();
        return "/ldbc".equals(path) ? r.nextInt(TABLE_ROWS - ROWS) : r.nextInt(1_000_000);
    }
}
