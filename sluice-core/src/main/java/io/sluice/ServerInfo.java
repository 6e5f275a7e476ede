package io.sluice;

import java.util.Map;

/**
 * Facts about the server and the session.
 *
 * @param product       {@code PostgreSQL}, {@code MariaDB} or {@code MySQL}
 * @param version       the server's version string
 * @param sessionId     the backend process id (PostgreSQL) or connection id (MySQL)
 * @param parameters    server parameters reported at start-up and since (PostgreSQL ParameterStatus)
 */
public record ServerInfo(String product, String version, long sessionId, Map<String, String> parameters) {}
