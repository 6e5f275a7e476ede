package io.sluice.bench.http;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.Executors;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The HTTP server the {@code http-json} suite drives, started in its own JVM: Jetty 12, as in the
 * PG2 seed (it also speaks the HTTP/1.0 that ab sends, which Helidon 4 refuses), with handlers run
 * on virtual threads so that blocking database calls are the natural style for both stacks;
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
        Stack stack = switch (stackName) {
            case "sluice" -> new SluiceJsonStack(dbHost, 5432, database, user, poolSize);
            case "pgjdbc" -> new JdbcJsonStack(dbHost, 5432, database, user, poolSize);
            default -> throw new IllegalArgumentException("unknown stack: stack=" + stackName + ", expected sluice or pgjdbc");
        };
        QueuedThreadPool threads = new QueuedThreadPool();
        threads.setVirtualThreadsExecutor(Executors.newVirtualThreadPerTaskExecutor());
        Server server = new Server(threads);
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        connector.setAcceptQueueSize(1024);
        server.addConnector(connector);
        server.setHandler(new JsonHandler(stack));
        server.start();
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
            try {
                server.stop();
            } catch (Exception ignored) {
                // exiting anyway
            }
            stack.close();
        }));
        System.out.println("READY " + connector.getLocalPort());
        System.out.flush();
        Thread.currentThread().join();
    }

    /** Answers {@code /rows} and {@code /ldbc} with JSON; blocking, so Jetty runs it on a virtual thread. */
    private static final class JsonHandler extends Handler.Abstract {
        private final Stack stack;

        JsonHandler(Stack stack) {
            this.stack = stack;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) throws IOException {
            String path = Request.getPathInContext(request);
            if (!path.equals("/rows") && !path.equals("/ldbc")) {
                Response.writeError(request, response, callback, 404);
                return true;
            }
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
            try (OutputStream out = Content.Sink.asOutputStream(response)) {
                stack.write(path, HttpWorkload.randomParameter(path), out);
            } catch (IOException | RuntimeException e) {
                callback.failed(e);
                return true;
            }
            callback.succeeded();
            return true;
        }
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
