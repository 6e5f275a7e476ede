package io.sluice;

import java.util.Objects;

/**
 * One server a connection may go to: a host name, IP address or (PostgreSQL) Unix-socket directory,
 * and a port, 0 meaning the driver's default (5432, 3306).
 */
public record ServerAddress(String host, int port) {
    public ServerAddress {
        Objects.requireNonNull(host, "host");
        if (port < 0 || port > 65535) {
            throw new ConfigurationException("port out of range: host=" + host + ", port=" + port);
        }
    }

    @Override
    public String toString() {
        String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return port == 0 ? h : h + ":" + port;
    }
}
