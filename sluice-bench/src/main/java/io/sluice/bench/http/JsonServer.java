package io.sluice.bench.http;

import io.sluice.example.http.JsonHttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;

/**
 * The HTTP server the {@code http-json} suite drives, started in its own JVM: the example
 * service's {@link JsonHttpServer} (Jetty 12, handlers on virtual threads) for both stacks,
 * endpoints {@code /rows} and {@code /ldbc} answering JSON (see {@link HttpWorkload}), backed by the
 * stack named on the command line. Prints {@code READY <port>} once it listens.
 *
 * <p>Usage: {@code JsonServer --stack sluice|pgjdbc [--port 0] [--pool 64] [--host 127.0.0.1]
 * [--database test] [--user postgres]}
 */
public final class JsonServer {

    /** Runs a query with one int parameter and writes its rows as a JSON array of objects. */
    interface Stack extends AutoCloseable {
        void write(String path, int parameter, OutputStream out) throws IOException;

        @Override
        void close();
    }

    private JsonServer() {}

    public static void main(String[] args) throws Exception {
        String stackName = arg(args, "--stack", "sluice");
        int port = Integer.parseInt(arg(args, "--port", "0"));
        int poolSize = Integer.parseInt(arg(args, "--pool", "64"));
        String dbHost = arg(args, "--host", "127.0.0.1");
        String database = arg(args, "--database", "test");
        String user = arg(args, "--user", "postgres");
        Stack stack =
                switch (stackName) {
                    case "sluice" -> new SluiceJsonStack(dbHost, 5432, database, user, poolSize);
                    case "pgjdbc" -> new JdbcJsonStack(dbHost, 5432, database, user, poolSize);
                    default ->
                        throw new IllegalArgumentException(
                                "unknown stack: stack=" + stackName + ", expected sluice or pgjdbc");
                };
        JsonHttpServer server = JsonHttpServer.start(
                "127.0.0.1",
                port,
                Map.of(
                        "/rows", out -> stack.write("/rows", HttpWorkload.randomParameter("/rows"), out),
                        "/ldbc", out -> stack.write("/ldbc", HttpWorkload.randomParameter("/ldbc"), out)));
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
            try {
                server.close();
            } catch (Exception ignored) {
                // exiting anyway
            }
            stack.close();
        }));
        System.out.println("READY " + server.port());
        System.out.flush();
        Thread.currentThread().join();
    }

    private static String arg(String[] args, String name, String defaultValue) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return defaultValue;
    }
}
