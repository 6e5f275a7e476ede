package io.sluice.example.http;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
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
 * A minimal JSON-over-HTTP server: Jetty 12 with every request handled on its own virtual thread,
 * so handlers call the blocking Sluice API directly. Jetty rather than Helidon SE 4: Jetty also
 * speaks HTTP/1.0, which ApacheBench (the seed benchmark's load tool) sends and Helidon 4 refuses,
 * and the PG2 seed measured a Jetty server.
 */
public final class JsonHttpServer implements AutoCloseable {

    /** Writes one response body; runs on the request's virtual thread. */
    @FunctionalInterface
    public interface BodyWriter {
        void write(OutputStream out) throws IOException;
    }

    /** Bytes of a response body sent at a time (the loopback interface's MTU is 64 KiB). */
    private static final int RESPONSE_CHUNK = 64 * 1024;

    private final Server server;
    private final ServerConnector connector;

    private JsonHttpServer(Server server, ServerConnector connector) {
        this.server = server;
        this.connector = connector;
    }

    /** Starts listening on {@code host:port} (0 = any free port) with one GET route per map entry, all JSON. */
    public static JsonHttpServer start(String host, int port, Map<String, BodyWriter> routes) throws Exception {
        return start(host, port, routes, Map.of());
    }

    /**
     * {@link #start(String, int, Map)} with the content type of some routes other than JSON ({@code /metrics}'s
     * Prometheus text, say): {@code contentTypes} maps a route's path to its type.
     */
    public static JsonHttpServer start(
            String host, int port, Map<String, BodyWriter> routes, Map<String, String> contentTypes) throws Exception {
        QueuedThreadPool threads = new QueuedThreadPool();
        threads.setVirtualThreadsExecutor(Executors.newVirtualThreadPerTaskExecutor());
        Server server = new Server(threads);
        ServerConnector connector = new ServerConnector(server);
        connector.setHost(host);
        connector.setPort(port);
        connector.setAcceptQueueSize(1024);
        server.addConnector(connector);
        server.setHandler(new Routes(Map.copyOf(routes), Map.copyOf(contentTypes)));
        server.start();
        return new JsonHttpServer(server, connector);
    }

    /** The port the server listens on. */
    public int port() {
        return connector.getLocalPort();
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }

    /** Blocking handler (Jetty's default invocation type), so Jetty runs it on a virtual thread. */
    private static final class Routes extends Handler.Abstract {
        private final Map<String, BodyWriter> routes;
        private final Map<String, String> contentTypes;

        Routes(Map<String, BodyWriter> routes, Map<String, String> contentTypes) {
            this.routes = routes;
            this.contentTypes = contentTypes;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            String path = Request.getPathInContext(request);
            BodyWriter writer = routes.get(path);
            if (writer == null) {
                Response.writeError(request, response, callback, 404);
                return true;
            }
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, contentTypes.getOrDefault(path, "application/json"));
            // Jetty's sink sends every write as it comes (one syscall and one loopback segment each);
            // chunks of 64 KiB instead of a JSON writer's 8 KB cut the server's send cost several-fold.
            OutputStream out = new BufferedOutputStream(Content.Sink.asOutputStream(response), RESPONSE_CHUNK);
            try {
                writer.write(out);
                out.close(); // completes the response
            } catch (IOException | RuntimeException e) {
                // Not closed: Jetty answers 500 if nothing was sent yet, else aborts the connection, so a
                // failure is never mistaken for a complete, empty 200.
                callback.failed(e);
                return true;
            }
            callback.succeeded();
            return true;
        }
    }
}
