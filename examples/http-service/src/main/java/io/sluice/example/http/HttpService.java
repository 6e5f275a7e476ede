package io.sluice.example.http;

import io.sluice.ConnectionConfig;
import io.sluice.json.JsonOptions;
import io.sluice.json.JsonResults;
import io.sluice.pool.ConnectionPool;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Example service: {@code GET /rows} runs a query with a random parameter through a Sluice pool and
 * streams the 500 result rows to the client as a JSON array of objects, straight from the driver's
 * receive buffer (no row objects, no maps).
 *
 * <p>Run: {@code java -jar examples/http-service/target/sluice-example-http.jar [url] [port] [poolSize]},
 * defaults {@code postgresql://postgres@127.0.0.1:5432/test?sslmode=disable}, 8080, 64.
 */
public final class HttpService {
    /** 500 generated rows of mixed types; {@code $1} shifts the values so that every response differs. */
    public static final String ROWS_SQL = """
            SELECT x AS id, 'user_' || (x + p) AS name, md5((x + p)::text) AS token,
                   (x + p) * 0.25 AS score, (x % 3 = 0) AS active,
                   timestamptz '2024-01-01 00:00:00+00' + (x + p) * interval '1 minute' AS created_at,
                   date '2024-01-01' + (x + p) % 365 AS day
            FROM (SELECT $1::int AS p) AS q, generate_series(1, 500) AS x""";

    private HttpService() {}

    public static void main(String[] args) throws Exception {
        String url = args.length > 0 ? args[0] : "postgresql://postgres@127.0.0.1:5432/test?sslmode=disable";
        int port = args.length > 1 ? Integer.parseInt(args[1]) : 8080;
        int poolSize = args.length > 2 ? Integer.parseInt(args[2]) : 64;
        ConnectionConfig config = ConnectionConfig.fromUrl(url);
        ConnectionPool pool = ConnectionPool.builder(config).maxSize(poolSize).minIdle(poolSize).build();
        JsonHttpServer server = JsonHttpServer.start("127.0.0.1", port, Map.of("/rows", out ->
                pool.useConnection(c -> JsonResults.write(c, ROWS_SQL, out, JsonOptions.DEFAULT,
                        ThreadLocalRandom.current().nextInt(1_000_000)))));
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
            try {
                server.close();
            } catch (Exception ignored) {
                // exiting anyway
            }
            pool.close();
        }));
        System.out.println("READY " + server.port());
        Thread.currentThread().join();
    }
}
