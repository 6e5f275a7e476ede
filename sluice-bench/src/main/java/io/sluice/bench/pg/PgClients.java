package io.sluice.bench.pg;

/** Opens the {@link PgClient} of a system by its stable name. */
final class PgClients {
    static final String SLUICE = "sluice";
    static final String PGJDBC = "pgjdbc";
    static final String VERTX = "vertx-pg";

    private PgClients() {}

    /** Opens {@code system}'s connection to the endpoint in the system properties, named after the workload. */
    static PgClient open(String system, Workload workload) throws Exception {
        return open(system, workload, Integer.getInteger(PgEndpoint.PORT_PROPERTY, PgEndpoint.SERVER_PORT));
    }

    /** Opens {@code system}'s connection to {@code 127.0.0.1:port}, named after the workload. */
    static PgClient open(String system, Workload workload, int port) throws Exception {
        PgEndpoint endpoint = new PgEndpoint("127.0.0.1", port, workload.applicationName(system));
        return switch (system) {
            case SLUICE -> new SluiceClient(endpoint, workload);
            case PGJDBC -> new PgjdbcClient(endpoint, workload);
            case VERTX -> new VertxPgClient(endpoint, workload);
            case ObjectsFloorClient.SYSTEM -> new ObjectsFloorClient(endpoint, workload);
            default -> throw new IllegalArgumentException("unknown system: system=" + system);
        };
    }
}
